/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: registration on the security page (after the
 * unlock), discoverable sign-in on the login page, and a passkey as the second factor after a
 * password. User verification is required in every ceremony; the relying party is the
 * deployment's public origin (its host name is the RP ID). Credentials live in the account's
 * region; a sign-in finds one by its id in every region.
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
import type { PasskeyItem, RegionCode, WebAuthnJson } from '@portal/plugin-api/contract';
import { ERROR_CODES as E, PASSKEY_NAME_MAX, REGION_CODES } from '@portal/plugin-api/contract';
import { ApiFailure, fail, safeEqual, type AccountTable, type ServerContext as Ctx } from '@portal/server-api';
import { passkeyStore, type PasskeyTable } from './tables';
import { CHALLENGE_SECONDS, issueChallenge, spendChallenge, type ChallengePurpose } from './passkeyTickets';

const RP_NAME = 'Unified ID';

/** The relying party: the origin users see, and its host name as the RP ID. */
function relyingParty(ctx: Ctx): { origin: string; rpID: string } {
  const url = new URL(ctx.options.publicOrigin);
  return { origin: url.origin, rpID: url.hostname };
}

/** Why a ceremony was refused; the route answers every one alike (no oracle for which check failed). */
function refuse(_reason: string): never {
  fail(E.wrongCredentials, { passkey: true }, 'The passkey was not accepted.');
}

function transportsOf(row: Pick<PasskeyTable, 'transports'>): AuthenticatorTransportFuture[] | undefined {
  return row.transports ? (JSON.parse(row.transports) as AuthenticatorTransportFuture[]) : undefined;
}

export function passkeyItem(row: PasskeyTable): PasskeyItem {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at, synced: row.backed_up === 1 };
}

export async function listPasskeys(ctx: Ctx, region: RegionCode, accountId: string): Promise<PasskeyTable[]> {
  return passkeyStore(ctx, region).selectFrom('passkeys').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'asc').execute();
}

/** A name as stored: trimmed, one line, 1 to 64 characters. */
export function passkeyName(input: string): string {
  const name = input.replace(/\s+/g, ' ').trim();
  if (name.length === 0 || [...name].length > PASSKEY_NAME_MAX) fail(E.invalidParameter, { field: 'name' });
  return name;
}

const registrationBinding = (account: AccountTable) => `account:${account.id}`;

export async function registrationOptions(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<WebAuthnJson> {
  const { rpID } = relyingParty(ctx);
  const existing = await listPasskeys(ctx, region, account.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userID: new TextEncoder().encode(account.id),
    userName: account.email,
    userDisplayName: `${account.first_name} ${account.last_name}`.trim() || account.email,
    challenge: await issueChallenge(ctx, 'register', registrationBinding(account)),
    timeout: CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return options as unknown as WebAuthnJson;
}

/** Verifies a new credential of the account and stores it under `name`. */
export async function registerPasskey(ctx: Ctx, region: RegionCode, account: AccountTable, response: WebAuthnJson, nameInput: string): Promise<PasskeyTable> {
  const name = passkeyName(nameInput);
  const { origin, rpID } = relyingParty(ctx);
  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: (challenge) => spendChallenge(ctx, 'register', registrationBinding(account), challenge),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!verification.verified) refuse('registration not verified');
    info = verification.registrationInfo;
  } catch (err) {
    if (err instanceof ApiFailure) throw err;
    refuse(err instanceof Error ? err.message : 'registration');
  }
  if (await findCredential(ctx, info.credential.id)) refuse('credential already registered');
  const row: PasskeyTable = {
    id: info.credential.id,
    account_id: account.id,
    name,
    public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: info.credential.transports ? JSON.stringify(info.credential.transports) : null,
    backed_up: info.credentialBackedUp ? 1 : 0,
    created_at: ctx.now(),
    last_used_at: null,
  };
  await passkeyStore(ctx, region).insertInto('passkeys').values(row).execute();
  return row;
}

export async function renamePasskey(ctx: Ctx, region: RegionCode, accountId: string, id: string, nameInput: string): Promise<PasskeyTable> {
  const name = passkeyName(nameInput);
  const res = await passkeyStore(ctx, region).updateTable('passkeys').set({ name }).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) fail(E.invalidParameter, { field: 'id' });
  return passkeyStore(ctx, region).selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function deletePasskey(ctx: Ctx, region: RegionCode, accountId: string, id: string): Promise<void> {
  const res = await passkeyStore(ctx, region).deleteFrom('passkeys').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) fail(E.invalidParameter, { field: 'id' });
}

