import { describe, expect, it, vi } from 'vitest';
import { parseDeploymentConfig } from '../config/loadConfig';
import { ApiError } from '../http/ApiError';
import type { HttpClient } from '../http/client';
import { clearInviteRefusal, inviteRefusal, loadInvite, saveInvite } from '../session/invite';
import { appStore, saveTokens, userAtom } from '../session/session';
import { storage } from '../session/storage';
import { accountSession, alreadySignedIn, companyNeedsWideScreen, invitedRegistration, registerWithoutInvite, runGuards, CORE_GUARDS } from './coreGuards';
import type { GuardContext } from './guardTypes';

const config = parseDeploymentConfig({
  name: 't',
  api: { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } },
  officialHosts: ['id.example.com'],
  allowedRedirects: ['https://fallback.example.com'],
  plugins: {},
});

type Routes = Record<string, unknown | ((...args: unknown[]) => unknown)>;
function fakeHttp(routes: Routes, computed: Record<string, () => unknown> = {}): HttpClient & { calls: string[] } {
  const calls: string[] = [];
  const answer = async (path: string) => {
    calls.push(path);
    const r = computed[path] ? computed[path]() : routes[path];
    if (r instanceof Error) throw r;
    if (r === undefined) throw new ApiError(-10010, 'no route', 404);
    return r;
  };
  return { calls, get: vi.fn(answer), post: vi.fn(answer) } as unknown as HttpClient & { calls: string[] };
}

function ctx(search: string, http: HttpClient, extra: Partial<GuardContext> = {}): GuardContext {
  return {
    route: 'login', pathname: '/login', query: new URLSearchParams(search), child: undefined, config, http,
    viewportWidth: 1280, origin: 'https://id.example.com', host: 'id.example.com', ...extra,
  };
}

const loginGuards = CORE_GUARDS.filter((g) => g.route === 'login').sort((a, b) => a.order - b.order);

