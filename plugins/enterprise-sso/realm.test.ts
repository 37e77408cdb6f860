import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '@portal/plugin-api';
import type { DiscoverResult } from './contract';

type Post = (path: string, body?: unknown, options?: unknown) => Promise<unknown>;

const PROVIDER_URL = 'https://login.contoso.example/authorize?client_id=portal&state=s';
const CONTOSO: DiscoverResult = { company: 'Contoso Demo Ltd' };
/** The server's answers by path: discovery, and the start that opens the flow. */
const answers = (start: () => Promise<unknown>) => async (path: string) => (path === '/login/enterprise/start' ? start() : CONTOSO);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeHttp(post: Post) {
  return { post: vi.fn(post), get: vi.fn() } as unknown as HttpClient & { post: ReturnType<typeof vi.fn<Post>>; get: ReturnType<typeof vi.fn> };
}

// The answers are kept per page (module state): each test a fresh page.
let findRealm: typeof import('./realm').findRealm;
// The API's error class as the fresh page's modules know it (an error of the old one is not theirs).
let PageApiError: typeof ApiError;
beforeEach(async () => {
  vi.resetModules();
  ({ findRealm } = await import('./realm'));
  ({ ApiError: PageApiError } = await import('@portal/plugin-api'));
});

const assign = vi.fn();
beforeEach(() => {
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
});
afterEach(() => vi.unstubAllGlobals());

describe('findRealm: where an address signs in', () => {
  it('without the login session: no company, and no call', async () => {
    const http = fakeHttp(async () => CONTOSO);
    expect(await findRealm('ada@contoso.example', { http, sessionCode: null })).toBeNull();
    expect(await findRealm('ada@contoso.example', { http, sessionCode: '' })).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('asks the server in the login session, without the account’s token', async () => {
    const http = fakeHttp(async () => CONTOSO);
    await findRealm('ada@contoso.example', { http, sessionCode: 'sc-1' });
    expect(http.post).toHaveBeenCalledTimes(1);
    expect(http.post).toHaveBeenCalledWith('/login/enterprise/discover', { email: 'ada@contoso.example' }, { auth: 'none', headers: { session_code: 'sc-1' } });
  });

  it('an address of no company: null', async () => {
    const http = fakeHttp(async () => ({ company: null }) satisfies DiscoverResult);
    expect(await findRealm('ana@partner.example', { http, sessionCode: 'sc-1' })).toBeNull();
  });

  it("an address of a company: its name; go() opens the flow with the page's own call, then leaves for the provider", async () => {
    const http = fakeHttp(answers(async () => ({ location: PROVIDER_URL })));
    const match = await findRealm('ada@contoso.example', { http, sessionCode: 'sc-1' });
    expect(match).toMatchObject({ name: 'Contoso Demo Ltd' });
    expect(assign).not.toHaveBeenCalled();
    match!.go();
    await settle();
    expect(http.post).toHaveBeenLastCalledWith('/login/enterprise/start', { email: 'ada@contoso.example' }, { auth: 'none', headers: { session_code: 'sc-1' } });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(PROVIDER_URL);
  });

  it.each([
    ['a script', 'javascript:alert(1)'],
    ['plain http elsewhere', 'http://evil.example/authorize'],
    ['nothing', undefined],
  ])('a provider address the page does not leave for (%s): back on the login page as a failed provider', async (_what, location) => {
    const http = fakeHttp(answers(async () => ({ location })));
    (await findRealm('ada@contoso.example', { http, sessionCode: 'sc-1' }))!.go();
    await settle();
    expect(assign).toHaveBeenCalledWith('/login?module=enterprise&session_code=sc-1#error=provider');
  });

  it('a start refused as expired says so on the login page; any other failure as a failed provider', async () => {
    const expired = fakeHttp(answers(async () => Promise.reject(new PageApiError(-20679, 'expired', 400))));
    (await findRealm('ada@contoso.example', { http: expired, sessionCode: 'sc-1' }))!.go();
    await settle();
    expect(assign).toHaveBeenLastCalledWith('/login?module=enterprise&session_code=sc-1#error=expired');
    const down = fakeHttp(answers(async () => Promise.reject(new PageApiError(-40030, 'down', 502))));
    (await findRealm('ben@contoso.example', { http: down, sessionCode: 'sc-2' }))!.go();
    await settle();
    expect(assign).toHaveBeenLastCalledWith('/login?module=enterprise&session_code=sc-2#error=provider');
  });

  it('a failed call: no company (the password field stays; the server still enforces)', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-60001, 'slow down', 429, { retryAfterSeconds: 30 })));
    await expect(findRealm('ada@contoso.example', { http, sessionCode: 'sc-1' })).resolves.toBeNull();
    const offline = fakeHttp(async () => Promise.reject(new ApiError(0, 'Failed to fetch', 0)));
    await expect(findRealm('bob@contoso.example', { http: offline, sessionCode: 'sc-1' })).resolves.toBeNull();
  });

  it('the same address asked twice (in any case, even while the first call is open): one call', async () => {
    let answer: (value: DiscoverResult) => void = () => undefined;
    const http = fakeHttp(() => new Promise((resolve) => (answer = resolve)));
    const first = findRealm('ada@contoso.example', { http, sessionCode: 'sc-1' });
    const second = findRealm('Ada@Contoso.Example', { http, sessionCode: 'sc-1' });
    answer(CONTOSO);
    expect((await first)?.name).toBe('Contoso Demo Ltd');
    expect((await second)?.name).toBe('Contoso Demo Ltd');
    expect((await findRealm('ada@contoso.example', { http, sessionCode: 'sc-1' }))?.name).toBe('Contoso Demo Ltd');
    expect(http.post).toHaveBeenCalledTimes(1);
  });

  it('another address, or the same one in another login session: asked anew', async () => {
    const http = fakeHttp(async () => CONTOSO);
    await findRealm('ada@contoso.example', { http, sessionCode: 'sc-1' });
    await findRealm('bob@contoso.example', { http, sessionCode: 'sc-1' });
    await findRealm('ada@contoso.example', { http, sessionCode: 'sc-2' });
    expect(http.post).toHaveBeenCalledTimes(3);
    expect(http.post.mock.calls.map(([, body, options]) => [body, options])).toEqual([
      [{ email: 'ada@contoso.example' }, expect.objectContaining({ headers: { session_code: 'sc-1' } })],
      [{ email: 'bob@contoso.example' }, expect.objectContaining({ headers: { session_code: 'sc-1' } })],
      [{ email: 'ada@contoso.example' }, expect.objectContaining({ headers: { session_code: 'sc-2' } })],
    ]);
  });
});