/** A credential by its id, in whichever region holds it. */
async function findCredential(ctx: Ctx, id: string): Promise<{ region: RegionCode; row: PasskeyTable } | null> {
  for (const region of REGION_CODES) {
    const row = await passkeyStore(ctx, region).selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
    if (row) return { region, row };
  }
  return null;
}

/**
 * Options of a sign-in ceremony bound to `binding` (the login session). Without `account`
 * the browser offers every passkey of this site (discoverable); with it (a second factor) only
 * that account's.
 */
export async function signInOptions(ctx: Ctx, purpose: Exclude<ChallengePurpose, 'register'>, binding: string, account?: { region: RegionCode; account: AccountTable }): Promise<WebAuthnJson> {
  const { rpID } = relyingParty(ctx);
  const allow = account ? await listPasskeys(ctx, account.region, account.account.id) : [];
  const options = await generateAuthenticationOptions({
    rpID,
    challenge: await issueChallenge(ctx, purpose, binding),
    timeout: CHALLENGE_SECONDS * 1000,
    userVerification: 'required',
    ...(account ? { allowCredentials: allow.map((row) => ({ id: row.id, transports: transportsOf(row) })) } : {}),
  });
  return options as unknown as WebAuthnJson;
}

/**
 * Verifies an assertion made for `binding`: a known credential, of the account it claims
 * (and of `expected` when a second factor names one), user verified, signed over this
 * challenge and origin, with a counter that moved on. Records the use; returns the account.
 */
export async function verifySignIn(
  ctx: Ctx,
  purpose: Exclude<ChallengePurpose, 'register'>,
  binding: string,
  response: WebAuthnJson,
  expected?: { region: RegionCode; accountId: string },
): Promise<{ region: RegionCode; accountId: string }> {
  const assertion = response as unknown as AuthenticationResponseJSON;
  if (typeof assertion.id !== 'string' || assertion.id.length === 0 || assertion.id.length > 1400) refuse('no credential id');
  const found = await findCredential(ctx, assertion.id);
  if (!found) refuse('unknown credential');
  const { region, row } = found;
  // Where passkeys are off for the account's region its credentials are as good as unknown: nothing is verified or written.
  if (ctx.switches.state('passkeys', { region, appType: null }) !== 'on') refuse('unknown credential');
  const handle: unknown = assertion.response?.userHandle;
  // A discoverable credential names its account (the user handle registration gave it): it must be the owner.
  if (handle !== undefined && (typeof handle !== 'string' || !safeEqual(Buffer.from(handle, 'base64url').toString('utf8'), row.account_id))) refuse('credential of another account');
  if (expected && (expected.region !== region || !safeEqual(expected.accountId, row.account_id))) refuse('credential of another account');
  const { origin, rpID } = relyingParty(ctx);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: (challenge) => spendChallenge(ctx, purpose, binding, challenge),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: { id: row.id, publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')), counter: row.counter, transports: transportsOf(row) },
    });
    if (!verification.verified) refuse('assertion not verified');
    newCounter = verification.authenticationInfo.newCounter;
  } catch (err) {
    if (err instanceof ApiFailure) throw err;
    refuse(err instanceof Error ? err.message : 'assertion');
  }
  // Counted atomically: a parallel replay of the same counter value loses here.
  const res = await passkeyStore(ctx, region)
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: ctx.now() })
    .where('id', '=', row.id)
    .where((eb) => (newCounter === 0 ? eb('counter', '=', 0) : eb('counter', '<', newCounter)))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) refuse('counter did not move on');
  return { region, accountId: row.account_id };
}

/** Whether the account has a passkey (the MFA step offers it as a second factor). */
export async function hasPasskey(ctx: Ctx, region: RegionCode, accountId: string): Promise<boolean> {
  const row = await passkeyStore(ctx, region).selectFrom('passkeys').select('id').where('account_id', '=', accountId).limit(1).executeTakeFirst();
  return row !== undefined;
}
