import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/client';
import { appStore, clearSession, createSessionPort, regionAtom, saveTokens, sessionEndedAtom, setRegion, setUser, tokensAtom, userAtom } from './session';
import { storage } from './storage';

const user = {
  accountId: 'a1', avatar: null, id: 'u1', email: 'a@b.test', phone: null, identityProvider: 'vendorId', uuidProvider: 'x',
  firstName: 'A', lastName: 'B', region: 'Aps' as const, language: 'en_US',
};

describe('session', () => {
  it('stores tokens given in snake_case or camelCase under the spec keys', () => {
    saveTokens({ token_type: 'Bearer', access_token: 'acc', refreshToken: 'ref', unrelated: 'x' });
    expect(storage.get('tokenType')).toBe('Bearer');
    expect(storage.get('accessToken')).toBe('acc');
    expect(storage.get('refreshToken')).toBe('ref');
    expect(localStorage.getItem('unrelated')).toBeNull();
    expect(appStore.get(tokensAtom)).toEqual({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  });

  it('sign-out clears everything but the language', () => {
    storage.set('lang', 'de_DE');
    saveTokens({ accessToken: 'a', refreshToken: 'r', securityToken: 's' });
    setUser(user);
    clearSession();
    expect(storage.get('lang')).toBe('de_DE');
    expect(storage.get('accessToken')).toBeNull();
    expect(storage.get('securityToken')).toBeNull();
    expect(storage.get('region')).toBeNull();
    expect(appStore.get(userAtom)).toBeNull();
  });

  it('setRegion stores a known region and ignores anything else; sign-out forgets it', () => {
    setRegion('Use');
    expect(storage.get('region')).toBe('Use');
    expect(appStore.get(regionAtom)).toBe('Use');
    setRegion('Mars');
    setRegion(undefined);
    expect(appStore.get(regionAtom)).toBe('Use');
    setUser(user);
    expect(storage.get('region')).toBe('Aps');
    expect(appStore.get(regionAtom)).toBe('Aps');
    clearSession();
    expect(appStore.get(regionAtom)).toBeNull();
  });

  it('refreshes once for concurrent callers and stores the rotated tokens', async () => {
    saveTokens({ accessToken: 'stale', refreshToken: 'r1' });
    const post = vi.fn(async () => ({ accessToken: 'fresh', refreshToken: 'r2' }));
    const port = createSessionPort(() => ({ post }) as unknown as HttpClient);
    const results = await Promise.all([port.refresh('stale'), port.refresh('stale'), port.refresh('stale')]);
    expect(results).toEqual(['fresh', 'fresh', 'fresh']);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/refresh-token', { refreshToken: 'r1' }, { auth: 'none' });
    expect(storage.get('refreshToken')).toBe('r2');
  });

  it('does not refresh again when another tab already did', async () => {
    saveTokens({ accessToken: 'refreshed-elsewhere', refreshToken: 'r1' });
    const post = vi.fn();
    const port = createSessionPort(() => ({ post }) as unknown as HttpClient);
    await expect(port.refresh('stale')).resolves.toBe('refreshed-elsewhere');
    expect(post).not.toHaveBeenCalled();
  });

  it('returns null without a refresh token or when the refresh fails', async () => {
    const post = vi.fn(async () => Promise.reject(new Error('401')));
    const port = createSessionPort(() => ({ post }) as unknown as HttpClient);
    await expect(port.refresh(null)).resolves.toBeNull();
    expect(post).not.toHaveBeenCalled();
    saveTokens({ accessToken: 'stale', refreshToken: 'r1' });
    await expect(port.refresh('stale')).resolves.toBeNull();
  });

  it('ends the session once however many calls fail together', () => {
    appStore.set(sessionEndedAtom, null);
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    const port = createSessionPort(() => ({}) as HttpClient);
    port.expire('refresh-failed');
    port.expire('forced');
    expect(appStore.get(sessionEndedAtom)).toBe('refresh-failed');
    expect(storage.get('accessToken')).toBeNull();
    appStore.set(sessionEndedAtom, null);
  });
});
