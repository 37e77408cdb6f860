import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/client';
import { SIGN_OUT_POINT } from '../registry/corePoints';
import { definePlugin } from '../registry/definePlugin';
import { testRegistry } from '../testing/portalHarness';
import { onAccountChanged } from './accountChanged';
import { grantSession, portalSession, regionView, signedInAtom, storedLanguage, userView } from './grant';
import { appStore, clearSession, regionAtom, saveTokens, tokensAtom, userAtom } from './session';
import { storage } from './storage';

const user = {
  accountId: 'a1', avatar: null, id: 'u1', email: 'a@b.test', phone: null, identityProvider: 'vendorId', uuidProvider: 'x',
  firstName: 'A', lastName: 'B', region: 'Aps' as const, language: 'en_US',
};

/** The lines the capability logged (console.info in development builds). */
let logged: string[] = [];

beforeEach(() => {
  clearSession();
  vi.stubEnv('NODE_ENV', 'development');
  logged = [];
  vi.spyOn(console, 'info').mockImplementation((line: unknown) => void logged.push(String(line)));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the session capability a plugin is granted', () => {
  const session = grantSession('partner-app');

  it('signIn stores the hand-off tokens and the region, and logs it under the plugin id (no token in the log)', () => {
    session.signIn({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' }, 'Euw');
    expect(appStore.get(tokensAtom)).toEqual({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    expect(storage.get('accessToken')).toBe('acc');
    expect(appStore.get(regionAtom)).toBe('Euw');
    expect(storage.get('region')).toBe('Euw');
    expect(logged).toEqual(['[session] partner-app: signIn (region Euw)']);
    expect(logged.join()).not.toContain('acc');
  });

  it('signIn without a region leaves the region as it was; the token type defaults to Bearer', () => {
    session.signIn({ accessToken: 'acc', refreshToken: 'ref' });
    expect(appStore.get(tokensAtom)).toEqual({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    expect(appStore.get(regionAtom)).toBeNull();
    expect(logged).toEqual(['[session] partner-app: signIn']);
  });

  it('forget clears tokens, security token, user and region but keeps the language, and logs the reason', () => {
    storage.set('lang', 'de_DE');
    saveTokens({ accessToken: 'a', refreshToken: 'r', securityToken: 's' });
    session.updateUser(user);
    session.forget('launch refused');
    expect(appStore.get(tokensAtom)).toBeNull();
    expect(storage.get('securityToken')).toBeNull();
    expect(appStore.get(userAtom)).toBeNull();
    expect(appStore.get(regionAtom)).toBeNull();
    expect(storage.get('lang')).toBe('de_DE');
    expect(logged).toEqual(['[session] partner-app: updateUser (region Aps)', '[session] partner-app: forget (launch refused)']);
  });

  it('updateUser sets the user and its region; accountChanged does the same and tells the listeners', () => {
    session.updateUser(user);
    expect(appStore.get(userAtom)).toEqual(user);
    expect(appStore.get(regionAtom)).toBe('Aps');
    const heard = vi.fn();
    const stop = onAccountChanged(heard);
    session.accountChanged({ ...user, firstName: 'Z' });
    expect(appStore.get(userAtom)?.firstName).toBe('Z');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    session.accountChanged(user);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(logged).toEqual(['[session] partner-app: updateUser (region Aps)', '[session] partner-app: accountChanged', '[session] partner-app: accountChanged']);
  });

  it('confirmRegion stores a region code and ignores anything else', () => {
    session.confirmRegion('Use');
    expect(appStore.get(regionAtom)).toBe('Use');
    session.confirmRegion('Mars' as never);
    expect(appStore.get(regionAtom)).toBe('Use');
    expect(logged).toEqual(['[session] partner-app: confirmRegion (Use)', '[session] partner-app: confirmRegion (Mars)']);
  });

  it('rememberSecurityToken keeps the token; forgetSecurityToken removes it and gives it back once', () => {
    session.rememberSecurityToken('st-1');
    expect(storage.get('securityToken')).toBe('st-1');
    expect(session.forgetSecurityToken()).toBe('st-1');
    expect(storage.get('securityToken')).toBeNull();
    expect(session.forgetSecurityToken()).toBeNull();
    expect(logged).toEqual(['[session] partner-app: rememberSecurityToken', '[session] partner-app: forgetSecurityToken']);
  });

  it('hasAccessToken reads storage itself (a token removed elsewhere counts as gone)', () => {
    expect(session.hasAccessToken()).toBe(false);
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    expect(session.hasAccessToken()).toBe(true);
    storage.remove('accessToken');
    expect(session.hasAccessToken()).toBe(false);
    expect(logged).toEqual([]);
  });

  it('logs nothing outside development builds', () => {
    vi.stubEnv('NODE_ENV', 'production');
    session.signIn({ accessToken: 'a', refreshToken: 'r' });
    session.forget('test');
    expect(logged).toEqual([]);
  });
});

describe("a view's session capability (usePortal().session)", () => {
  it('signOut runs the core sign-out (the server call, then everything but the language goes) and logs the page and reason', async () => {
    const post = vi.fn(async () => null);
    const http = { post } as unknown as HttpClient;
    const session = portalSession({ registry: await testRegistry([]), http });
    window.history.replaceState(null, '', '/accountSetting/account');
    session.signIn({ accessToken: 'a', refreshToken: 'r' }, 'Use');
    storage.set('lang', 'pl_PL');
    await session.signOut('user');
    expect(post).toHaveBeenCalledWith('/logout', undefined, { query: { email: undefined }, securityToken: true });
    expect(storage.get('refreshToken')).toBeNull();
    expect(storage.get('lang')).toBe('pl_PL');
    expect(logged).toEqual(['[session] view /accountSetting/account: signIn (region Use)', '[session] view /accountSetting/account: signOut (user)']);
  });

  it('signOut takes a contributed override instead of the server call', async () => {
    const native = vi.fn(async () => true);
    const bridge = definePlugin({ id: 'bridge', register: (ctx) => ctx.contribute(SIGN_OUT_POINT, { signOut: native }) });
    const post = vi.fn(async () => null);
    const session = portalSession({ registry: await testRegistry([bridge]), http: { post } as unknown as HttpClient });
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    await session.signOut('user');
    expect(native).toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
    expect(appStore.get(tokensAtom)).toBeNull();
  });
});

describe('what a plugin reads', () => {
  it('the read-only atoms follow the session and cannot be written', () => {
    expect(appStore.get(signedInAtom)).toBe(false);
    grantSession('p').signIn({ accessToken: 'a', refreshToken: 'r' }, 'Euw');
    grantSession('p').updateUser(user);
    expect(appStore.get(signedInAtom)).toBe(true);
    expect(appStore.get(userView)).toEqual(user);
    expect(appStore.get(regionView)).toBe('Aps');
    // A derived atom without a write function: jotai refuses to set it.
    expect(() => appStore.set(userView as never, null)).toThrow();
    expect('write' in userView).toBe(false);
  });

  it('storedLanguage is the language this browser chose, kept across a sign-out', () => {
    expect(storedLanguage()).toBeNull();
    storage.set('lang', 'ja_JP');
    grantSession('p').forget('test');
    expect(storedLanguage()).toBe('ja_JP');
  });
});

describe('the grant in a register context', () => {
  it('every plugin gets one, logged under its own id', async () => {
    const seen: string[] = [];
    const probe = definePlugin({
      id: 'probe',
      register(ctx) {
        ctx.session.confirmRegion('Euw');
        seen.push(typeof ctx.session.signIn);
      },
    });
    await testRegistry([probe]);
    expect(seen).toEqual(['function']);
    expect(logged).toEqual(['[session] probe: confirmRegion (Euw)']);
  });
});
