/**
 * Opaque secrets that carry their data region: `<region>.<random>` (region in lower case).
 * Only the SHA-256 of a secret is stored, so a database leak reveals no usable token.
 */
import type { RegionCode } from '../../core/contract/regions';
import { REGION_CODES } from '../../core/contract/regions';
import { randomToken, sha256 } from './crypto';

export function regionalSecret(region: RegionCode, bytes = 32): string {
  return `${region.toLowerCase()}.${randomToken(bytes)}`;
}

export function parseRegionalSecret(value: string | null | undefined): { region: RegionCode; secret: string } | null {
  if (!value || value.length > 200) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const prefix = value.slice(0, dot);
  const region = REGION_CODES.find((r) => r.toLowerCase() === prefix);
  const secret = value.slice(dot + 1);
  if (!region || !/^[A-Za-z0-9_-]{16,}$/.test(secret)) return null;
  return { region, secret };
}

export function hashSecret(value: string): string {
  return sha256(value);
}
