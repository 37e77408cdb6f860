import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addNamespace,
  currentLanguage,
  EXTERNAL_BROWSER_POINT,
  type ExtensionPoint,
  getToast,
  i18n,
  localeFile,
  SIGN_OUT_POINT,
  takeCapturedParams,
} from '@portal/plugin-api';
import { accountChanged, appStore, demoUser, grantSession, initI18n, saveTokens, stripTokensFromUrl, tokensAtom } from '@portal/plugin-api/testing';
import { startApp } from './startApp';
import { appState, bridge, setBridge } from './state';

type Contributed = { point: ExtensionPoint<unknown>; value: unknown };

function open(url: string) {
  window.history.replaceState(null, '', url);
  stripTokensFromUrl(window);
}

async function start(url: string) {
  open(url);
  const contributed: Contributed[] = [];
  const onFirst = await startApp('partner_app_android', {
    contribute: (point, value) => contributed.push({ point: point as ExtensionPoint<unknown>, value }),
    session: grantSession('partner-app'),
  });
  const signOut = contributed.find((c) => c.point.id === SIGN_OUT_POINT.id)?.value as { signOut(): Promise<boolean> } | undefined;
  const browser = contributed.find((c) => c.point.id === EXTERNAL_BROWSER_POINT.id)?.value as { open(url: string): string } | undefined;
  return { onFirst, signOut, browser };
}

const launchUrl = '/accountSetting?appType=partner_app_android&locale=de_DE&appVersion=3.2.0&accessToken=Euw.A&tokenType=Bearer&refreshToken=Euw.R&sessionId=S1';

describe('startApp', () => {
  beforeAll(async () => {
    addNamespace('partner-app', localeFile('partner-app'));
    await initI18n('en_US', ['core']);
  });
  beforeEach(() => {
    appState.launch = null;
    appState.signOut = null;
    setBridge(null);
    takeCapturedParams();
    document.cookie = 'uid_app=; Max-Age=0; Path=/';
    delete (window as unknown as Record<string, unknown>).UnifiedIdAndroid;
  });
  afterEach(() => vi.restoreAllMocks());

  it('accepts the launch: tokens gone from the URL, launch cookie without secrets, app language', async () => {
    await start(launchUrl);
    expect(window.location.search).toBe('?appType=partner_app_android&locale=de_DE&appVersion=3.2.0');
    expect(appState.launch).toMatchObject({ kind: 'app', tokens: { accessToken: 'Euw.A', sessionId: 'S1' } });
    expect(decodeURIComponent(document.cookie)).toContain('uid_app=appType=partner_app_android&locale=de_DE&appVersion=3.2.0');
    expect(document.cookie).not.toContain('Euw.');
    expect(currentLanguage()).toBe('de_DE');
  });

  it('sign-out goes through the bridge and never reports failure to the core', async () => {
    const postMessage = vi.fn();
    (window as unknown as Record<string, unknown>).UnifiedIdAndroid = { postMessage };
    const { signOut } = await start(launchUrl);
    await expect(signOut!.signOut()).resolves.toBe(true);
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toEqual({ v: 1, type: 'signOut', appType: 'partner_app_android' });
    expect(appState.signOut).toBe('sent');
  });

  it("the device's browser is the app's: a portal page goes through the bridge, without one it says so", async () => {
    const postMessage = vi.fn();
    (window as unknown as Record<string, unknown>).UnifiedIdAndroid = { postMessage };
    const { browser } = await start(launchUrl);
    const page = `${window.location.origin}/social/app-link#token=t1`;
    expect(browser!.open(page)).toBe('sent');
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toEqual({ v: 1, type: 'openExternal', appType: 'partner_app_android', url: page });
    delete (window as unknown as Record<string, unknown>).UnifiedIdAndroid;
    expect(browser!.open(page)).toBe('missing');
  });

  it('sign-out without a bridge is handled and remembered for the signed-out screen', async () => {
    const { signOut } = await start(launchUrl);
    await expect(signOut!.signOut()).resolves.toBe(true);
    expect(appState.signOut).toBe('missing');
  });

  it('an own account change asks the app to refresh; a missing bridge says so', async () => {
    const postMessage = vi.fn();
    (window as unknown as Record<string, unknown>).UnifiedIdAndroid = { postMessage };
    await start(launchUrl);
    accountChanged(demoUser);
    expect(postMessage.mock.calls.map((c) => JSON.parse(c[0] as string).type)).toContain('refreshAccount');
    delete (window as unknown as Record<string, unknown>).UnifiedIdAndroid;
    accountChanged(demoUser);
    const message = i18n.t('partner-app:bridge.refreshFailed');
    expect(message).not.toBe('bridge.refreshFailed');
    expect(getToast()).toMatchObject({ message, kind: 'warning' });
  });

  it('a refused launch keeps no session at all and forgets the launch cookie', async () => {
    saveTokens({ accessToken: 'earlier', refreshToken: 'earlier' });
    document.cookie = `uid_app=${encodeURIComponent('appType=partner_app_android')}; Path=/`;
    const { signOut, browser } = await start('/accountSetting?appType=partner_app_web&accessToken=Euw.A&refreshToken=Euw.R&sessionId=S1');
    expect(appState.launch).toMatchObject({ kind: 'refused', reason: 'unknown' });
    expect(appStore.get(tokensAtom)).toBeNull();
    expect(document.cookie).not.toContain('uid_app=');
    expect(signOut).toBeUndefined();
    expect(browser).toBeUndefined();
    expect(bridge()).toBeNull();
    expect(window.location.search).toBe('?appType=partner_app_web');
  });
});
