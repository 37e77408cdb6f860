import type { Meta, StoryObj } from '@storybook/react-vite';
import { definePlugin } from '../registry/definePlugin';
import type { Registry } from '../registry/registry';
import { testRegistry } from '../testing/portalHarness';
import { demoUser, StoryPortal } from '../testing/StoryPortal';
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
