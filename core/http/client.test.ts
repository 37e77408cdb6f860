import { describe, expect, it, vi } from 'vitest';
import { parseDeploymentConfig } from '../config/loadConfig';
import { HEADERS, PORTAL_REQUEST_VALUE } from '../contract/headers';
import { ApiError, CLIENT_CODES } from './ApiError';
import { HttpClient, type SessionPort } from './client';
import { setViewerLocation } from './viewer';

const config = parseDeploymentConfig({
  name: 'test',
  api: { global: 'https://id.test/api', regions: { Use: 'https://use.test/api', Aps: 'https://aps.test/api', Euw: 'https://euw.test/api' } },
  plugins: {},
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fakeSession(overrides: Partial<SessionPort> = {}): SessionPort & { tokens: { access: string | null } } {
  const tokens = { access: 'old-access' as string | null };
  return {
    tokens,
    tokenType: () => 'Bearer',
    accessToken: () => tokens.access,
    refreshToken: () => 'the-refresh',
    securityToken: () => 'sec-123',
    region: () => null,
    refresh: vi.fn(async () => {
      tokens.access = 'new-access';
      return 'new-access';
    }),
    expire: vi.fn(),
    ...overrides,
  };
}

describe('HttpClient', () => {
  it('unwraps `result` and sends Authorization, viewer headers and credentials', async () => {
    setViewerLocation({ city: 'Brno', country: 'CZ' });
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { result: { ok: 1 } }));
    const http = new HttpClient({ config: () => config, session: fakeSession(), fetchImpl });
    await expect(http.get('/user-info')).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://id.test/api/user-info');
    const headers = init!.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer old-access');
    expect(headers.get('Viewer-City')).toBe('Brno');
    expect(headers.get('Viewer-Country')).toBe('CZ');
    expect(headers.get('Security-Token')).toBeNull();
    expect(init!.credentials).toBe('include');
    setViewerLocation({});
  });

  it('uses the refresh token for the validity check and the security token only when asked', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { result: null }));
    const http = new HttpClient({ config: () => config, session: fakeSession(), fetchImpl });
    await http.post('/token/valid', undefined, { auth: 'refresh' });
    await http.post('/accounts/1/password', { a: 1 }, { securityToken: true });
    expect((fetchImpl.mock.calls[0]![1]!.headers as Headers).get('Authorization')).toBe('Bearer the-refresh');
    expect((fetchImpl.mock.calls[1]![1]!.headers as Headers).get('Security-Token')).toBe('sec-123');
  });

  it('downloads a file as a Blob with the token, refreshing once on 401; a refusal is still an ApiError', async () => {
    const session = fakeSession();
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const auth = (init!.headers as Headers).get('Authorization');
      if (auth === 'Bearer old-access') return json(401, { errorCode: -20679 });
      if (fetchImpl.mock.calls.length > 2) return json(403, { errorCode: -40005, message: 'Permission denied.' });
      return new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    });
    const http = new HttpClient({ config: () => config, session, fetchImpl });
    const blob = await http.request<Blob>('/files/euw/abc', { scope: 'regional', region: 'Euw', responseType: 'blob' });
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    expect(fetchImpl.mock.calls[1]![0]).toBe('https://euw.test/api/files/euw/abc');
    expect((fetchImpl.mock.calls[1]![1]!.headers as Headers).get('Accept')).toBe('*/*');
    expect(session.refresh).toHaveBeenCalledTimes(1);
    await expect(http.request('/files/euw/abc', { responseType: 'blob' })).rejects.toMatchObject({ code: -40005, status: 403 });
  });

  it("sends the portal's request header on every call, signed in or not, JSON or upload (the server's CSRF proof)", async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { result: null }));
    const http = new HttpClient({ config: () => config, session: fakeSession({ accessToken: () => null }), fetchImpl });
    await http.post('/login', { email: 'a@b.c' }, { auth: 'none', headers: { session_code: 'sc' } });
    await http.post('/logout');
    await http.request('/accounts/avatar/upload', { method: 'POST', form: new FormData() });
    await http.get('/logged');
    for (const [, init] of fetchImpl.mock.calls) expect((init!.headers as Headers).get(HEADERS.portalRequest)).toBe(PORTAL_REQUEST_VALUE);
  });

  it('picks the regional host of the account, defaulting to Europe', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { result: 1 }));
    const region = { value: null as 'Aps' | null };
    const http = new HttpClient({ config: () => config, session: fakeSession({ region: () => region.value }), fetchImpl });
    await http.get('/x', { scope: 'regional' });
    region.value = 'Aps';
    await http.get('/x', { scope: 'regional' });
    await http.get('/x', { region: 'Use' });
    expect(fetchImpl.mock.calls.map((c) => c[0])).toEqual(['https://euw.test/api/x', 'https://aps.test/api/x', 'https://use.test/api/x']);
  });

  it('turns {errorCode, message} into a typed ApiError with its result', async () => {
    const fetchImpl = vi.fn(async () => json(400, { errorCode: -20601, message: 'wrong', result: { remainAttempts: 2 } }));
    const http = new HttpClient({ config: () => config, session: fakeSession(), fetchImpl });
    const error = await http.post('/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -20601, serverMessage: 'wrong', status: 400, result: { remainAttempts: 2 } });
  });

  it('on 401 refreshes once for all waiting requests, then replays them with the new token', async () => {
    const session = fakeSession();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    session.refresh = vi.fn(async () => {
      await gate;
      session.tokens.access = 'new-access';
      return 'new-access';
    });
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const auth = (init!.headers as Headers).get('Authorization');
      return auth === 'Bearer new-access' ? json(200, { result: 'ok' }) : json(401, { errorCode: -20679, message: 'expired' });
    });
    const http = new HttpClient({ config: () => config, session, fetchImpl });
    const calls = [http.get('/a'), http.get('/b'), http.get('/c')];
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(3));
    release();
    await expect(Promise.all(calls)).resolves.toEqual(['ok', 'ok', 'ok']);
    expect(fetchImpl).toHaveBeenCalledTimes(6);
  });

  it('expires the session when the refresh fails, and never retries the validity call', async () => {
    const session = fakeSession({ refresh: vi.fn(async () => null) });
    const fetchImpl = vi.fn(async () => json(401, { errorCode: -20679, message: 'expired' }));
    const http = new HttpClient({ config: () => config, session, fetchImpl });
    await expect(http.get('/user-info')).rejects.toBeInstanceOf(ApiError);
    expect(session.expire).toHaveBeenCalledWith('refresh-failed');
    await expect(http.post('/token/valid', undefined, { auth: 'refresh' })).rejects.toBeInstanceOf(ApiError);
    expect(session.refresh).toHaveBeenCalledTimes(1);
  });

  it('a revoked token (401 -20651) ends the session without trying a refresh', async () => {
    const session = fakeSession();
    const http = new HttpClient({ config: () => config, session, fetchImpl: vi.fn(async () => json(401, { errorCode: -20651, message: 'revoked' })) });
    await expect(http.get('/user-info')).rejects.toMatchObject({ code: -20651 });
    expect(session.refresh).not.toHaveBeenCalled();
    expect(session.expire).toHaveBeenCalledWith('forced');
  });

  it.each([-3092, -20651])('forces sign-out on %i', async (code) => {
    const session = fakeSession();
    const http = new HttpClient({ config: () => config, session, fetchImpl: vi.fn(async () => json(400, { errorCode: code, message: 'x' })) });
    await expect(http.get('/user-info')).rejects.toMatchObject({ code });
    expect(session.expire).toHaveBeenCalledWith('forced');
  });

  it('lets a caller abort pass through untouched', async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const http = new HttpClient({ config: () => config, session: fakeSession(), fetchImpl });
    const pending = http.get('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives up after the 30 s timeout with a timeout error', async () => {
    const fetchImpl = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')))),
    );
    const http = new HttpClient({ config: () => config, session: fakeSession(), fetchImpl });
    await expect(http.get('/slow', { timeoutMs: 20 })).rejects.toMatchObject({ code: CLIENT_CODES.timeout });
  });

  it('reports a network failure and a non-JSON error page as transport errors', async () => {
    const down = new HttpClient({ config: () => config, session: fakeSession(), fetchImpl: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    await expect(down.get('/x')).rejects.toMatchObject({ code: CLIENT_CODES.network });
    const html = new HttpClient({ config: () => config, session: fakeSession(), fetchImpl: vi.fn(async () => new Response('<h1>502</h1>', { status: 502 })) });
    await expect(html.get('/x')).rejects.toMatchObject({ code: CLIENT_CODES.network, status: 502 });
  });
});