describe('/login guards', () => {
  it('replaces a register module without invite code by plain /login, keeping the session code', async () => {
    const outcome = await registerWithoutInvite.run(ctx('module=register&session_code=S', fakeHttp({})));
    expect(outcome).toEqual({ kind: 'redirect', to: '/login?session_code=S', replace: true });
  });

  it('an invitation already looked up in this tab passes without asking again', async () => {
    saveInvite({ invitedEmail: 'new@x.test', inviteCode: 'INV1', orgRegion: 'Euw', status: 'unregistered' });
    const http = fakeHttp({});
    expect(await runGuards(loginGuards, ctx('module=register&inviteCode=INV1', http))).toEqual({ kind: 'allow' });
    expect(http.calls).toEqual([]);
  });

  it('looks an invite code up: unregistered passes and is remembered for the register view', async () => {
    const http = fakeHttp({ '/orgs/members/invitations/INV2': { invitedEmail: 'b@x.test', inviteCode: 'INV2', orgRegion: 'Use', status: 'unregistered' } });
    expect(await invitedRegistration.run(ctx('module=register&inviteCode=INV2', http))).toEqual({ kind: 'allow' });
    expect(loadInvite()).toMatchObject({ invitedEmail: 'b@x.test', orgRegion: 'Use' });
  });

  it.each([
    ['an invitation registered meanwhile', { '/orgs/members/invitations/INV3': { invitedEmail: 'c@x.test', inviteCode: 'INV3', orgRegion: 'Use', status: 'registered' } }, 'registered'],
    ['an accepted invitation', { '/orgs/members/invitations/INV3': { invitedEmail: 'c@x.test', inviteCode: 'INV3', orgRegion: 'Use', status: 'accepted' } }, 'accepted'],
    ['an expired invitation', { '/orgs/members/invitations/INV3': { invitedEmail: 'c@x.test', inviteCode: 'INV3', orgRegion: 'Use', status: 'expired' } }, 'invalid'],
    ['an unknown code', { '/orgs/members/invitations/INV3': new ApiError(-40012, 'invalid', 400) }, 'invalid'],
    ['a failed look-up', { '/orgs/members/invitations/INV3': new ApiError(-1, 'network', 0) }, 'unavailable'],
    ['a rate-limited look-up', { '/orgs/members/invitations/INV3': new ApiError(-60001, 'too many', 429) }, 'unavailable'],
  ])('%s returns to sign-in with the URL replaced by /login, and says why there', async (_name, routes, reason) => {
    clearInviteRefusal();
    saveInvite({ invitedEmail: 'old@x.test', inviteCode: 'OLD', orgRegion: 'Euw', status: 'unregistered' });
    const outcome = await invitedRegistration.run(ctx('module=register&inviteCode=INV3&session_code=S', fakeHttp(routes)));
    expect(outcome).toEqual({ kind: 'redirect', to: '/login?session_code=S', replace: true });
    expect(loadInvite()).toBeNull();
    expect(inviteRefusal()).toBe(reason);
  });

  it('not signed in: passes on to the next guard (the page shows unless one objects)', async () => {
    expect(await alreadySignedIn.run(ctx('', fakeHttp({ '/logged': { loggedIn: false } })))).toEqual({ kind: 'next' });
  });

  it('signed in: goes to an allowed return_to by exact origin', async () => {
    const http = fakeHttp({ '/logged': { loggedIn: true }, '/redirect/allow-urls': { allowUrls: ['https://svc.example.com'] } });
    expect(await alreadySignedIn.run(ctx('return_to=https://svc.example.com/home', http))).toEqual({ kind: 'external', url: 'https://svc.example.com/home' });
    expect(await alreadySignedIn.run(ctx('return_to=https://fallback.example.com/x', http))).toEqual({ kind: 'external', url: 'https://fallback.example.com/x' });
  });

  it('signed in: a foreign return_to is ignored; the session code decides, then /accountSetting', async () => {
    const http = fakeHttp({
      '/logged': { loggedIn: true },
      '/redirect/allow-urls': { allowUrls: ['https://svc.example.com'] },
      '/redirect-params': { serviceUrl: 'https://svc.example.com/cb', redirectParams: { code: 'C', state: 'st' } },
    });
    expect(await alreadySignedIn.run(ctx('return_to=https://evil.test/&session_code=S', http))).toEqual({
      kind: 'external',
      url: 'https://svc.example.com/cb?code=C&state=st',
    });
    expect(await alreadySignedIn.run(ctx('return_to=https://evil.test/', http))).toEqual({ kind: 'redirect', to: '/accountSetting', replace: true });
  });

  it('signed in: a session code whose service is not allowed does not redirect there', async () => {
    const http = fakeHttp({
      '/logged': { loggedIn: true },
      '/redirect/allow-urls': { allowUrls: [] },
      '/redirect-params': { serviceUrl: 'https://evil.test/cb', redirectParams: {} },
    });
    expect(await alreadySignedIn.run(ctx('session_code=S', http))).toEqual({ kind: 'redirect', to: '/accountSetting', replace: true });
  });

  it('signed in, and the server says this login session asks for the password again: the page stays', async () => {
    const http = fakeHttp({ '/logged': { loggedIn: true, reauthenticate: true }, '/redirect-params': { serviceUrl: 'https://svc.example.com/cb', redirectParams: {} } });
    expect(await alreadySignedIn.run(ctx('session_code=S', http))).toEqual({ kind: 'allow' });
    expect(http.post).toHaveBeenCalledWith('/logged', undefined, { auth: 'none', query: { sessionCode: 'S' } });
    expect(http.calls).not.toContain('/redirect-params');
    // Without a session code nothing is asked about one.
    await alreadySignedIn.run(ctx('', fakeHttp({ '/logged': { loggedIn: true } })));
  });

  it('falls back to the deployment allow-list when the server list fails', async () => {
    const http = fakeHttp({ '/logged': { loggedIn: true }, '/redirect/allow-urls': new ApiError(-1, 'x', 500) });
    expect(await alreadySignedIn.run(ctx('return_to=https://fallback.example.com/', http))).toEqual({ kind: 'external', url: 'https://fallback.example.com/' });
  });

  it('status check failure: the official host stays, other hosts go to sign-in there', async () => {
    const http = fakeHttp({ '/logged': new ApiError(0, undefined, 0) });
    expect(await alreadySignedIn.run(ctx('session_code=S', http))).toEqual({ kind: 'allow' });
    expect(await alreadySignedIn.run(ctx('session_code=S', http, { host: 'white.label.test', origin: 'https://white.label.test' }))).toEqual({
      kind: 'external',
      url: 'https://id.example.com/login?session_code=S',
    });
  });
});

