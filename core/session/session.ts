import { atom, getDefaultStore } from 'jotai';
import type { RefreshTokenResult, TokenSet, UserInfo } from '../contract/api';
import { isRegionCode, type RegionCode } from '../contract/regions';
import type { HttpClient, SessionPort } from '../http/client';
import { withRefreshLease } from './refreshLease';
import { afterRefreshFailure, REFRESH_PATIENCE_MS } from './refreshRetry';
import { SNAKE_CASE_KEYS, storage, type StorageKey } from './storage';

/** App-wide reactive values live in jotai's default store so non-React code can read them. */
export const appStore = getDefaultStore();

function readTokens(): TokenSet | null {
  const accessToken = storage.get('accessToken');
  const refreshToken = storage.get('refreshToken');
  if (!accessToken && !refreshToken) return null;
  return { tokenType: storage.get('tokenType') ?? 'Bearer', accessToken: accessToken ?? '', refreshToken: refreshToken ?? '' };
}

function readRegion(): RegionCode | null {
  const region = storage.get('region');
  return isRegionCode(region) ? region : null;
}

/** The session's tokens, or null when signed out (the core's; plugins read signedInAtom). */
export const tokensAtom = atom<TokenSet | null>(readTokens());
/** The signed-in account's user info, or null (the core's; plugins read the read-only userAtom). */
export const userAtom = atom<UserInfo | null>(null);
/** The account's data region, or null before it is known (the core's; plugins read the read-only regionAtom). */
export const regionAtom = atom<RegionCode | null>(readRegion());
/** Set when the session ended under the user (refresh failed or forced sign-out); drives the one modal. */
export const sessionEndedAtom = atom<null | 'refresh-failed' | 'forced'>(null);

/** Store tokens given as camelCase or snake_case (token responses, app query strings). */
export function saveTokens(tokens: Partial<Record<string, string | null | undefined>>): void {
  for (const [key, value] of Object.entries(tokens)) {
    const storageKey = (SNAKE_CASE_KEYS[key] ?? key) as StorageKey;
    if (!['tokenType', 'accessToken', 'refreshToken', 'securityToken'].includes(storageKey)) continue;
    if (value) storage.set(storageKey, value);
  }
  appStore.set(tokensAtom, readTokens());
}

/**
 * The signed-in account's data region became known or changed (token exchange, region
 * confirmation, app take-over, user info). Every such place goes through here: the portal
 * rebuilds its plugin set for the region (core/app/RegionalServices.tsx) before an account page shows.
 * Anything that is not a region code is ignored.
 */
export function setRegion(region: unknown): void {
  if (!isRegionCode(region)) return;
  storage.set('region', region);
  if (appStore.get(regionAtom) !== region) appStore.set(regionAtom, region);
}

/** Keep the account's user info (null: none); its region becomes the session's. */
export function setUser(user: UserInfo | null): void {
  appStore.set(userAtom, user);
  if (user) setRegion(user.region);
}

/** Sign-out: clear tokens, security lock, user info and storage; the language stays. */
export function clearSession(): void {
  storage.clearAllButLanguage();
  appStore.set(tokensAtom, null);
  appStore.set(userAtom, null);
  appStore.set(regionAtom, null);
}

function newTabId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

const REFRESH_LOCK = 'uid-token-refresh';
/**
 * How long a tab that waited for another tab's refresh looks for the new token to show up.
 * Chromium hands a released Web Lock to the next tab before that tab's copy of local storage
 * has the holder's last write (measured: 4 in 10 hand-offs, visible 0-5 ms later).
 */
const HANDOFF_MS = 300;
const HANDOFF_POLL_MS = 10;

/** Runs `run` under the tab-shared lock, telling it whether another tab held the lock first. */
async function underWebLock<T>(locks: LockManagerLike, run: (waited: boolean) => Promise<T>): Promise<T> {
  const busy = Symbol('busy');
  const first = await locks.request<T | typeof busy>(REFRESH_LOCK, { ifAvailable: true }, (lock) => (lock ? run(false) : Promise.resolve(busy)));
  return first === busy ? locks.request(REFRESH_LOCK, () => run(true)) : first;
}

