import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToastHost } from './ToastHost';
import { dismissToast, toast, type ToastKind } from './toastStore';

/** Shows a toast that never times out (screenshots must not race the 4 s timer). */
const withToast = (message: string, kind: ToastKind) => () => {
  toast(message, kind, { duration: Infinity });
  return () => dismissToast();
};

const meta = {
  title: 'UI/Toast',
  component: ToastHost,
} satisfies Meta<typeof ToastHost>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorToast: Story = { beforeEach: withToast('Incorrect ID or password.', 'error') };
export const Success: Story = { beforeEach: withToast('Your profile has been updated.', 'success') };
export const Info: Story = { beforeEach: withToast('A verification code was sent to your email.', 'info') };
export const Warning: Story = { beforeEach: withToast('Please wait 60 seconds before requesting another reset email.', 'warning') };
export const LongMessage: Story = {
  beforeEach: withToast(
    'The verification code is invalid or no longer valid. Please resend the code and try again with the newest one you receive.',
    'error',
  ),
};
export const RightToLeft: Story = {
  beforeEach: withToast('معرف أو كلمة مرور غير صحيحة.', 'error'),
  parameters: { dir: 'rtl' },
};
