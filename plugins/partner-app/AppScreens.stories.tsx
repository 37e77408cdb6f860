import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { definePlugin, type Registry } from '@portal/plugin-api';
import { AccountShell, demoUser, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import AppProblemPage from './AppProblemPage';
import AppSignedOutPage from './AppSignedOutPage';
import partnerApp from './index';
import { appState, setBridge, type AppState } from './state';
import type { BridgeResult, NativeBridge } from './bridge';

type Loaded = { registry: Registry };

/** A bridge that answers as the story says; nothing reaches a real app. */
function storyBridge(result: BridgeResult): NativeBridge {
  return { appType: 'partner_app_android', signOut: () => result, refreshAccount: () => result, openExternal: () => result };
}

const launched: AppState['launch'] = { kind: 'app', appType: 'partner_app_android', language: 'en_US', appVersion: '3.2.0', tokens: undefined };

/** The app variant's screens, as a phone's web view shows them (Loki: 375 px is the one that matters). */
const meta: Meta = {
  title: 'Plugins/PartnerApp/AppScreens',
  // register() is not run here: it reads the real address bar and cookies.
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([{ ...partnerApp, register: undefined }], { 'partner-app': { appType: 'partner_app_android' } }) })],
  parameters: { themeOverrides: { brand: { title: 'Partner App' } } },
  render: (_args, { loaded, parameters }) => {
    const state = parameters.appState as Partial<AppState>;
    appState.launch = state.launch ?? launched;
    appState.sessionError = state.sessionError ?? null;
    appState.signOut = state.signOut ?? null;
    setBridge(storyBridge((parameters.bridge as BridgeResult | undefined) ?? 'sent'));
    return (
      <StoryPortal registry={(loaded as Loaded).registry} user={null} path={parameters.path as string}>
        {parameters.screen as ReactNode}
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

const problem = { path: '/app/problem', screen: <AppProblemPage /> };
const signedOut = { path: '/app/sign-in', screen: <AppSignedOutPage /> };

export const UnknownApp: Story = { parameters: { ...problem, appState: { launch: { kind: 'refused', reason: 'unknown', language: undefined } } } };
export const OtherApp: Story = { parameters: { ...problem, appState: { launch: { kind: 'refused', reason: 'mismatch', language: undefined } } } };
export const NotFromApp: Story = { parameters: { ...problem, appState: { launch: { kind: 'refused', reason: 'missing', language: undefined } } } };
export const IncompleteSignIn: Story = { parameters: { ...problem, appState: { launch: { kind: 'refused', reason: 'tokens', language: undefined } } } };
export const SessionRefused: Story = { parameters: { ...problem, appState: { sessionError: { code: -3090 } } } };
/** Right after sign-out: the app was told and is taking over. */
export const SignedOut: Story = { parameters: { ...signedOut, appState: { signOut: 'sent' } } };
/** Opened outside the app (no bridge): the page says what to do instead of failing. */
export const SignedOutWithoutBridge: Story = { parameters: { ...signedOut, bridge: 'missing', appState: { signOut: 'missing' } } };
export const SignedOutBridgeFailed: Story = { parameters: { ...signedOut, bridge: 'failed', appState: { signOut: 'failed' } } };
export const ProblemRightToLeft: Story = { parameters: { ...problem, dir: 'rtl', appState: { launch: { kind: 'refused', reason: 'unknown', language: undefined } } } };

/** The account pages inside the app: the app's name in the header, no footer or language menu. */
const pages = definePlugin({
  id: 'story-pages',
  menu: [
    { id: 'profile', path: 'myProfile', labelKey: 'profile:menu', order: 10 },
    { id: 'security', path: 'security', labelKey: 'security:menu', order: 20 },
    { id: 'account', path: 'account', labelKey: 'account:menu', order: 90 },
  ],
});
export const AccountShellInApp: Story = {
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([pages]) })],
  render: (_args, { loaded }) => (
    <StoryPortal registry={(loaded as Loaded).registry} user={demoUser} path="/accountSetting/myProfile" base="/accountSetting" config={{ variant: 'app' }}>
      <AccountShell>
        <section style={{ padding: 24, background: 'white', borderRadius: 16 }}>
          <h1 style={{ marginTop: 0 }}>My Profile</h1>
          <p>The profile page renders here, as on the web.</p>
        </section>
      </AccountShell>
    </StoryPortal>
  ),
};
