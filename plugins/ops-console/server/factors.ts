/**
 * Operators' second factors: an authenticator app (otpauth: RFC 6238, 30 s, 6 digits, one step
 * either side, a code never taken twice) and passkeys (@simplewebauthn/server: user verification
 * required, the portal's public origin as the relying party). Every refusal answers alike.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import * as OTPAuth from 'otpauth';
import { ERROR_CODES as E, type WebAuthnJson } from '@portal/plugin-api/contract';
import { fail, randomToken, safeEqual, type ServerContext as Ctx } from '@portal/server-api';
import { consoleStore, type OperatorPasskeyTable, type OperatorTable } from './tables';

const ISSUER = 'Unified ID console';
const CHALLENGE_MS = 5 * 60_000;

/** The one answer to a wrong code or passkey. */
export function refuseFactor(): never {
  fail(E.mfaCodeError, undefined, 'The second factor was not accepted.');
}

const totpPlace = (operatorId: string) => `ops-totp:${operatorId}`;

export function sealOperatorTotp(ctx: Ctx, operatorId: string, secret: string): string {
  return ctx.secrets.seal(secret, totpPlace(operatorId));
}

function openOperatorTotp(ctx: Ctx, operatorId: string, sealed: string): string {
  return ctx.secrets.openAny(sealed, totpPlace(operatorId)).plain;
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, email: string): string {
  return new OTPAuth.TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).toString();
}

/** The 30-second step a right code belongs to, or null. `lastStep`: a step already taken. */
export function totpStep(ctx: Ctx, operatorId: string, sealed: string, code: string, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = ctx.now();
  const secret = OTPAuth.Secret.fromBase32(openOperatorTotp(ctx, operatorId, sealed));
  const delta = OTPAuth.TOTP.validate({ token: code, secret, algorithm: 'SHA1', digits: 6, period: 30, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 30_000) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

function relyingParty(ctx: Ctx): { origin: string; rpID: string } {
  const url = new URL(ctx.options.publicOrigin);
  return { origin: url.origin, rpID: url.hostname };
}

function transportsOf(row: Pick<OperatorPasskeyTable, 'transports'>): AuthenticatorTransportFuture[] | undefined {
  return row.transports ? (JSON.parse(row.transports) as AuthenticatorTransportFuture[]) : undefined;
}

export async function passkeysOf(ctx: Ctx, operatorId: string): Promise<OperatorPasskeyTable[]> {
  return consoleStore(ctx).selectFrom('ops_console_passkeys').selectAll().where('operator_id', '=', operatorId).execute();
}

/** A challenge, with when it stops being good: `<expires>.<random>`. */
export function newChallenge(ctx: Ctx): string {
  return `${ctx.now() + CHALLENGE_MS}.${randomToken(32)}`;
}

function challengeLive(ctx: Ctx, stored: string | null): stored is string {
  if (!stored) return false;
  const expires = Number(stored.slice(0, stored.indexOf('.')));
  return Number.isFinite(expires) && expires > ctx.now();
}

/** Registration options for a new operator's passkey, over `challenge`. */
export async function passkeyRegistrationOptions(ctx: Ctx, operator: OperatorTable, challenge: string): Promise<WebAuthnJson> {
  const { rpID } = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: ISSUER,
    rpID,
    userID: new TextEncoder().encode(`ops:${operator.id}`),
    userName: operator.email,
    userDisplayName: operator.email,
    challenge: new TextEncoder().encode(challenge),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: (await passkeysOf(ctx, operator.id)).map((row) => ({ id: row.id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  return options as unknown as WebAuthnJson;
}

/** Verifies a new passkey against the stored challenge; the row to insert. */
export async function verifyPasskeyRegistration(ctx: Ctx, operatorId: string, stored: string | null, response: WebAuthnJson): Promise<OperatorPasskeyTable> {
  if (!challengeLive(ctx, stored)) refuseFactor();
  const { origin, rpID } = relyingParty(ctx);
  const expected = Buffer.from(stored).toString('base64url');
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: (challenge) => safeEqual(challenge, expected),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    refuseFactor();
  }
  if (!verification.verified || !verification.registrationInfo) refuseFactor();
  const { credential } = verification.registrationInfo;
  const now = ctx.now();
  return {
    id: credential.id,
    operator_id: operatorId,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
    created_at: now,
    last_used_at: null,
  };
}

/** Authentication options naming the operator's passkeys, over `challenge`. */
export async function passkeyAuthenticationOptions(ctx: Ctx, operatorId: string, challenge: string): Promise<WebAuthnJson> {
  const { rpID } = relyingParty(ctx);
  const passkeys = await passkeysOf(ctx, operatorId);
  if (passkeys.length === 0) refuseFactor();
  const options = await generateAuthenticationOptions({
    rpID,
    challenge: new TextEncoder().encode(challenge),
    timeout: CHALLENGE_MS,
    userVerification: 'required',
    allowCredentials: passkeys.map((row) => ({ id: row.id, transports: transportsOf(row) })),
  });
  return options as unknown as WebAuthnJson;
}

/** Verifies an assertion by one of the operator's passkeys against the stored challenge, and records its use. */
export async function verifyPasskeyAssertion(ctx: Ctx, operatorId: string, stored: string | null, response: WebAuthnJson): Promise<void> {
  if (!challengeLive(ctx, stored)) refuseFactor();
  const id = typeof response.id === 'string' ? response.id : '';
  const row = (await passkeysOf(ctx, operatorId)).find((p) => safeEqual(p.id, id));
  if (!row) refuseFactor();
  const { origin, rpID } = relyingParty(ctx);
  const expected = Buffer.from(stored).toString('base64url');
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => safeEqual(challenge, expected),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: { id: row.id, publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')), counter: row.counter, transports: transportsOf(row) },
    });
  } catch {
    refuseFactor();
  }
  if (!verification.verified) refuseFactor();
  await consoleStore(ctx).updateTable('ops_console_passkeys').set({ counter: verification.authenticationInfo.newCounter, last_used_at: ctx.now() }).where('id', '=', row.id).execute();
}
