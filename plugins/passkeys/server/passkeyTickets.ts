/**
 * Signed, single-use tickets of the passkey ceremonies, kept in no table of their own:
 *
 * - a **challenge** is `nonce.expiry.mac` over its purpose and what it is bound to (the login
 *   session's code for a sign-in, the account for a registration or a second factor), so an
 *   assertion made for another login session or account does not verify; the first verification
 *   spends its nonce in the shared replay guard (`once_keys`), so a replayed one does not either;
 * - a **proof** says "this account proved a passkey in this login session": the sign-in retries
 *   after an interrupt (privacy notice, region, merge) carry it instead of a password, and the
 *   completed sign-in spends it.
 *
 * The MAC key is a shared secret made once per deployment (every instance checks every ticket).
 */
import crypto from 'node:crypto';
import type { RegionCode } from '@portal/plugin-api/contract';
import { isRegionCode } from '@portal/plugin-api/contract';
import { firstUse, randomToken, type ServerContext as Ctx } from '@portal/server-api';

export const CHALLENGE_SECONDS = 300;
export const PROOF_SECONDS = 600;

export type ChallengePurpose = 'signIn' | 'register' | 'secondFactor';

const keyOf = (ctx: Ctx): Promise<Buffer> => ctx.sharedKey('passkey-tickets');

function mac(key: Buffer, parts: readonly string[]): string {
  return crypto.createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
}

function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** A new challenge for `purpose`, bound to `binding`. */
export async function issueChallenge(ctx: Ctx, purpose: ChallengePurpose, binding: string): Promise<string> {
  const nonce = randomToken(18);
  const expires = String(ctx.now() + CHALLENGE_SECONDS * 1000);
  return `${nonce}.${expires}.${mac(await keyOf(ctx), ['challenge', purpose, binding, nonce, expires])}`;
}

/**
 * Whether `challenge` (as the browser echoed it: base64url of the ticket's text) is a live
 * ticket of this purpose and binding that was never spent; spends it when it is.
 */
export async function spendChallenge(ctx: Ctx, purpose: ChallengePurpose, binding: string, challenge: string): Promise<boolean> {
  const ticket = Buffer.from(challenge, 'base64url').toString('utf8');
  const [nonce, expires, given, extra] = ticket.split('.');
  if (!nonce || !expires || !given || extra !== undefined) return false;
  if (!sameMac(given, mac(await keyOf(ctx), ['challenge', purpose, binding, nonce, expires]))) return false;
  const expiresAt = Number(expires);
  if (!(expiresAt > ctx.now())) return false;
  return firstUse(ctx.stores.global, `passkey-challenge:${nonce}`, ctx.now(), expiresAt);
}

export interface ProofSubject {
  region: RegionCode;
  accountId: string;
}

/** A proof that the account passed a passkey in the login session `binding`. */
export async function issueProof(ctx: Ctx, binding: string, subject: ProofSubject): Promise<string> {
  const nonce = randomToken(18);
  const expires = String(ctx.now() + PROOF_SECONDS * 1000);
  const body = [subject.region, subject.accountId, nonce, expires];
  return `${body.join('.')}.${mac(await keyOf(ctx), ['proof', binding, ...body])}`;
}

/** The account a live proof of this login session names (not spent yet), or null. */
export async function readProof(ctx: Ctx, binding: string, proof: string): Promise<(ProofSubject & { nonce: string; expiresAt: number }) | null> {
  const parts = proof.split('.');
  if (parts.length !== 5) return null;
  const [region, accountId, nonce, expires, given] = parts as [string, string, string, string, string];
  if (!isRegionCode(region) || !sameMac(given, mac(await keyOf(ctx), ['proof', binding, region, accountId, nonce, expires]))) return null;
  const expiresAt = Number(expires);
  if (!(expiresAt > ctx.now())) return null;
  return { region, accountId, nonce, expiresAt };
}

/** Spends a proof read by readProof: true only for the first sign-in it completes. */
export function spendProof(ctx: Ctx, proof: { nonce: string; expiresAt: number }): Promise<boolean> {
  return firstUse(ctx.stores.global, `passkey-proof:${proof.nonce}`, ctx.now(), proof.expiresAt);
}
