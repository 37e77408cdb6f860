/**
 * TRUST_PROXY (issue 26): the client address is the one the trusted proxies saw, never what the
 * client wrote in front of it. Behind one proxy that appends (nginx's default) the client sends
 * `X-Forwarded-For: fake` and the proxy makes it `fake, real`: a rotated `fake` escapes no limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseTrustProxy, type TrustProxy } from '../options';
import { Client, startServer, type TestServer } from './harness';

let t: TestServer | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** How many of 6 calls, each with another forged first entry, pass a budget of 3 a minute. */
async function passed(trustProxy: TrustProxy, path: string, real: (i: number) => string): Promise<number> {
  t = await startServer({ trustProxy, limits: { apiPerMinute: 3 } });
  const c = new Client(t.base);
  let ok = 0;
  for (let i = 0; i < 6; i++) {
    const res = await c.get(path, { portal: path.startsWith('/api/oidc') ? false : undefined, headers: { 'X-Forwarded-For': `198.51.100.${i}, ${real(i)}` } });
    if (res.status !== 429) ok++;
  }
  return ok;
}

describe('one proxy hop (TRUST_PROXY=1)', () => {
  it.each([['the portal API', '/api/branding/none'], ['the OpenID provider', '/api/oidc/jwks']])('keys %s on the address the proxy saw: rotating a forged first entry escapes nothing', async (_what, path) => {
    expect(await passed(1, path, () => '203.0.113.7')).toBe(3);
  });

  it.each([['the portal API', '/api/branding/none'], ['the OpenID provider', '/api/oidc/jwks']])('keys %s on an IPv6 client by its /64: a subscriber picking new addresses escapes nothing', async (_what, path) => {
    expect(await passed(1, path, (i) => `2001:db8:1:2:${i + 1}::9`)).toBe(3);
  });

  it('counts sign-in attempts of an IPv6 client by its /64 too', async () => {
    t = await startServer({ trustProxy: 1, limits: { authPerMinute: 3 } });
    const c = new Client(t.base);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await c.post('/api/login', { email: 'nobody@example.com', password: 'x' }, { headers: { 'X-Forwarded-For': `2001:db8:1:2:${i + 1}::9` } })).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it('still tells real clients apart', async () => {
    expect(await passed(1, '/api/oidc/jwks', (i) => `203.0.${i}.7`)).toBe(6);
  });
});

it('trusted proxy addresses: the first address from the right that is not one of them', async () => {
  expect(await passed(['127.0.0.1'], '/api/branding/none', () => '203.0.113.7')).toBe(3);
  await t?.close();
  // A connection from outside the trusted ranges: its headers are its own, the connection's address counts.
  expect(await passed(['10.0.0.0/8'], '/api/branding/none', (i) => `203.0.${i}.7`)).toBe(3);
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 192.168.1.2', ['10.0.0.0/8', '192.168.1.2']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('%s is %j', (value, expected) => expect(parseTrustProxy(value)).toEqual(expected));

  it.each(['true', 'all', '1.2.3.4, proxy.example', '-1'])('refuses %s', (value) => expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY must be/));
});