describe('/accountSetting guards', () => {
  const account = (http: HttpClient, child?: string, width = 1280) => ctx('', http, { route: 'accountSetting', pathname: '/accountSetting', child, viewportWidth: width });

  it('without tokens goes to sign-in', async () => {
    expect(await accountSession.run(account(fakeHttp({})))).toEqual({ kind: 'redirect', to: '/', replace: true });
  });

  it('validates the token, loads the user and lets the shell render', async () => {
    appStore.set(userAtom, null);
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    const user = { email: 'u@x.test', region: 'Use' };
    const http = fakeHttp({ '/token/valid': null, '/user-info': user });
    expect(await accountSession.run(account(http))).toEqual({ kind: 'next' });
    expect(http.calls).toEqual(['/token/valid', '/user-info']);
    expect(appStore.get(userAtom)).toEqual(user);
    expect(storage.get('region')).toBe('Use');
    appStore.set(userAtom, null);
  });

  it('an invalid token clears the session and goes to sign-in', async () => {
    appStore.set(userAtom, null);
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    const http = fakeHttp({ '/token/valid': new ApiError(-20651, 'invalid', 401) });
    expect(await accountSession.run(account(http))).toEqual({ kind: 'redirect', to: '/', replace: true });
    expect(storage.get('refreshToken')).toBeNull();
  });

  /** A server that answers `/token/valid` with each of `answers` in turn, then succeeds. */
  function busyServer(answers: Error[]) {
    const left = [...answers];
    return fakeHttp({ '/user-info': { email: 'u@x.test', region: 'Use' } }, {
      '/token/valid': () => {
        const next = left.shift();
        if (next) throw next;
        return null;
      },
    });
  }

  it('a check refused for now (429, the network) waits and asks again: the session stays (issue 26)', async () => {
    vi.useFakeTimers();
    try {
      appStore.set(userAtom, null);
      saveTokens({ accessToken: 'a', refreshToken: 'r' });
      const http = busyServer([new ApiError(-60001, 'slow down', 429, { retryAfterSeconds: 5 }), new ApiError(0, 'offline', 0)]);
      const outcome = accountSession.run(account(http));
      // The 429's own wait, then the second failure's back-off (2 s).
      await vi.advanceTimersByTimeAsync(5000 + 2000);
      expect(await outcome).toEqual({ kind: 'next' });
      expect(http.calls).toEqual(['/token/valid', '/token/valid', '/token/valid', '/user-info']);
      expect(storage.get('refreshToken')).toBe('r');
    } finally {
      vi.useRealTimers();
      appStore.set(userAtom, null);
    }
  });

  it('past its patience the check fails (the gate offers to try again) and keeps the tokens', async () => {
    vi.useFakeTimers();
    try {
      appStore.set(userAtom, null);
      saveTokens({ accessToken: 'a', refreshToken: 'r' });
      const http = busyServer(Array.from({ length: 10 }, () => new ApiError(-10000, 'down', 503)));
      const outcome = accountSession.run(account(http));
      const settled = expect(outcome).rejects.toMatchObject({ status: 503 });
      await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
      await settled;
      expect(storage.get('refreshToken')).toBe('r');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the company child needs at least 768 px', async () => {
    expect(await companyNeedsWideScreen.run(account(fakeHttp({}), 'company', 767))).toEqual({ kind: 'redirect', to: '/', replace: true });
    expect(await companyNeedsWideScreen.run(account(fakeHttp({}), 'company', 768))).toEqual({ kind: 'next' });
    expect(await companyNeedsWideScreen.run(account(fakeHttp({}), 'security', 375))).toEqual({ kind: 'next' });
  });
});

describe('runGuards', () => {
  it('stops at the first decisive outcome and allows when every guard passes', async () => {
    const late = { id: 'late', route: 'login' as const, order: 50, run: vi.fn(() => ({ kind: 'next' as const })) };
    const stop = { id: 'stop', route: 'login' as const, order: 10, run: () => ({ kind: 'redirect' as const, to: '/x' }) };
    expect(await runGuards([stop, late], ctx('', fakeHttp({})))).toEqual({ kind: 'redirect', to: '/x' });
    expect(late.run).not.toHaveBeenCalled();
    expect(await runGuards([late], ctx('', fakeHttp({})))).toEqual({ kind: 'allow' });
  });
});
