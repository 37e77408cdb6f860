import { useTheme } from '@emotion/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LanguageMenu } from './LanguageMenu';

/** The menu in a header bar like the login page's, with room below for the open list (at most 288 px). */
function Header({ forceOpen = false }: { forceOpen?: boolean }) {
  const theme = useTheme();
  return (
    <div css={{ minHeight: 360, background: theme.colors.background }}>
      <header css={{ display: 'flex', justifyContent: 'flex-end', padding: `${theme.space(4)} ${theme.space(5)}` }}>
        <LanguageMenu forceOpen={forceOpen} />
      </header>
    </div>
  );
}

const meta = {
  title: 'Plugins/LoginLayout/LanguageMenu',
  component: Header,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** Open: every language in its own name, the current one marked; the list scrolls. */
export const Open: Story = { args: { forceOpen: true } };

export const OpenDarkTheme: Story = { args: { forceOpen: true }, parameters: { theme: 'midnight' } };

/** Right to left: the list opens towards the inline start of the button. */
export const OpenRightToLeft: Story = { args: { forceOpen: true }, parameters: { dir: 'rtl' } };
