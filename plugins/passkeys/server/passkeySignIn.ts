/**
 * The login page's passkey ceremonies. A verified assertion gives the browser a proof bound to
 * its login session; `POST /login` takes that proof in place of the password (or beside it as the
 * second factor), so every step after a password sign-in (activation, privacy notice, merge,
 * region, the hand-off) follows a passkey sign-in the same way (signin.ts).
 */
import type { PasskeySignInVerifyResult, RegionCode, WebAuthnJson } from '@portal/plugin-api/contract';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { fail, getAccount, hashSecret, readMfaProcess, safeEqual, type AccountTable, type PasskeyProof, type ServerContext as Ctx } from '@portal/server-api';
import { passkeyStore } from './tables';
import { signInOptions, verifySignIn } from './passkeys';
import { issueProof, readProof, spendProof } from './passkeyTickets';

/** The binding of a second factor's challenge: the login session and its MFA process. */
const secondFactorBinding = (loginBinding: string, processId: string) => `${loginBinding}\nmfa:${processId}`;

async function mfaAccount(ctx: Ctx, processId: string): Promise<{ region: RegionCode; account: AccountTable }> {
  const process = await readMfaProcess(ctx, processId, false);
  if (!process) fail(E.mfaProcessMissing);
  // A second factor by passkey only where passkeys are on for the account's region (its MFA step does not offer one elsewhere).
  ctx.switches.require('passkeys', { region: process.region, appType: null });
  return { region: process.region, account: process.account };
}

/** Options for the login page: any passkey of this site, or (with an MFA process) that account's. */
export async function loginPasskeyOptions(ctx: Ctx, loginBinding: string, mfaProcessId?: string): Promise<WebAuthnJson> {
  if (mfaProcessId === undefined) return signInOptions(ctx, 'signIn', loginBinding);
  return signInOptions(ctx, 'secondFactor', secondFactorBinding(loginBinding, mfaProcessId), await mfaAccount(ctx, mfaProcessId));
}

export async function verifyLoginPasskey(ctx: Ctx, loginBinding: string, response: WebAuthnJson, mfaProcessId?: string): Promise<PasskeySignInVerifyResult> {
  const expected = mfaProcessId === undefined ? undefined : await mfaAccount(ctx, mfaProcessId);
  const signedIn =
    expected === undefined
      ? await verifySignIn(ctx, 'signIn', loginBinding, response)
      : await verifySignIn(ctx, 'secondFactor', secondFactorBinding(loginBinding, mfaProcessId!), response, { region: expected.region, accountId: expected.account.id });
  const account = await getAccount(ctx, signedIn.region, signedIn.accountId);
  return { email: account.email, passkeyProof: await issueProof(ctx, loginBinding, signedIn) };
}

/** The account a sign-in's passkey proof stands for; it must be the address the request names. */
export async function passkeyProofAccount(ctx: Ctx, proof: string, loginBinding: string, email: string): Promise<PasskeyProof> {
  const subject = await readProof(ctx, loginBinding, proof);
  if (!subject) fail(E.invalidToken, undefined, 'The passkey sign-in has expired. Please try again.');
  const account = await getAccount(ctx, subject.region, subject.accountId);
  if (!safeEqual(account.email, email)) fail(E.accountError);
  return { region: subject.region, account, proof: subject };
}

/**
 * The sign-in a proof stood in for completes: the proof is spent (it completes one sign-in only),
 * and so is the MFA process the passkey answered as the second factor.
 */
export async function completePasskeySignIn(ctx: Ctx, passkey: PasskeyProof, mfaProcessId: string | undefined): Promise<void> {
  if (!(await spendProof(ctx, passkey.proof))) fail(E.invalidToken, undefined, 'The passkey sign-in has already been used. Please try again.');
  if (mfaProcessId === undefined) return;
  await passkeyStore(ctx, passkey.region)
    .updateTable('one_time_tokens')
    .set({ used_at: ctx.now() })
    .where('token_hash', '=', hashSecret(mfaProcessId))
    .where('kind', '=', 'mfa')
    .where('account_id', '=', passkey.account.id)
    .where('used_at', 'is', null)
    .execute();
}
