import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '@portal/plugin-api';
import type { DiscoverResult } from './contract';

type Post = (path: string, body?: unknown, options?: unknown) => Promise<unknown>;

const START_URL = '/api/login/enterprise/start?session_code=sc-1&email=ada%40contoso.example';
const CONTOSO: DiscoverResult = { company: 'Contoso Demo Ltd', startUrl: START_URL };

function fakeHttp(post: Post) {
  return { post: vi.fn(post), get: vi.fn() } as unknown as HttpClient & { post: ReturnType<typeof vi.fn<Post>>; get: ReturnType<typeof vi.fn> };
}

// The answers are kept per page (module state): each test a fresh page.
let findRealm: typeof import('./realm').findRealm;
beforeEach(async () => {
  vi.resetModules();
  ({ findRealm } = await import('./realm'));
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

  it('an address of a company: its name, and go() leaves for the start URL', async () => {
    const http = fakeHttp(async () => CONTOSO);
    const match = await findRealm('ada@contoso.example', { http, sessionCode: 'sc-1' });
    expect(match).toMatchObject({ name: 'Contoso Demo Ltd' });
    expect(assign).not.toHaveBeenCalled();
    match!.go();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(START_URL);
  });

  it.each([
    ['another origin', 'https://evil.example/api/login/enterprise/start?session_code=sc-1'],
    ['a protocol-relative address', '//evil.example/api/login/enterprise/start?session_code=sc-1'],
    ['a script', 'javascript:alert(1)'],
    ['another path of the portal', '/api/login/enterprise/callback?code=x'],
    ['a path that only starts like it', '/api/login/enterprise/starting?session_code=sc-1'],
    ['the start path without its query', '/api/login/enterprise/start'],
    ['the start path under another prefix', '/x/api/login/enterprise/start?session_code=sc-1'],
  ])('a start URL that is not the portal’s start path (%s): ignored', async (_what, startUrl) => {
    const http = fakeHttp(async () => ({ company: 'Contoso Demo Ltd', startUrl }));
    expect(await findRealm('ada@contoso.example', { http, sessionCode: 'sc-1' })).toBeNull();
    expect(assign).not.toHaveBeenCalled();
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
