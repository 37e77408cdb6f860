/**
 * How a portal sign-in was made, in RFC 8176 terms (the `amr` of an ID token): `pwd` for the
 * password, `otp` for a one-time code (authenticator app or mailed code), `mfa` when a second
 * factor was passed. A hardware key would add `hwk`; `fed` a sign-in at another identity provider
 * (a company's directory: the value Microsoft's and others' tokens use; RFC 8176 allows values of its own). Kept on the SSO session, so a connected
 * service that reuses the session later hears the same.
 */
import { MFA_TYPES, type MfaType } from '../../core/contract/auth';
import type { SsoSessionTable } from '../db/types';

export type AuthMethod = 'pwd' | 'otp' | 'hwk' | 'mfa' | 'fed';

const KNOWN: readonly AuthMethod[] = ['pwd', 'otp', 'hwk', 'mfa', 'fed'];

/** A second factor a sign-in can pass: a method, or one of the account's recovery codes (a one-time password too). */
export type SecondFactor = MfaType | 'recovery';

/** The factor a second factor proves. */
const SECOND_FACTOR: Record<SecondFactor, AuthMethod> = { [MFA_TYPES.totp]: 'otp', [MFA_TYPES.email]: 'otp', recovery: 'otp' };

/**
 * A password sign-in, with the second factor it passed (if any). A trusted device skips the
 * factor, and the sign-in says only `pwd`: a service that needs `mfa` can ask for a fresh one.
 */
export function signInMethods(secondFactor: SecondFactor | null): AuthMethod[] {
  if (secondFactor === null) return ['pwd'];
  return ['pwd', SECOND_FACTOR[secondFactor], 'mfa'];
}

/**
 * A sign-in by a mailed code (the email-code plugin): a one-time password in place of the
 * password, with the second factor it passed (`mfa`). Where the mailbox was the account's only
 * second factor the step was not asked (the code proved that mailbox): `otp` alone, as a service
 * that needs `mfa` must hear.
 */
export function emailCodeMethods(secondFactor: SecondFactor | null): AuthMethod[] {
  return secondFactor === null ? ['otp'] : ['otp', 'mfa'];
}

/**
 * A passkey sign-in: a hardware-bound key with user verification (PIN or biometrics) is two
 * factors in itself; beside a password it is the second factor.
 */
export function passkeyMethods(withPassword: boolean): AuthMethod[] {
  return withPassword ? ['pwd', 'hwk', 'mfa'] : ['hwk', 'mfa'];
}

/**
 * A sign-in at a company's identity provider (the externalSignIn point): `fed`, with `mfa` where
 * the provider's own second factor was taken for the portal's or the portal's passed after it.
 */
export function externalMethods(providerMfa: boolean, secondFactor: SecondFactor | null): AuthMethod[] {
  if (secondFactor !== null) return ['fed', SECOND_FACTOR[secondFactor], 'mfa'];
  return providerMfa ? ['fed', 'mfa'] : ['fed'];
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
