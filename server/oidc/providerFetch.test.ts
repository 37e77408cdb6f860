import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerFetch } from './logout';

describe("the provider's outgoing requests", () => {
  afterEach(() => vi.restoreAllMocks());
  const guard = { name: 'ssrf guard' };

  function sent(production: boolean, url: string) {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 200 }));
    void providerFetch(production)(url, { method: 'POST', dispatcher: guard } as RequestInit);
    const init = spy.mock.calls[0]![1] as RequestInit & { dispatcher?: unknown };
    spy.mockRestore();
    return init;
  }

  it("keep oidc-provider's guard against special-use addresses in production, loopback included", () => {
    expect(sent(true, 'http://127.0.0.1:9/bc').dispatcher).toBe(guard);
    expect(sent(true, 'http://localhost:9/bc').dispatcher).toBe(guard);
  });

  it('outside production let a client on this machine through, and nothing else', () => {
    expect(sent(false, 'http://127.0.0.1:9/bc').dispatcher).toBeUndefined();
    expect(sent(false, 'http://localhost:9/bc').dispatcher).toBeUndefined();
    expect(sent(false, 'http://10.0.0.8/bc').dispatcher).toBe(guard);
    expect(sent(false, 'https://rp.example/bc').dispatcher).toBe(guard);
  });

  it("refuse, with oidc-provider's own guard, a host name that resolves to loopback (the clients check sees only the name) in production", async () => {
    let hits = 0;
    const rp = http.createServer((_req, res) => {
      hits++;
      res.end();
    });
    await new Promise<void>((resolve) => rp.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://localhost:${(rp.address() as AddressInfo).port}/bc`;
      // The guard the provider puts on every request it sends (lib/helpers/fetch_request.js), made the way it makes it.
      const { applySSRFProtection } = (await import('oidc-provider/lib/helpers/fetch_request.js' as string)) as { applySSRFProtection(d: object): object };
      void Response;
      const Agent = (globalThis as Record<symbol, object | undefined>)[Symbol.for('undici.globalDispatcher.1')]!.constructor as new () => object;
      const guarded = () => ({ method: 'POST', dispatcher: applySSRFProtection(new Agent()) }) as RequestInit;
      const refused = await providerFetch(true)(url, guarded()).then(() => null, (err: Error) => err);
      expect((refused?.cause as Error | undefined)?.message).toBe('hostname resolves to a special-use IP address');
      expect(hits).toBe(0);
      expect((await providerFetch(false)(url, guarded())).status).toBe(200);
      expect(hits).toBe(1);
    } finally {
      rp.close();
    }
  });
});
