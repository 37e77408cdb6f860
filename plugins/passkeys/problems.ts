/**
 * Why a WebAuthn ceremony failed, in the words the page says (issue 27: "Create passkey" and "Sign in
 * with a passkey" did nothing and said nothing at an address the browser refuses). Read from
 * @simplewebauthn/browser's WebAuthnError code where it has one, else from the DOMException's name.
 */
import type { TFunction } from 'i18next';

/**
 * - cancelled: the person closed the prompt (NotAllowedError, AbortError);
 * - timedOut: the prompt stayed open past the ceremony's timeout (the same NotAllowedError, after it);
 * - address: the browser takes no passkeys at this address (an IP address, not a site name);
 * - otherSite: this address is not the site (relying party) the passkeys are made for;
 * - unsupported: the browser or device has no WebAuthn, or not what the ceremony asks for;
 * - alreadyRegistered: this device already holds a passkey of the account (creation only);
 * - device: the authenticator failed (UnknownError, ConstraintError).
 */
export type CeremonyProblem = 'cancelled' | 'timedOut' | 'address' | 'otherSite' | 'unsupported' | 'alreadyRegistered' | 'device';

/** What ceremonies.ts gives a prompt that stayed open past the ceremony's timeout. */
export const TIMED_OUT_CODE = 'ERROR_CEREMONY_TIMED_OUT';

const BY_CODE: Readonly<Record<string, CeremonyProblem>> = {
  ERROR_CEREMONY_ABORTED: 'cancelled',
  [TIMED_OUT_CODE]: 'timedOut',
  ERROR_INVALID_DOMAIN: 'address',
  ERROR_INVALID_RP_ID: 'otherSite',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'alreadyRegistered',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'unsupported',
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: 'unsupported',
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: 'unsupported',
  ERROR_AUTHENTICATOR_GENERAL_ERROR: 'device',
};

const BY_NAME: Readonly<Record<string, CeremonyProblem>> = {
  NotAllowedError: 'cancelled',
  AbortError: 'cancelled',
  InvalidStateError: 'alreadyRegistered',
  NotSupportedError: 'unsupported',
  ConstraintError: 'unsupported',
  UnknownError: 'device',
};

/** WebAuthn takes a site name (localhost included), never an IP address, as its relying party. */
export function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
}

/**
 * The problem behind a ceremony's failure, or null for an error that is not the browser's
 * (the server's answer, the network: the page's usual handling).
 */
export function ceremonyProblem(error: unknown): CeremonyProblem | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  const known = typeof code === 'string' ? BY_CODE[code] : undefined;
  if (known) return known;
  if (error.name === 'SecurityError') return isIpAddress(window.location.hostname) ? 'address' : 'otherSite';
  return BY_NAME[error.name] ?? (error.message === 'WebAuthn is not supported in this browser' ? 'unsupported' : null);
}

/** The sentence for a problem (`cancelled` is each place's own: set by the caller); the host is isolated in right-to-left text by the formatter. */
export function problemText(t: TFunction<'passkeys'> | TFunction<['passkeys', 'core']>, problem: Exclude<CeremonyProblem, 'cancelled'>): string {
  return (t as TFunction<'passkeys'>)(`problem.${problem}`, { host: window.location.hostname });
}

/** Whether the line says a failure to act on (an alert) or only how the try ended (a status). */
export function isAlert(outcome: string): boolean {
  return outcome !== 'cancelled' && outcome !== 'timedOut';
}
