import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type GuardContext, type HttpClient } from '@portal/plugin-api';
import { appStore, grantSession, regionAtom, storage, testDeployment, tokensAtom } from '@portal/plugin-api/testing';
import { appLaunchGuard, PROBLEM_PATH } from './guard';
import type { AppLaunch } from './launch';
import { appState } from './state';

/** The session capability the core grants the plugin in its register context. */
const session = grantSession('partner-app');
const tokens = { tokenType: 'Bearer', accessToken: 'Euw.A', refreshToken: 'Euw.R', sessionId: 'S1' };
const launch: AppLaunch = { kind: 'app', appType: 'partner_app_ios', language: undefined, appVersion: '5.0', tokens };

function context(post: HttpClient['post']): GuardContext {
  const http = { post, get: vi.fn() } as unknown as HttpClient;
  return {
    route: 'accountSetting', pathname: '/accountSetting', query: new URLSearchParams(), child: undefined,
    config: { ...testDeployment, signInPath: '/app/sign-in' }, http, viewportWidth: 375, origin: 'http://localhost', host: 'localhost',
  };
}

describe('appLaunchGuard', () => {
  beforeEach(() => {
    appState.launch = launch;
    appState.sessionError = null;
    storage.clearAllButLanguage();
  });

  it('takes over the app session once: tokens stored, region set, the server bound to the session id', async () => {
    const post = vi.fn().mockResolvedValue({ region: 'Aps', accountId: 'a1', expiresIn: 3600 });
    const onFirst = vi.fn();
    const guard = appLaunchGuard('accountSetting', onFirst, session);
    await expect(guard.run(context(post))).resolves.toEqual({ kind: 'next' });
    expect(post).toHaveBeenCalledWith('/app/session', { appType: 'partner_app_ios', sessionId: 'S1' });
    expect(appStore.get(tokensAtom)).toEqual({ tokenType: 'Bearer', accessToken: 'Euw.A', refreshToken: 'Euw.R' });
    expect(appStore.get(regionAtom)).toBe('Aps');
    expect(onFirst).toHaveBeenCalled();
    // The tokens are spent: a second entry does not call again.
    await guard.run(context(post));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a refused launch always goes to the problem screen', async () => {
    appState.launch = { kind: 'refused', reason: 'unknown', language: undefined };
    const post = vi.fn();
    await expect(appLaunchGuard('login', () => {}, session).run(context(post))).resolves.toEqual({ kind: 'redirect', to: PROBLEM_PATH, replace: true });
    expect(post).not.toHaveBeenCalled();
  });

  it('a refused session (wrong client) shows the problem screen and keeps no tokens', async () => {
    const post = vi.fn().mockRejectedValue(new ApiError(-20603, 'Unknown client', 400));
    await expect(appLaunchGuard('accountSetting', () => {}, session).run(context(post))).resolves.toEqual({ kind: 'redirect', to: PROBLEM_PATH, replace: true });
    expect(appState.sessionError).toEqual({ code: -20603, serverMessage: 'Unknown client' });
    expect(appStore.get(tokensAtom)).toBeNull();
  });

  it('an ended session (401) goes to the app sign-in, where the app takes over', async () => {
    const post = vi.fn().mockRejectedValue(new ApiError(-20651, undefined, 401));
    await expect(appLaunchGuard('accountSetting', () => {}, session).run(context(post))).resolves.toEqual({ kind: 'redirect', to: '/app/sign-in', replace: true });
    expect(appStore.get(tokensAtom)).toBeNull();
  });

  it('a reload without tokens runs on the stored session', async () => {
    appState.launch = { ...launch, tokens: undefined };
    const post = vi.fn();
    await expect(appLaunchGuard('accountSetting', () => {}, session).run(context(post))).resolves.toEqual({ kind: 'next' });
    expect(post).not.toHaveBeenCalled();
  });
});
