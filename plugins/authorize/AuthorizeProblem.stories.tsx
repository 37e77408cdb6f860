import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { AuthorizeProblem } from './AuthorizeProblem';

/** The message as the views word it (a key of the authorize namespace). */
function Problem({ messageKey }: { messageKey: 'cryptoMissing' | 'stateMismatch' }) {
  const { t } = useTranslation('authorize');
  return <AuthorizeProblem message={t(messageKey)} />;
}

/** A hand-off that could not finish: what happened, and Start again. */
const meta = {
  title: 'Plugins/Authorize/AuthorizeProblem',
  component: Problem,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Problem>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The token page found no matching state (an old or foreign link). */
export const StateMismatch: Story = { args: { messageKey: 'stateMismatch' } };

/** No Web Crypto (the portal opened on an insecure address): PKCE cannot start. */
export const CryptoMissing: Story = { args: { messageKey: 'cryptoMissing' } };

export const DarkTheme: Story = { args: { messageKey: 'stateMismatch' }, parameters: { theme: 'midnight' } };

export const Arabic: Story = inArabic(StateMismatch);
