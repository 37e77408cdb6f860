import { describe, expect, it } from 'vitest';
import { isPublicAddress, requirePublicHost } from './publicAddresses';

describe('the provider is called at public addresses only (production)', () => {
  it('tells public addresses from loopback, private, link-local, shared and mapped ones (IPv4 inside NAT64, 6to4 and compatible addresses too)', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '::a9fe:a9fe', '2002:a9fe:a9fe::1', 'fec0::1', '100::1', '2001:db8::1', 'not an ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses a host any of whose addresses is not public, and an IP literal that is not', async () => {
    const lookup = (answers: string[]) => async () => answers.map((address) => ({ address }));
    await expect(requirePublicHost('https://idp.example.com/token', lookup(['93.184.216.34']))).resolves.toBeUndefined();
    await expect(requirePublicHost('https://idp.example.com/token', lookup(['93.184.216.34', '10.0.0.5']))).rejects.toThrow(/not a public address/);
    await expect(requirePublicHost('https://metadata.example/', lookup(['169.254.169.254']))).rejects.toThrow();
    await expect(requirePublicHost('https://nothing.example/', lookup([]))).rejects.toThrow();
    await expect(requirePublicHost('https://169.254.169.254/latest/meta-data', lookup([]))).rejects.toThrow();
    await expect(requirePublicHost('https://[::1]:8443/', lookup([]))).rejects.toThrow();
  });
});

describe("the provider's configuration in production", () => {
  it('never connects to an issuer at a non-public address', async () => {
    const { providerConfig } = await import('./oidcClient');
    const { ERROR_CODES: E } = await import('../../core/contract/errorCodes');
    const { createServer } = await import('node:net');
    // A listener on loopback that counts connections: the discovery must not reach it.
    let connections = 0;
    const listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    try {
      const ctx = { options: { production: true }, now: () => Date.now() } as unknown as Parameters<typeof providerConfig>[0];
      await expect(providerConfig(ctx, { issuer: `https://127.0.0.1:${port}`, clientId: 'c', clientSecret: 's' })).rejects.toMatchObject({ code: E.identityProviderFailed });
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
