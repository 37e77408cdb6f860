import type { Meta, StoryObj } from '@storybook/react-vite';
import { definePlugin } from '../registry/definePlugin';
import type { Registry } from '../registry/registry';
import { testRegistry } from '../testing/portalHarness';
import { demoUser, StoryPortal } from '../testing/StoryPortal';
import { ToastHost } from '../ui/ToastHost';
import { dismissToast, toast } from '../ui/toastStore';
import { AccountShell } from './AccountShell';

const page = () => Promise.resolve({ default: () => null });
/** Stand-ins for the account plugins, so the shell shows a realistic menu. */
const menuPlugin = definePlugin({
  id: 'story-menu',
  menu: [
    { id: 'unified-id', path: 'https://id.vendor.example/', labelKey: 'account:unifiedId', order: 0 },
    { id: 'profile', path: 'myProfile', labelKey: 'profile:menu', order: 10 },
    { id: 'security', path: 'security', labelKey: 'security:menu', order: 20 },
    { id: 'company', path: 'company', labelKey: 'company:menu', order: 30 },
    { id: 'account', path: 'account', labelKey: 'account:menu', order: 90 },
  ],
  routes: [{ path: 'security', parent: 'accountSetting', view: page }],
});

type Loaded = { registry: Registry };

const meta: Meta = {
  title: 'Core/AccountShell',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([menuPlugin]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} user={demoUser} path="/accountSetting/security" base="/accountSetting">
      <AccountShell menuInitiallyOpen={parameters.menuOpen === true}>
        <section style={{ padding: 24, background: 'white', borderRadius: 16 }}>
          <h1 style={{ marginTop: 0 }}>Security</h1>
          <p>The current child page renders here.</p>
        </section>
      </AccountShell>
      {parameters.toasts === true ? <ToastHost /> : null}
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

/** At 375 px the menu folds behind a button; at 1024 and 1366 it is a side bar. */
export const Default: Story = {};
/** The phone menu unfolded (at wider screens the same as Default). */
export const MobileMenuOpen: Story = { parameters: { menuOpen: true } };
export const DarkTheme: Story = { parameters: { theme: 'midnight' } };
export const RightToLeft: Story = { parameters: { dir: 'rtl' } };

/** The deployment's logo, like the default one, shows the title: the header shows it once (themes/design.md). */
const WORDMARK =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#1258d6"/><path d="M11 10v13a9 9 0 0 0 18 0V10" fill="none" stroke="#fff" stroke-width="4"/><text x="50" y="27" font-family="sans-serif" font-size="18" font-weight="700" fill="#1d2433">Unified ID</text></svg>',
  );
export const WordmarkLogo: Story = { parameters: { themeOverrides: { brand: { logoUrl: WORDMARK, logoIncludesTitle: true } } } };

/** A toast at the top of the page's column (beside the menu from 768 px), at the top of the screen on a phone. */
export const WithToast: Story = {
  parameters: { toasts: true },
  beforeEach: () => {
    toast('Your profile has been updated.', 'success', { duration: Infinity });
    return () => dismissToast();
  },
};

/** The same in Arabic: over the page's column, beside the mirrored menu. */
export const ArabicToast: Story = {
  parameters: { toasts: true, lang: 'ar_SA' },
  beforeEach: () => {
    toast('تم تحديث ملفك الشخصي.', 'success', { duration: Infinity });
    return () => dismissToast();
  },
};
