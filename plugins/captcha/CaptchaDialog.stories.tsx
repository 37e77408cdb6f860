import type { Meta, StoryObj } from '@storybook/react-vite';
import { CaptchaDialog } from './CaptchaDialog';
import { inArabic, withClientTheme } from '@portal/plugin-api/testing';

const noop = () => {};
// Dialogs render into headlessui's portal, outside #storybook-root: screenshot the portal.
const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

/**
 * The captcha dialog's states. In the portal the frame is the server's slider page; here it is
 * about:blank, so nothing loads from the network and every state comes from props.
 */
const meta = {
  title: 'Plugins/Captcha/CaptchaDialog',
  component: CaptchaDialog,
  args: { src: 'about:blank', loading: false, failures: 0, onClose: noop },
  parameters: portal,
} satisfies Meta<typeof CaptchaDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Until the frame posts 'loaded': a spinner over the (hidden) frame and a status text. */
export const Loading: Story = { args: { loading: true } };

/** The frame is ready: only the frame and the title show. */
export const Loaded: Story = {};

/** A slide that did not fit: the live region says so (the frame already shows a new puzzle). */
export const Failed: Story = { args: { failures: 1 } };

export const FailedDarkTheme: Story = { args: { failures: 2 }, parameters: { ...portal, theme: 'midnight' } };

/** A connected service's theme (the green partner): the dialog after a failed slide. */
export const ClientTheme: Story = withClientTheme(Failed);

/** In Arabic, while the frame loads: the status sits on the spinner. */
export const ArabicLoading: Story = inArabic(Loading);
