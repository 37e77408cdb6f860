/**
 * Passkeys (WebAuthn): the calls of the passkeys plugin and the reference server. The
 * ceremonies' options and responses are WebAuthn's own JSON forms (what `@simplewebauthn`
 * produces and reads); here they stay opaque objects, checked by the server's library.
 */

/** WebAuthn JSON (PublicKeyCredentialCreationOptionsJSON, AuthenticationResponseJSON, …). */
export type WebAuthnJson = Record<string, unknown>;

/** Longest passkey name (characters). */
export const PASSKEY_NAME_MAX = 64;

/** `POST /passkeys/register/options` (security token), `POST /login/passkey/options`: what the browser passes to WebAuthn. */
export interface PasskeyOptionsResult {
  options: WebAuthnJson;
}

/** `POST /passkeys/register` (security token). */
export interface PasskeyRegisterRequest {
  response: WebAuthnJson;
  name: string;
}

/** One passkey of the signed-in account (`GET /account/:id/passkeys`). */
export interface PasskeyItem {
  /** The credential id (base64url). */
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  /** Synced between devices (a backed-up, multi-device credential). */
  synced: boolean;
}

/** `result` of the passkey list. */
export interface PasskeyListResult {
  passkeys: PasskeyItem[];
}

/**
 * `POST /login/passkey/options`: with the login page's session code (header); with an
 * `mfaProcessId` from -20677 the options name only that account's passkeys (a second factor).
 */
export interface PasskeySignInOptionsRequest {
  mfaProcessId?: string;
}

/** `POST /login/passkey/verify`: the assertion, for the same session code (and MFA process). */
export interface PasskeySignInVerifyRequest {
  response: WebAuthnJson;
  mfaProcessId?: string;
}

/**
 * The passkey's account and a proof for this login session: `POST /login` takes
 * `{ email, passkeyProof }` in place of the password (or beside it, as the second factor),
 * and every step after a password sign-in follows the same way.
 */
export interface PasskeySignInVerifyResult {
  email: string;
  passkeyProof: string;
}
