import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { Modal } from './Modal';
import { TextField } from './TextField';

const noop = () => {};
// Dialogs render into headlessui's portal, outside #storybook-root: screenshot the portal.
const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

const meta = {
  title: 'UI/Modal',
  component: Modal,
  args: { open: true, onClose: noop, onOk: noop },
  parameters: portal,
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = { args: { kind: 'info', description: 'Your changes take effect at the next sign-in.' } };
export const Success: Story = { args: { kind: 'success', title: 'Profile saved', description: 'Your profile has been updated.' } };
export const ErrorKind: Story = {
  args: { kind: 'error', title: 'Session timed out', description: 'Your account has been logged out. Please log in again.', okLabel: 'Sign in again', dismissible: false },
};
export const Warning: Story = {
  args: { kind: 'warning', description: 'The password reset email could not be sent.\nPlease contact support if this keeps happening.' },
};
export const Confirm: Story = {
  args: { kind: 'confirm', title: 'Remove member?', description: 'Ada Lovelace will lose access to the company.', showCancel: true, okLabel: 'Remove' },
};

export const OkLoading: Story = { args: { kind: 'confirm', description: 'Saving…', showCancel: true, okLoading: true } };

/** Not dismissible: no close button; only the acknowledge button ends it (privacy policy notice). */
export const NotDismissible: Story = {
  args: { kind: 'info', title: 'Privacy policy updated', description: 'Our privacy policy has been updated.', okLabel: 'I understand', dismissible: false },
};

export const NormalWithForm: Story = {
  args: {
    kind: 'normal',
    title: 'Invite a member',
    maxWidth: 560,
    onOk: undefined,
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button>Send invitation</Button>
      </>
    ),
    children: (
      <>
        <TextField label="Email" required defaultValue="ada@example.com" />
        <TextField label="Message" hint="Optional" />
      </>
    ),
  },
};

/** Long content scrolls inside a body whose height is derived from the window. */
export const LongContent: Story = {
  args: {
    kind: 'info',
    title: 'Terms of Use',
    children: Array.from({ length: 30 }, (_, i) => <p key={i}>Section {i + 1}. The service is provided as is, without warranty of any kind.</p>),
  },
};

/** Captcha dialog width (spec: 400 px). */
export const Narrow: Story = { args: { kind: 'normal', title: 'Security check', maxWidth: 400, children: <p>Slide to complete the puzzle.</p> } };

export const FullScreen: Story = {
  args: { kind: 'normal', title: 'Migrate your accounts', fullScreen: true, children: <p>Choose the account to keep.</p> },
};

export const NoTitleNormal: Story = { args: { kind: 'normal', children: <p>Content with a visually hidden title.</p> } };

export const RightToLeft: Story = {
  args: { kind: 'confirm', title: 'إزالة العضو؟', description: 'سيفقد العضو الوصول إلى الشركة.', showCancel: true, okLabel: 'إزالة', cancelLabel: 'إلغاء' },
  parameters: { ...portal, dir: 'rtl' },
};
