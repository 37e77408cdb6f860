import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseDeploymentConfig } from '../config/loadConfig';
import { ApiError, CLIENT_CODES } from '../http/ApiError';
import { HttpClient } from '../http/client';
import { LEASE_SETTLE_MS } from './refreshLease';
import { afterRefreshFailure, REFRESH_PATIENCE_MS } from './refreshRetry';
import { appStore, clearSession, createSessionPort, saveTokens, sessionEndedAtom } from './session';
import { storage } from './storage';

/**
 * Issue 26: a refresh the server refuses for now (429, network, 5xx) waits and tries again while it
 * holds the cross-tab lock; only the server's refusal of the token ends the session. The portal's
 * own HTTP client and session port, over a mocked fetch, on fake timers.
 */
const config = parseDeploymentConfig({
  name: 'test',
  api: { global: 'https://id.test/api', regions: { Use: 'https://use.test/api', Aps: 'https://aps.test/api', Euw: 'https://euw.test/api' } },
  plugins: {},
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const rateLimited = (seconds: number) => json(429, { errorCode: -60001, message: 'Rate limit exceeded.', result: { retryAfterSeconds: seconds } });
const expired = () => json(401, { errorCode: -20679, message: 'Token expired.' });

/** A server: user info for the current access token, `refreshes` answering the refresh calls in turn. */
function server(refreshes: Array<() => Response | Promise<Response>>) {
  const seen = { refresh: 0, userInfo: [] as Array<string | null> };
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(url)).pathname;
    if (path.endsWith('/refresh-token')) {
      const answer = refreshes[seen.refresh] ?? refreshes[refreshes.length - 1]!;
      seen.refresh += 1;
      return answer();
    }
    const auth = (init?.headers as Headers).get('Authorization');
    seen.userInfo.push(auth);
    return auth === 'Bearer fresh' ? json(200, { result: { id: 'u1' } }) : expired();
  });
  const port = createSessionPort(() => http, 'this-tab');
  const http: HttpClient = new HttpClient({ config: () => config, session: port, fetchImpl });
  return { http, seen };
}

/** The tab's claim on the refresh lease settles (the test runs without Web Locks) before the refresh goes out. */
const leaseTaken = () => vi.advanceTimersByTimeAsync(LEASE_SETTLE_MS);

const newPair = () => json(200, { result: { accessToken: 'fresh', refreshToken: 'r2', expiresIn: 900 } });

beforeEach(() => {
  // Not setImmediate: reading a Response's body needs it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  appStore.set(sessionEndedAtom, null);
  saveTokens({ tokenType: 'Bearer', accessToken: 'stale', refreshToken: 'r1' });
});
afterEach(() => {
  vi.useRealTimers();
  clearSession();
  storage.remove('refreshLease');
  appStore.set(sessionEndedAtom, null);
});

