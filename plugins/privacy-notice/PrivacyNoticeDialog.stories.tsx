import type { Meta, StoryObj } from '@storybook/react-vite';
import { PrivacyNoticeDialog } from './PrivacyNoticeDialog';
import { withClientTheme } from '@portal/plugin-api/testing';

const noop = () => {};
const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

const meta = {
  title: 'Plugins/PrivacyNotice/PrivacyNoticeDialog',
  component: PrivacyNoticeDialog,
  args: { policyUrl: 'https://vendor.example/privacy', busy: false, onAcknowledge: noop },
  parameters: portal,
} satisfies Meta<typeof PrivacyNoticeDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The notice with the link to the new policy; only 'I acknowledge' ends it. */
export const Notice: Story = {};

/** The server sent no usable (http/https) address: no link. */
export const WithoutLink: Story = { args: { policyUrl: null } };

/** After 'I acknowledge', while the sign-in is repeated. */
export const Acknowledging: Story = { args: { busy: true } };

export const DarkTheme: Story = { parameters: { ...portal, theme: 'midnight' } };

/** A connected service's theme (the green partner). */
export const ClientTheme: Story = withClientTheme(Notice);
