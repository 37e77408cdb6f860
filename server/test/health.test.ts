import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

describe('health probes', () => {
  it('/healthz: the process answers, in JSON, outside /api', async () => {
    const res = await fetch(`${t.base}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz: every configured database answers and mail has somewhere to go; nothing about accounts', async () => {
    const res = await fetch(`${t.base}/readyz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ status: 'ready', databases: { global: 'up', legacy: 'up', 'region:Use': 'up', 'region:Aps': 'up', 'region:Euw': 'up' }, mail: 'configured' });
    expect(JSON.stringify(body)).not.toMatch(/@|postgres:|uid-test/);
  });

  it('/readyz: 503 naming the store when one does not answer', async () => {
    const stores = t.server.ctx.stores;
    const euw = stores.regions.Euw;
    // A store that fails every query, as a database that went away does.
    stores.regions.Euw = new Proxy(euw, { get: (target, key) => (key === 'executeQuery' || key === 'getExecutor' ? () => { throw new Error('gone'); } : Reflect.get(target, key)) });
    try {
      const res = await fetch(`${t.base}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'not ready', databases: { 'region:Euw': 'down', global: 'up' } });
    } finally {
      stores.regions.Euw = euw;
    }
    expect((await fetch(`${t.base}/readyz`)).status).toBe(200);
  });
});
