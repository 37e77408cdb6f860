/** Sign-in helpers for the two-factor fallbacks' tests (recovery codes, trusted devices). */
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { totpNow } from '../../plugins/mfa/server/totp';
import { openTotpSecret } from '../db/secretsAtRest';
import { Client, DEMO_PASSWORD, finishHandOff, login, startLogin, type TestServer } from './harness';

export const MFA_EMAIL = 'mfa@example.com';

/** An account's authenticator secret, opened (the store keeps it sealed). */
export async function totpSecretOf(t: TestServer, email = MFA_EMAIL, region: 'Euw' | 'Use' | 'Aps' = 'Euw'): Promise<string> {
  const row = await t.server.ctx.region(region).selectFrom('accounts').select(['id', 'mfa_totp_secret']).where('email', '=', email).executeTakeFirstOrThrow();
  if (!row.mfa_totp_secret) throw new Error(`${email} has no authenticator secret`);
  return openTotpSecret(t.server.ctx.secrets, row.id, row.mfa_totp_secret);
}

/** Password step of a two-factor account in browser `c`: the -20677 answer (or success, for a trusted browser). */
export async function passwordStep(c: Client, email = MFA_EMAIL) {
  const { verifier, sessionCode } = await startLogin(c);
  const res = await login(c, sessionCode, { email, password: DEMO_PASSWORD });
  return { verifier, sessionCode, res };
}

/** A fresh authenticator code: the clock moves past the last used step first (each step works once). */
export async function nextTotp(t: TestServer, email = MFA_EMAIL): Promise<string> {
  const secret = await totpSecretOf(t, email);
  t.clock.advance(31_000);
  return totpNow(secret, Date.now() + t.clock.offset);
}

/** A complete two-factor sign-in in `c` with the authenticator; `extra` joins the code's request (trustDevice). */
export async function signInWithTotp(t: TestServer, c: Client, extra: Record<string, unknown> = {}, email = MFA_EMAIL) {
  const step = await passwordStep(c, email);
  if (step.res.body.errorCode !== E.mfaRequired) throw new Error(`expected -20677, got ${step.res.text}`);
  const res = await login(c, step.sessionCode, { email, password: DEMO_PASSWORD, mfaType: 3, code: await nextTotp(t, email), mfaProcessId: step.res.body.result.MFAProcessId, ...extra });
  if (res.status !== 200) throw new Error(`code step: ${res.text}`);
  await finishHandOff(c, res.body.result, step.verifier);
  return res;
}

/** Whether the password alone signs `c` in (a trusted browser) or the second factor is asked. */
export async function skipsCode(c: Client, email = MFA_EMAIL): Promise<boolean> {
  c.cookies.delete('uid_sso');
  const step = await passwordStep(c, email);
  if (step.res.status === 200) return true;
  if (step.res.body.errorCode !== E.mfaRequired) throw new Error(`expected -20677 or success, got ${step.res.text}`);
  return false;
}

export async function accountIdOf(c: Client): Promise<string> {
  return (await c.get('/api/user-info', { auth: true })).body.result.accountId;
}