/** The stored access token once it is no longer `stale`, or `stale` when none arrives in time. */
async function tokenOtherThan(stale: string | null): Promise<string | null> {
  const until = Date.now() + HANDOFF_MS;
  let current = storage.get('accessToken');
  while (current === stale && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, HANDOFF_POLL_MS));
    current = storage.get('accessToken');
  }
  return current;
}

function lockManager(): LockManagerLike | undefined {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManagerLike });
  return nav?.locks;
}

/**
 * The session as the HTTP client sees it. Refresh is single-flight within the tab and
 * serialised across tabs by a Web Lock (or, without Web Locks, a lease in storage): a tab that
 * waited finds the token another tab already refreshed in shared storage (giving that write a
 * moment to arrive) and replays with it instead of refreshing again. A refresh refused for now
 * (429, network, 5xx) waits and tries again while it holds the lock (refreshRetry.ts); only the
 * server's refusal of the token resolves null and so ends the session.
 */
export function createSessionPort(http: () => HttpClient, tabId: string = newTabId()): SessionPort {
  let inflight: Promise<string | null> | null = null;
  const lease = { read: () => storage.get('refreshLease'), write: (v: string | null) => (v === null ? storage.remove('refreshLease') : storage.set('refreshLease', v)) };

  async function refreshOnce(stale: string | null, waited: boolean): Promise<string | null> {
    const current = waited ? await tokenOtherThan(stale) : storage.get('accessToken');
    if (current && current !== stale) return current; // someone else already refreshed
    const refreshToken = storage.get('refreshToken');
    if (!refreshToken) return null;
    // Retries stay under the lock (or lease): another tab waits for them rather than refreshing with the same token.
    for (let failures = 0, waitedMs = 0; ; failures += 1) {
      try {
        const result = await http().post<RefreshTokenResult>('/refresh-token', { refreshToken }, { auth: 'none' });
        saveTokens({ accessToken: result.accessToken, refreshToken: result.refreshToken });
        return result.accessToken;
      } catch (err) {
        const next = afterRefreshFailure(err, failures, waitedMs);
        if (next === 'end') return null;
        if (next === 'stop') throw err; // the session stays; the calls fail with this error
        await new Promise((resolve) => setTimeout(resolve, next));
        waitedMs += next;
        // Signed out, or signed in anew, meanwhile (a tab without the lock): that is the session now.
        if (storage.get('refreshToken') !== refreshToken) return storage.get('accessToken');
      }
    }
  }

  return {
    tokenType: () => storage.get('tokenType'),
    accessToken: () => storage.get('accessToken'),
    refreshToken: () => storage.get('refreshToken'),
    securityToken: () => storage.get('securityToken'),
    region: () => appStore.get(regionAtom),
    refresh(stale) {
      if (!inflight) {
        const locks = lockManager();
        const run = (waited: boolean) => refreshOnce(stale, waited);
        // A lease is kept while its holder waits out a refusal; a waiter breaks in only well after that.
        const leaseOptions = { tabId, giveUpMs: REFRESH_PATIENCE_MS + 30_000 };
        inflight = (locks ? underWebLock(locks, run) : withRefreshLease(lease, leaseOptions, run)).finally(() => {
          inflight = null;
        });
      }
      return inflight;
    },
    expire(reason) {
      if (appStore.get(sessionEndedAtom)) return; // forced sign-out happens once
      clearSession();
      appStore.set(sessionEndedAtom, reason);
    },
  };
}

/**
 * Another tab signed out, refreshed or learnt a region: keep this tab's view of the session
 * in step (a region stored there rebuilds this tab's plugin set too; sign-out there returns
 * this tab to the default region's).
 */
export function followOtherTabs(): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'accessToken' || event.key === 'refreshToken') {
      appStore.set(tokensAtom, readTokens());
    }
    if (event.key === null || event.key === 'region') {
      const region = readRegion();
      if (appStore.get(regionAtom) !== region) appStore.set(regionAtom, region);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
