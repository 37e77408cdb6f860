/**
 * How a portal sign-in was made, in RFC 8176 terms (the `amr` of an ID token): `pwd` for the
 * password, `otp` for a one-time code (authenticator app or mailed code), `mfa` when a second
 * factor was passed. A hardware key would add `hwk`. Kept on the SSO session, so a connected
 * service that reuses the session later hears the same.
 */
import { MFA_TYPES, type MfaType } from '../../core/contract/auth';
import type { SsoSessionTable } from '../db/types';

export type AuthMethod = 'pwd' | 'otp' | 'hwk' | 'mfa';

const KNOWN: readonly AuthMethod[] = ['pwd', 'otp', 'hwk', 'mfa'];

/** The factor a second-factor type proves. */
const SECOND_FACTOR: Record<MfaType, AuthMethod> = { [MFA_TYPES.totp]: 'otp', [MFA_TYPES.email]: 'otp' };

/** A password sign-in, with the second factor it passed (if any). */
export function signInMethods(secondFactor: MfaType | null): AuthMethod[] {
  if (secondFactor === null) return ['pwd'];
  return ['pwd', SECOND_FACTOR[secondFactor], 'mfa'];
}

/**
 * A passkey sign-in: a hardware-bound key with user verification (PIN or biometrics) is two
 * factors in itself; beside a password it is the second factor.
 */
export function passkeyMethods(withPassword: boolean): AuthMethod[] {
  return withPassword ? ['pwd', 'hwk', 'mfa'] : ['hwk', 'mfa'];
}

export function formatMethods(methods: readonly AuthMethod[]): string {
  return methods.join(' ');
}

/** A session's stored methods; rows from before they were kept were password sign-ins. */
export function sessionMethods(session: Pick<SsoSessionTable, 'auth_methods'>): AuthMethod[] {
  const parsed = (session.auth_methods ?? '').split(' ').filter((m): m is AuthMethod => (KNOWN as readonly string[]).includes(m));
  return parsed.length > 0 ? parsed : ['pwd'];
}

/** When the session was last signed in to (ms). */
export function sessionSignInTime(session: Pick<SsoSessionTable, 'authenticated_at' | 'created_at'>): number {
  return session.authenticated_at ?? session.created_at;
}