describe('a refresh refused for now', () => {
  it("429 with a Retry-After: waits that long and tries again; the waiting requests all get the new token", async () => {
    const { http, seen } = server([() => rateLimited(3), newPair]);
    const calls = Promise.all(Array.from({ length: 5 }, () => http.get<{ id: string }>('/user-info')));
    await leaseTaken();
    await vi.advanceTimersByTimeAsync(2900);
    expect(seen.refresh).toBe(1); // still waiting out the 3 s
    await vi.advanceTimersByTimeAsync(200);
    await expect(calls).resolves.toEqual(Array.from({ length: 5 }, () => ({ id: 'u1' })));
    expect(seen.refresh).toBe(2);
    expect(seen.userInfo.filter((a) => a === 'Bearer fresh')).toHaveLength(5);
    expect(storage.get('refreshToken')).toBe('r2');
    expect(appStore.get(sessionEndedAtom)).toBeNull();
  });

  it('reads the wait from a Retry-After header when the body names none', async () => {
    const { http, seen } = server([() => json(429, { errorCode: -60001, message: 'slow down' }, { 'Retry-After': '5' }), newPair]);
    const call = http.get('/user-info');
    await leaseTaken();
    await vi.advanceTimersByTimeAsync(4900);
    expect(seen.refresh).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(call).resolves.toEqual({ id: 'u1' });
  });

  it('gives up once the waits would pass the cap: the calls fail with the 429, the session stays', async () => {
    const { http, seen } = server([() => rateLimited(40)]);
    const call = http.get('/user-info').catch((e: unknown) => e);
    await leaseTaken();
    await vi.advanceTimersByTimeAsync(40_100); // one wait of 40 s; a second would make 80 s
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(-60001);
    expect(seen.refresh).toBe(2);
    expect(storage.get('refreshToken')).toBe('r1');
    expect(storage.get('accessToken')).toBe('stale');
    expect(appStore.get(sessionEndedAtom)).toBeNull();
  });

  it('a lost answer (network, 5xx) is tried again within the reuse grace, then the calls fail; the session stays', async () => {
    const { http, seen } = server([() => Promise.reject(new TypeError('Failed to fetch')), () => json(503, { errorCode: -70001, message: 'down' })]);
    const call = http.get('/user-info').catch((e: unknown) => e);
    await leaseTaken();
    await vi.advanceTimersByTimeAsync(7100); // 1 + 2 + 4 s
    expect(seen.refresh).toBe(4);
    expect(await call).toBeInstanceOf(ApiError);
    expect(storage.get('refreshToken')).toBe('r1');
    expect(appStore.get(sessionEndedAtom)).toBeNull();
  });

  it("the server's refusal of the token ends the session once, however many calls wait, even after a 429", async () => {
    const { http, seen } = server([() => rateLimited(1), expired]);
    const ended = vi.fn();
    const unsubscribe = appStore.sub(sessionEndedAtom, ended);
    const calls = Promise.allSettled(Array.from({ length: 4 }, () => http.get('/user-info')));
    await leaseTaken();
    await vi.advanceTimersByTimeAsync(1100);
    const results = await calls;
    unsubscribe();
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).code === -20679)).toBe(true);
    expect(seen.refresh).toBe(2);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(appStore.get(sessionEndedAtom)).toBe('refresh-failed');
    expect(storage.get('refreshToken')).toBeNull();
  });

  it('without Web Locks, a second tab waits for the lease of the tab waiting out a 429 (renewed past its 5 s), then takes its token', async () => {
    expect((navigator as Navigator & { locks?: unknown }).locks).toBeUndefined();
    const refreshes: string[] = [];
    const tab = (id: string) => {
      const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
        if (String(url).endsWith('/refresh-token')) return refreshes.push(id) === 1 ? rateLimited(12) : newPair();
        return (init?.headers as Headers).get('Authorization') === 'Bearer fresh' ? json(200, { result: { id: 'u1' } }) : expired();
      });
      const port = createSessionPort(() => http, id);
      const http: HttpClient = new HttpClient({ config: () => config, session: port, fetchImpl });
      return { http };
    };
    const a = tab('tab-a');
    const b = tab('tab-b');
    const first = a.http.get('/user-info');
    await leaseTaken();
    await vi.advanceTimersByTimeAsync(100); // tab A holds the lease and waits
    const second = b.http.get('/user-info');
    await vi.advanceTimersByTimeAsync(12_500);
    await expect(Promise.all([first, second])).resolves.toEqual([{ id: 'u1' }, { id: 'u1' }]);
    expect(refreshes).toEqual(['tab-a', 'tab-a']); // the 429 and its retry: B never refreshed with the same token
  });
});

describe('afterRefreshFailure', () => {
  const err = (status: number, code = -1, result?: unknown) => new ApiError(code, undefined, status, result);
  it('tells the transient from the definitive', () => {
    expect(afterRefreshFailure(err(429, -60001, { retryAfterSeconds: 7 }), 0, 0)).toBe(7000);
    expect(afterRefreshFailure(err(429, -60001), 0, 0)).toBe(1000);
    expect(afterRefreshFailure(err(429, -60001, { retryAfterSeconds: 7 }), 5, REFRESH_PATIENCE_MS - 6000)).toBe('stop');
    expect(afterRefreshFailure(err(0, CLIENT_CODES.network), 0, 0)).toBe(1000);
    expect(afterRefreshFailure(err(0, CLIENT_CODES.timeout), 2, 0)).toBe(4000);
    expect(afterRefreshFailure(err(502), 3, 0)).toBe('stop');
    expect(afterRefreshFailure(err(401, -20679), 0, 0)).toBe('end');
    expect(afterRefreshFailure(err(400, -10001), 0, 0)).toBe('end');
    expect(afterRefreshFailure(new Error('bug'), 0, 0)).toBe('end');
  });
});
