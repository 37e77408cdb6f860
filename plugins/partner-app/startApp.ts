import {
  type AppType,
  changeLanguage,
  EXTERNAL_BROWSER_POINT,
  type GuardContext,
  i18n,
  onAccountChanged,
  type RegisterContext,
  SIGN_OUT_POINT,
  takeCapturedParams,
  toast,
  type UserInfo,
} from '@portal/plugin-api';
import { createBridge } from './bridge';
import { listenToApp } from './incoming';
import { clearedLaunchCookie, launchCookie, readLaunch } from './launch';
import { appState, setBridge } from './state';

/**
 * Boot of the app variant, before anything renders: read the launch, keep its non-secret
 * part in the launch cookie, switch to the app's language, and wire the bridge into
 * sign-out and account changes. Returns what the first guard run finishes (it has the
 * HTTP client): listening to the app's messages.
 */
export async function startApp(served: AppType, ctx: Pick<RegisterContext<unknown>, 'contribute' | 'session'>, win: Window = window): Promise<(guard: GuardContext) => void> {
  const secure = win.location.protocol === 'https:';
  const launch = readLaunch(win.location.search, takeCapturedParams(), win.document.cookie, served);
  appState.launch = launch;
  if (launch.language) await changeLanguage(launch.language);
  await i18n.loadNamespaces('partner-app');

  if (launch.kind === 'refused') {
    // No session at all for a page the portal does not accept, not even an earlier one.
    ctx.session.forget('launch refused');
    win.document.cookie = clearedLaunchCookie(secure);
    return () => {};
  }

  win.document.cookie = launchCookie(launch, secure);
  const bridge = createBridge(launch.appType, win);
  setBridge(bridge);

  ctx.contribute(SIGN_OUT_POINT, {
    // In the app, sign-out is the app's: it signs out natively and shows its login screen.
    // The local session is cleared by the core either way; the server is not called.
    signOut: async () => {
      appState.signOut = bridge.signOut();
      return true;
    },
  });

  // A page the web view cannot show (a social provider's) goes to the device's browser through the app.
  ctx.contribute(EXTERNAL_BROWSER_POINT, { open: (url) => bridge.openExternal(url) });

  onAccountChanged(() => {
    if (bridge.refreshAccount() !== 'sent') toast(i18n.t('partner-app:bridge.refreshFailed'), 'warning');
  });

  let listening = false;
  return (guard) => {
    if (listening) return;
    listening = true;
    listenToApp(win, () => {
      // The app changed the account natively: reload it here (not an own change, so no echo).
      guard.http.get<UserInfo>('/user-info').then((user) => ctx.session.updateUser(user), () => undefined);
    });
  };
}
