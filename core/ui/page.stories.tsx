import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { PageCard, ReadOnlyValue } from './page';

const meta = {
  title: 'UI/Page',
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const badge = (
  <span css={(theme) => ({ padding: '0 8px', border: `1px solid ${theme.colors.border}`, borderRadius: 999, fontSize: theme.font.sizeSm, fontWeight: 600 })}>Not certified</span>
);

/** A page's first card: its one h1, a badge, the muted line under it and its main action. */
export const PageTitle: Story = {
  render: () => (
    <div css={{ display: 'grid', gap: 24 }}>
      <PageCard level={1} id="story-page" title="Northwind Security Integrators" badge={badge} intro="Company details as your colleagues see them." actions={<Button>Invite members</Button>}>
        <ReadOnlyValue id="story-email" label="Email" value="ana.novak@partner-example.com" hint="Your sign-in address; change it under Security." />
      </PageCard>
      <PageCard id="story-section" title="Session timeout" intro="How long a sign-in lasts on a device before you must sign in again.">
        <ReadOnlyValue id="story-timeout" label="Sign me out after" value="1 day" />
      </PageCard>
    </div>
  ),
};
