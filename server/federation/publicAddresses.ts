/**
 * In production the portal calls a company's provider only at public addresses: a provider's
 * issuer, or the token and key endpoints its discovery names, could otherwise make the server
 * reach its own network (cloud metadata at 169.254.169.254, databases, admin ports). Checked on
 * each request's resolved addresses; the connection the check resolved is not pinned, so a DNS
 * answer that changes between the check and the request (rebinding) is a gap an egress proxy closes.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { CustomFetch } from 'openid-client';

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 96], // the unspecified address, loopback ::1 and IPv4-compatible ::a.b.c.d
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind it, private ones included
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fec0::', 10], // site-local (deprecated)
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address is one on the public internet (not loopback, private, link-local, shared, multicast or reserved). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !NOT_PUBLIC.check(address, 'ipv6');
}

export type Lookup = (host: string) => Promise<Array<{ address: string }>>;
const systemLookup: Lookup = (host) => dnsLookup(host, { all: true });

/** Refuses (throws) a URL whose host resolves to any address that is not public. */
export async function requirePublicHost(url: string, lookup: Lookup = systemLookup): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host);
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) throw new Error(`${host} is not a public address`);
}

/** A fetch for openid-client (its `customFetch`) that first checks the request's host is public. */
export function publicOnlyFetch(lookup?: Lookup): CustomFetch {
  return async (url, options) => {
    await requirePublicHost(url, lookup);
    return fetch(url, options as RequestInit);
  };
}
