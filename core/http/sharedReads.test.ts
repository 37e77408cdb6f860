import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from './client';
import { isAbortError } from './ApiError';
import { shareReads } from './sharedReads';
import { deferred } from '../testing/deferred';

/** A client that answers each GET with a fresh object, counting the calls. */
function counting() {
  let n = 0;
  const http = {
    get: vi.fn(async (path: string) => ({ path, n: ++n })),
    post: vi.fn(async () => ({ ok: true })),
    put: vi.fn(async () => ({ ok: true })),
    delete: vi.fn(async () => ({ ok: true })),
    request: vi.fn(async () => ({ ok: true })),
  };
  return { http, client: http as unknown as HttpClient };
}

describe('shared reads', () => {
  it('a read asked again, on its way or answered, gets the same answer from one call', async () => {
    const { http, client } = counting();
    const { client: shared } = shareReads(client);
    const [a, b] = await Promise.all([shared.get('/x'), shared.get('/x')]);
    const c = await shared.get('/x');
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(http.get).toHaveBeenCalledTimes(1);
  });

  it('reads that differ in path, query, region, auth or security token are separate; an undefined query value is none', async () => {
    const { http, client } = counting();
    const { client: shared } = shareReads(client);
    await shared.get('/x');
    await shared.get('/x', { query: { before: undefined } });
    expect(http.get).toHaveBeenCalledTimes(1);
    await shared.get('/y');
    await shared.get('/x', { query: { before: 'c-1' } });
    await shared.get('/x', { region: 'Use' });
    await shared.get('/x', { auth: 'none' });
    await shared.get('/x', { securityToken: true });
    expect(http.get).toHaveBeenCalledTimes(6);
  });

  it('a failed read is not kept: the next one asks again', async () => {
    const { http, client } = counting();
    http.get.mockRejectedValueOnce(new Error('down'));
    const { client: shared } = shareReads(client);
    await expect(shared.get('/x')).rejects.toThrow('down');
    await expect(shared.get('/x')).resolves.toMatchObject({ n: 1 });
    expect(http.get).toHaveBeenCalledTimes(2);
  });

  it.each(['post', 'put', 'delete'] as const)('a change (%s) forgets what was kept, when it starts and when it ends', async (method) => {
    const { http, client } = counting();
    const { client: shared } = shareReads(client);
    await shared.get('/x');
    const change = deferred<{ ok: boolean }>();
    http[method].mockReturnValueOnce(change.promise);
    const changing = shared[method]('/x', { a: 1 });
    const during = await shared.get('/x'); // asked while the change is on its way
    expect(during).toMatchObject({ n: 2 });
    change.resolve({ ok: true });
    await changing;
    await Promise.resolve();
    expect(await shared.get('/x')).toMatchObject({ n: 3 });
  });

  it('a POST marked readOnly is no change; request() follows the same rules', async () => {
    const { http, client } = counting();
    const { client: shared } = shareReads(client);
    await shared.get('/x');
    await shared.post('/defaultTime', undefined, { readOnly: true });
    await shared.request('/defaultTime', { method: 'POST', readOnly: true });
    await shared.get('/x');
    expect(http.get).toHaveBeenCalledTimes(1);
    await shared.request('/x', { method: 'DELETE' });
    await shared.get('/x');
    expect(http.get).toHaveBeenCalledTimes(2);
  });

  it("one caller's abort ends only their wait, not the call the others share", async () => {
    const { http, client } = counting();
    const answer = deferred<{ n: number }>();
    http.get.mockReturnValueOnce(answer.promise as never);
    const { client: shared } = shareReads(client);
    const controller = new AbortController();
    const first = shared.get('/x', { signal: controller.signal });
    const second = shared.get('/x');
    controller.abort();
    await expect(first).rejects.toSatisfy(isAbortError);
    answer.resolve({ n: 7 });
    await expect(second).resolves.toEqual({ n: 7 });
    expect(http.get).toHaveBeenCalledWith('/x', {});
  });

  it('forget() makes the next read ask the server', async () => {
    const { http, client } = counting();
    const reads = shareReads(client);
    await reads.client.get('/x');
    reads.forget();
    await reads.client.get('/x');
    expect(http.get).toHaveBeenCalledTimes(2);
  });
});
