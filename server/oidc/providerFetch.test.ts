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
});
