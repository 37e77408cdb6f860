/**
 * The authenticator-app method (TOTP, RFC 6238): SHA-1, 6 digits, 30 s, ±1 step, each step usable
 * once. A new secret waits 10 minutes for its first code (enrolment); the wrong-code lock around
 * `checkTotp` is the core's (`secondFactorMethods` point).
 */
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { ERROR_CODES as E, type RegionCode, type TotpUrlResult } from '@portal/plugin-api/contract';
import { fail, openTotpSecret, sealTotpSecret, type AccountTable, type SecondFactorScope, type ServerContext as Ctx } from '@portal/server-api';

export const TOTP_PENDING_MINUTES = 10;
const ISSUER = 'Unified ID';

function totpFor(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** The current code of a secret (tests). */
export function totpNow(secret: string, timestamp: number): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** A new pending secret for the account, shown once (URL, secret and QR code), bound by its first code within 10 minutes. */
export async function createTotpEnrolment(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<TotpUrlResult> {
  const secret = newTotpSecret();
  const expires = ctx.now() + TOTP_PENDING_MINUTES * 60_000;
  // Sealed under the server's secrets key: a copy of the database holds no authenticator secret.
  await ctx.region(region).updateTable('accounts').set({ totp_pending_secret: sealTotpSecret(ctx.secrets, account.id, secret), totp_pending_expires: expires }).where('id', '=', account.id).execute();
  const otpauthUrl = totpFor(secret, account.email).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { otpauthUrl, secret, qrCode, expiresIn: TOTP_PENDING_MINUTES * 60 };
}

/**
 * Checks a TOTP code against the bound secret (or, when binding, the pending one). The matched
 * time step is recorded atomically; a code of a step already used is a wrong code.
 */
export async function checkTotp(ctx: Ctx, region: RegionCode, account: AccountTable, code: string, scope: SecondFactorScope): Promise<boolean> {
  const now = ctx.now();
  let secret = account.mfa_totp_secret;
  if (scope.purpose === 'bind') {
    if (!account.totp_pending_secret) fail(E.totpSecretMissing);
    if ((account.totp_pending_expires ?? 0) <= now) fail(E.totpSecretExpired);
    secret = account.totp_pending_secret;
  }
  if (!secret) fail(E.totpSecretMissing);
  if (!/^\d{6}$/.test(code)) return false;
  const delta = OTPAuth.TOTP.validate({ token: code, secret: OTPAuth.Secret.fromBase32(openTotpSecret(ctx.secrets, account.id, secret)), algorithm: 'SHA1', digits: 6, period: 30, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 30_000) + delta;
  const claimed = await ctx
    .region(region)
    .updateTable('accounts')
    .set({ mfa_totp_last_step: step })
    .where('id', '=', account.id)
    .where((eb) => eb.or([eb('mfa_totp_last_step', 'is', null), eb('mfa_totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1; // else a replayed code
}
