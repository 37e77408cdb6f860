import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, finishHandOff, login, signIn, startLogin, startServer, unlock, type TestServer } from './harness';
import { withPasskey as registerPasskey } from './passkeyHelpers';
import { SoftAuthenticator } from './softAuthenticator';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

type Json = Record<string, unknown>;

/** A passkey registered for `email` in this file's server. */
function withPasskey(email: string, device = new SoftAuthenticator(t.base), name = 'Laptop') {
  return registerPasskey(t, email, device, name);
}

/** The login page's ceremony: a fresh login session, its options, the assertion, the verification. */
async function passkeySignIn(device: SoftAuthenticator, pick?: (options: Json) => Json) {
  const c = new Client(t.base);
  const { sessionCode, verifier } = await startLogin(c);
  const headers = { session_code: sessionCode };
  const options = (await c.post('/api/login/passkey/options', {}, { headers })).body.result.options as Json;
  const verified = await c.post('/api/login/passkey/verify', { response: pick ? pick(options) : device.get(options) }, { headers });
  return { c, sessionCode, verifier, headers, options, verified };
}

describe('passkey registration (security page)', () => {
  it('needs the unlock, requires user verification and a name, and lists, renames and removes', async () => {
    const c = new Client(t.base);
    await signIn(c, 'owner@example.com', DEMO_PASSWORD);
    const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId as string;
    expect((await c.post('/api/passkeys/register/options', undefined, { auth: true })).body.errorCode).toBe(E.tokenFailure);
    await unlock(c, DEMO_PASSWORD);
    const device = new SoftAuthenticator(t.base);
    const options = (await c.post('/api/passkeys/register/options', undefined, { auth: true, security: true })).body.result.options as Json;
    expect(options).toMatchObject({ rp: { id: '127.0.0.1' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' }, attestation: 'none' });
    expect(Buffer.from((options.user as { id: string }).id, 'base64url').toString()).toBe(id);
    // Without user verification: refused.
    const noUv = await c.post('/api/passkeys/register', { response: device.create(options, { noUv: true }), name: 'No UV' }, { auth: true, security: true });
    expect(noUv.body.errorCode).toBe(E.wrongCredentials);
    // The challenge was spent by that attempt: a good response to it is refused too.
    const reused = await c.post('/api/passkeys/register', { response: device.create(options), name: 'Reused' }, { auth: true, security: true });
    expect(reused.body.errorCode).toBe(E.wrongCredentials);
    const fresh = (await c.post('/api/passkeys/register/options', undefined, { auth: true, security: true })).body.result.options as Json;
    expect((await c.post('/api/passkeys/register', { response: device.create(fresh), name: '   ' }, { auth: true, security: true })).body.errorCode).toBe(E.invalidParameter);
    const wrongOrigin = await c.post('/api/passkeys/register', { response: device.create(fresh, { origin: 'https://evil.example' }), name: 'Evil' }, { auth: true, security: true });
    expect(wrongOrigin.body.errorCode).toBe(E.wrongCredentials);
    const again = (await c.post('/api/passkeys/register/options', undefined, { auth: true, security: true })).body.result.options as Json;
    const added = await c.post('/api/passkeys/register', { response: device.create(again), name: '  Work   laptop ' }, { auth: true, security: true });
    expect(added.body.result.passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const list = (await c.get(`/api/account/${id}/passkeys`, { auth: true })).body.result.passkeys as Array<{ id: string; name: string }>;
    expect(list.map((p) => p.name)).toEqual(['Work laptop']);
    // The next options exclude the passkeys the account has.
    const next = (await c.post('/api/passkeys/register/options', undefined, { auth: true, security: true })).body.result.options as Json;
    expect((next.excludeCredentials as Array<{ id: string }>).map((x) => x.id)).toEqual([list[0]!.id]);

    expect((await c.post('/api/passkeys/rename', { id: list[0]!.id, name: 'Desk' }, { auth: true })).body.errorCode).toBe(E.tokenFailure);
    expect((await c.post('/api/passkeys/rename', { id: list[0]!.id, name: 'Desk' }, { auth: true, security: true })).body.result.passkey.name).toBe('Desk');
    // Another account cannot see, rename or remove it.
    const other = new Client(t.base);
    await signIn(other, 'admin@example.com', DEMO_PASSWORD);
    await unlock(other, DEMO_PASSWORD);
    expect((await other.get(`/api/account/${id}/passkeys`, { auth: true })).body.errorCode).toBe(E.accountError);
    expect((await other.post('/api/passkeys/rename', { id: list[0]!.id, name: 'Mine' }, { auth: true, security: true })).body.errorCode).toBe(E.invalidParameter);
    expect((await other.post('/api/passkeys/delete', { id: list[0]!.id }, { auth: true, security: true })).body.errorCode).toBe(E.invalidParameter);
    expect((await c.post('/api/passkeys/delete', { id: list[0]!.id }, { auth: true, security: true })).body.result.deleted).toBe(list[0]!.id);
    expect((await c.get(`/api/account/${id}/passkeys`, { auth: true })).body.result.passkeys).toEqual([]);
  });

  it('refuses a challenge issued to another account', async () => {
    const a = new Client(t.base);
    await signIn(a, 'founder@example.com', DEMO_PASSWORD);
    await unlock(a, DEMO_PASSWORD);
    const b = new Client(t.base);
    await signIn(b, 'applicant@example.com', DEMO_PASSWORD);
    await unlock(b, DEMO_PASSWORD);
    const device = new SoftAuthenticator(t.base);
    const forA = (await a.post('/api/passkeys/register/options', undefined, { auth: true, security: true })).body.result.options as Json;
    expect((await b.post('/api/passkeys/register', { response: device.create(forA), name: 'Stolen' }, { auth: true, security: true })).body.errorCode).toBe(E.wrongCredentials);
  });
});

describe('passkey sign-in (login page)', () => {
  it('signs in without an address, satisfies MFA, and hands off like a password sign-in', async () => {
    // Registered while two-factor is off (the password alone signs in), then turned on.
    const db = t.server.ctx.region('Euw');
    await db.updateTable('accounts').set({ mfa_enabled: 0 }).where('email', '=', 'mfa@example.com').execute();
    const { device, accountId } = await withPasskey('mfa@example.com');
    await db.updateTable('accounts').set({ mfa_enabled: 1 }).where('email', '=', 'mfa@example.com').execute();
    const { c, sessionCode, verifier, options, verified } = await passkeySignIn(device);
    expect(options).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]); // discoverable: the browser offers the site's passkeys
    expect(verified.body.result.email).toBe('mfa@example.com');
    // The account has two-factor on: the passkey is enough (no -20677).
    const done = await login(c, sessionCode, { email: 'mfa@example.com', passkeyProof: verified.body.result.passkeyProof });
    expect(done.status).toBe(200);
    // The proof completed one sign-in: it cannot complete it again (a browser without the new session).
    const replay = await login(new Client(t.base), sessionCode, { email: 'mfa@example.com', passkeyProof: verified.body.result.passkeyProof });
    expect(replay.body.errorCode).toBe(E.invalidToken);
    const tokens = await finishHandOff(c, done.body.result, verifier);
    expect((await c.get('/api/user-info', { auth: true })).body.result.accountId).toBe(accountId);
    expect(tokens.region).toBe('Euw');
    const session = await t.server.ctx.region('Euw').selectFrom('sso_sessions').select('auth_methods').where('account_id', '=', accountId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(session.auth_methods).toBe('hwk mfa');
    // The list shows when it was last used.
    const list = (await c.get(`/api/account/${accountId}/passkeys`, { auth: true })).body.result.passkeys as Array<{ lastUsedAt: number | null }>;
    expect(list[0]!.lastUsedAt).not.toBeNull();
  });

  it('finds a passkey of an account in another region', async () => {
    const { device } = await withPasskey('us@example.com');
    const { c, sessionCode, verifier, verified } = await passkeySignIn(device);
    const done = await login(c, sessionCode, { email: 'us@example.com', passkeyProof: verified.body.result.passkeyProof });
    expect((await finishHandOff(c, done.body.result, verifier)).region).toBe('Use');
  });

  it('goes through the privacy notice like a password sign-in, the proof standing in for the password', async () => {
    const version = t.server.ctx.options.privacyPolicyVersion;
    await t.server.ctx.region('Euw').updateTable('accounts').set({ privacy_version: version }).where('email', '=', 'privacy@example.com').execute();
    const { device } = await withPasskey('privacy@example.com');
    await t.server.ctx.region('Euw').updateTable('accounts').set({ privacy_version: version - 1 }).where('email', '=', 'privacy@example.com').execute();
    const { c, sessionCode, verifier, verified } = await passkeySignIn(device);
    const body = { email: 'privacy@example.com', passkeyProof: verified.body.result.passkeyProof };
    const first = await login(c, sessionCode, body);
    expect(first.body.errorCode).toBe(E.privacyPolicyUpdate);
    const accepted = await login(c, sessionCode, { ...body, acceptPrivacyVersion: version });
    expect(accepted.status).toBe(200);
    await finishHandOff(c, accepted.body.result, verifier);
  });

  it('refuses a wrong challenge, a reused challenge, a wrong origin, missing UV and a counter that went back', async () => {
    const { device } = await withPasskey('member@example.com');
    // A challenge of another login session.
    const other = await passkeySignIn(device);
    const wrong = await passkeySignIn(device, () => device.get(other.options));
    expect(wrong.verified.body.errorCode).toBe(E.wrongCredentials);
    // A challenge made up by the page.
    const madeUp = await passkeySignIn(device, (o) => device.get(o, undefined, { challenge: Buffer.from('made-up').toString('base64url') }));
    expect(madeUp.verified.body.errorCode).toBe(E.wrongCredentials);
    // The same challenge twice: the first use spent it.
    const first = await passkeySignIn(device);
    expect(first.verified.status).toBe(200);
    const replay = await first.c.post('/api/login/passkey/verify', { response: device.get(first.options) }, { headers: first.headers });
    expect(replay.body.errorCode).toBe(E.wrongCredentials);
    const wrongOrigin = await passkeySignIn(device, (o) => device.get(o, undefined, { origin: 'https://evil.example' }));
    expect(wrongOrigin.verified.body.errorCode).toBe(E.wrongCredentials);
    const noUv = await passkeySignIn(device, (o) => device.get(o, undefined, { noUv: true }));
    expect(noUv.verified.body.errorCode).toBe(E.wrongCredentials);
    const credential = device.credentials[0]!;
    const back = await passkeySignIn(device, (o) => device.get(o, credential, { counter: 1 }));
    expect(back.verified.body.errorCode).toBe(E.wrongCredentials);
    // Still fine with a counter that moved on.
    expect((await passkeySignIn(device, (o) => device.get(o, credential, { counter: credential.counter + 5 }))).verified.status).toBe(200);
  });

  it('refuses an unknown credential, a removed one, and another account’s', async () => {
    const stranger = new SoftAuthenticator(t.base);
    stranger.create({ rp: { id: '127.0.0.1' }, user: { id: Buffer.from('nobody').toString('base64url') }, challenge: 'x' });
    expect((await passkeySignIn(stranger)).verified.body.errorCode).toBe(E.wrongCredentials);

    const { c, device, passkey } = await withPasskey('founder@example.com');
    const mine = device.credentials[0]!;
    // A credential of this account that claims to be another's (its user handle names someone else).
    const { accountId: otherId } = await withPasskey('demo@example.com');
    const claimed = await passkeySignIn(device, (o) => device.get(o, mine, { userHandle: Buffer.from(otherId).toString('base64url') }));
    expect(claimed.verified.body.errorCode).toBe(E.wrongCredentials);
    // A proof is for the address of its account only.
    const ok = await passkeySignIn(device);
    expect((await login(ok.c, ok.sessionCode, { email: 'demo@example.com', passkeyProof: ok.verified.body.result.passkeyProof })).body.errorCode).toBe(E.accountError);
    // And for its own login session only.
    const elsewhere = await startLogin(ok.c);
    expect((await login(ok.c, elsewhere.sessionCode, { email: 'founder@example.com', passkeyProof: ok.verified.body.result.passkeyProof })).body.errorCode).toBe(E.invalidToken);
    // Removed: no longer signs in.
    await c.post('/api/passkeys/delete', { id: passkey.id }, { auth: true, security: true });
    expect((await passkeySignIn(device)).verified.body.errorCode).toBe(E.wrongCredentials);
  });

  it('a sign-in without password or proof is refused', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    expect((await login(c, sessionCode, { email: 'demo@example.com' })).body.errorCode).toBe(E.invalidParameter);
  });
});

describe('passkey as the second factor', () => {
  it('passes MFA after the password with a passkey of that account only', async () => {
    const { device } = await withPasskey('admin@example.com');
    const db = t.server.ctx.region('Euw');
    await db.updateTable('accounts').set({ mfa_enabled: 1, mfa_email: 1, mfa_primary: 2 }).where('email', '=', 'admin@example.com').execute();
    try {
      const c = new Client(t.base);
      const { sessionCode, verifier } = await startLogin(c);
      const headers = { session_code: sessionCode };
      const first = await login(c, sessionCode, { email: 'admin@example.com', password: DEMO_PASSWORD });
      expect(first.body.errorCode).toBe(E.mfaRequired);
      const mfaProcessId = first.body.result.MFAProcessId as string;
      expect(first.body.result.passkey).toBe(true);
      const options = (await c.post('/api/login/passkey/options', { mfaProcessId }, { headers })).body.result.options as Json;
      expect((options.allowCredentials as Array<{ id: string }>).length).toBe(1);
      // Another account's passkey does not pass this account's MFA.
      const { device: otherDevice } = await withPasskey('owner@example.com');
      const foreign = await c.post('/api/login/passkey/verify', { response: otherDevice.get(options, otherDevice.credentials.at(-1)), mfaProcessId }, { headers });
      expect(foreign.body.errorCode).toBe(E.wrongCredentials);
      // A challenge of the sign-in (not of this MFA process) is refused as well.
      const plain = (await c.post('/api/login/passkey/options', {}, { headers })).body.result.options as Json;
      expect((await c.post('/api/login/passkey/verify', { response: device.get(plain), mfaProcessId }, { headers })).body.errorCode).toBe(E.wrongCredentials);
      const again = (await c.post('/api/login/passkey/options', { mfaProcessId }, { headers })).body.result.options as Json;
      const verified = await c.post('/api/login/passkey/verify', { response: device.get(again), mfaProcessId }, { headers });
      expect(verified.status).toBe(200);
      const done = await login(c, sessionCode, { email: 'admin@example.com', password: DEMO_PASSWORD, passkeyProof: verified.body.result.passkeyProof, mfaProcessId });
      expect(done.body).toMatchObject({ result: { serviceUrl: expect.any(String) } });
      // Beside a wrong password the proof counts for nothing.
      const wrong = await login(new Client(t.base), sessionCode, { email: 'admin@example.com', password: 'Wrong-pass-1', passkeyProof: verified.body.result.passkeyProof, mfaProcessId });
      expect(wrong.body.errorCode).toBe(E.wrongCredentials);
      await finishHandOff(c, done.body.result, verifier);
      const session = await db.selectFrom('sso_sessions').select('auth_methods').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      expect(session.auth_methods).toBe('pwd hwk mfa');
    } finally {
      await db.updateTable('accounts').set({ mfa_enabled: 0, mfa_email: 0, mfa_primary: null }).where('email', '=', 'admin@example.com').execute();
    }
  });
});
