import type { Meta, StoryObj } from '@storybook/react-vite';
import { LazyModalHost } from './LazyModalHost';
import { ModalHost } from './ModalHost';
import { closeAllModals, openModal, type ModalOptions } from './modalStore';

/** Opens `options` through the store before the story renders, and closes it afterwards. */
const withModal = (options: ModalOptions) => () => {
  void openModal(options);
  return () => closeAllModals();
};

const meta = {
  title: 'UI/ModalHost',
  component: ModalHost,
  parameters: { loki: { chromeSelector: '#headlessui-portal-root' } },
} satisfies Meta<typeof ModalHost>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InfoFromStore: Story = {
  beforeEach: withModal({ kind: 'info', message: 'We have sent you an activation email.' }),
};

export const ConfirmFromStore: Story = {
  beforeEach: withModal({ kind: 'confirm', title: 'Clear sessions?', message: 'All other devices will be signed out.' }),
};

export const ErrorNotDismissible: Story = {
  beforeEach: withModal({ kind: 'error', title: 'Session timed out', message: 'Your account has been logged out. Please log in again.', dismissible: false }),
};

export const NormalWithContent: Story = {
  beforeEach: withModal({ kind: 'normal', title: 'Security check', content: <p>Slide to complete the puzzle.</p>, showCancel: true, maxWidth: 400 }),
};

/** The lazy host, as the app mounts it: it fetches the dialog code once a modal is open. */
export const Lazy: Story = {
  render: () => <LazyModalHost />,
  beforeEach: withModal({ kind: 'success', message: 'Your profile has been updated.' }),
};
