import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { accountRow, createAccount, createOneTimeToken } from '@portal/server-api';
import { Client, DEMO_PASSWORD, finishHandOff, login, mails, signIn, startLogin, startServer, unlock, type TestServer } from '../../../server/test/harness';
import { CookieJar, follow, openSignIn, postForm } from '../../../server/test/providerWalk';
import { STAND_IN_USERS } from './dev/standIn';
import type { SocialTables } from './tables';

/**
 * Social sign-in against a real server and a real OpenID Connect provider standing in for Google
 * (started by the server off production): the provider's pages, the callback's checks, a new ID
 * after the region and policy step, linking after the ID's own password, the region's offer, and
 * the Security page's linked sign-ins (link, unlink, never the last way in).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-social-'));
const repoConfig = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../config/default.json'), 'utf8')) as { plugins: Record<string, unknown>; regions: Record<string, unknown> };
const configFile = path.join(dir, 'on.json');
// Google is offered in Euw and Use; not in Aps.
fs.writeFileSync(
  configFile,
  JSON.stringify({ ...repoConfig, plugins: { ...repoConfig.plugins, 'social-sign-in': { enabled: true, config: { providers: ['google'] } } }, regions: { Aps: { plugins: { 'social-sign-in': { config: { providers: [] } } } } } }),
);

const [gina, demo, una] = STAND_IN_USERS as [(typeof STAND_IN_USERS)[0], (typeof STAND_IN_USERS)[0], (typeof STAND_IN_USERS)[0]];
const CALLBACK = '/api/login/social/callback';
let t: TestServer;

beforeAll(async () => {
  t = await startServer({ portalConfigFile: configFile, appConfigFiles: {} });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Signs in at the stand-in's page; the portal callback URL it sends the browser to. */
async function atProvider(providerUrl: URL, user: { email: string; password: string }): Promise<URL> {
  const jar = new CookieJar();
  const { formUrl } = await openSignIn(jar, providerUrl, `${t.base}${CALLBACK}`);
  const walk = await follow(jar, await postForm(jar, formUrl, { email: user.email, password: user.password }), formUrl, `${t.base}${CALLBACK}`);
  expect(walk.callback).toBeDefined();
  return walk.callback!;
}

/** The callback in the browser `c`: where it is sent, and the fragment. */
async function back(c: Client, callback: URL): Promise<{ location: URL; fragment: URLSearchParams }> {
  const res = await c.get(callback.pathname + callback.search);
  expect(res.status, res.text).toBe(302);
  const location = new URL(res.headers.get('location')!);
  // Nothing of the proof in the query (logs, Referer): only in the fragment.
  expect(location.search).not.toMatch(/token/);
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

/** A sign-in "with Google" in a fresh browser, up to the login page's read of the proof. */
async function throughGoogle(user: { email: string; password: string }) {
  const c = new Client(t.base);
  const { sessionCode, verifier } = await startLogin(c);
  const start = await c.post('/api/login/social/start', { provider: 'google' }, { headers: { session_code: sessionCode } });
  expect(start.status, start.text).toBe(200);
  const callback = await atProvider(new URL(start.body.result.location), user);
  const { location, fragment } = await back(c, callback);
  expect(location.pathname).toBe('/login');
  expect(location.searchParams.get('module')).toBe('social');
  const proof = fragment.get('token') ?? '';
  const flow = proof ? await c.post('/api/login/social/flow', { proof }, { headers: { session_code: sessionCode } }) : null;
  return { c, sessionCode, verifier, callback, fragment, proof, flow };
}

const newAccount = (proof: string, country: string) => ({ proof, firstName: 'Gina', lastName: 'Gmail', country, acceptPrivacyVersion: t.server.ctx.options.privacyPolicyVersion, language: 'en_US' });
const links = () => t.server.ctx.stores.global.withTables<SocialTables>().selectFrom('social_sign_in_links').selectAll().execute();

describe('social sign-in with the Google stand-in', () => {
  it('starts only for a live login session, and only a provider the deployment offers', async () => {
    const c = new Client(t.base);
    expect((await c.post('/api/login/social/start', { provider: 'google' })).status).toBe(400);
    expect((await c.post('/api/login/social/start', { provider: 'google' }, { headers: { session_code: 'not-a-session' } })).body.errorCode).toBe(E.tokenExpired);
    const { sessionCode } = await startLogin(c);
    expect((await c.post('/api/login/social/start', { provider: 'apple' }, { headers: { session_code: sessionCode } })).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'provider' } });
    // Another site's page cannot start one in a victim's browser (login CSRF): no portal header, no flow cookie.
    const foreign = await c.post('/api/login/social/start', { provider: 'google' }, { headers: { session_code: sessionCode }, portal: false });
    expect(foreign.status).toBe(403);
  });

  it('makes a new ID after the country/region and policy step, in a region that offers the provider; then it signs in straight through', async () => {
    const first = await throughGoogle(gina);
    expect(first.flow!.body.result).toMatchObject({ status: 'create', provider: 'google', email: gina.email, givenName: 'Gina', familyName: 'Gmail', regions: ['Use', 'Euw'] });
    // Not an ID yet: the proof signs in nothing.
    expect((await login(first.c, first.sessionCode, { email: gina.email, externalProof: first.proof })).body.errorCode).toBe(E.invalidToken);
    // Japan is Aps, which does not offer Google; the policy must be the current one.
    expect((await first.c.post('/api/login/social/account', newAccount(first.proof, 'JP'), { headers: { session_code: first.sessionCode } })).body).toMatchObject({ errorCode: E.regionCodeInvalid, result: { field: 'country' } });
    expect((await first.c.post('/api/login/social/account', { ...newAccount(first.proof, 'DE'), acceptPrivacyVersion: 0 }, { headers: { session_code: first.sessionCode } })).body.errorCode).toBe(E.privacyPolicyUpdate);
    // A country code as typed in lower case is kept as every other ID's: upper case.
    const made = await first.c.post('/api/login/social/account', newAccount(first.proof, 'de'), { headers: { session_code: first.sessionCode } });
    expect(made.status, made.text).toBe(200);
    expect(made.body.result).toEqual({ email: gina.email });
    // Once: the same proof makes no second ID.
    expect((await first.c.post('/api/login/social/account', newAccount(first.proof, 'DE'), { headers: { session_code: first.sessionCode } })).body.errorCode).toBe(E.invalidToken);
    const signedIn = await login(first.c, first.sessionCode, { email: gina.email, externalProof: first.proof });
    expect(signedIn.status, signedIn.text).toBe(200);
    const account = await t.server.ctx.region('Euw').selectFrom('accounts').selectAll().where('email', '=', gina.email).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ activated_at: expect.any(Number), region_confirmed: 1, password_set: 0, country: 'DE' });
    // Spent: the proof does not sign in twice.
    expect((await login(first.c, first.sessionCode, { email: gina.email, externalProof: first.proof })).body.errorCode).toBe(E.invalidToken);

    const again = await throughGoogle(gina);
    expect(again.flow!.body.result).toMatchObject({ status: 'linked', email: gina.email });
    expect((await login(again.c, again.sessionCode, { email: gina.email, externalProof: again.proof })).status).toBe(200);
  });

  it('links an identity to the ID of its address only after that ID password', async () => {
    const walk = await throughGoogle(demo);
    expect(walk.flow!.body.result).toMatchObject({ status: 'link', email: demo.email });
    // Alone, an identity to link is no way in; nor beside a wrong password.
    expect((await login(walk.c, walk.sessionCode, { email: demo.email, externalProof: walk.proof })).body.errorCode).toBe(E.invalidParameter);
    expect((await login(walk.c, walk.sessionCode, { email: demo.email, password: 'Wrong-pass-2024', externalProof: walk.proof })).body.errorCode).toBe(E.wrongCredentials);
    expect((await login(walk.c, walk.sessionCode, { email: demo.email, password: DEMO_PASSWORD, externalProof: walk.proof })).status).toBe(200);
    const next = await throughGoogle(demo);
    expect(next.flow!.body.result.status).toBe('linked');
    expect((await login(next.c, next.sessionCode, { email: demo.email, externalProof: next.proof })).status).toBe(200);
  });

  it('refuses an address the provider does not vouch for', async () => {
    const walk = await throughGoogle(una);
    expect(walk.proof).toBe('');
    expect(walk.fragment.get('error')).toBe('unverified');
  });

  it('refuses a replayed answer, an answer in another browser, and a proof in another sign-in or browser', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const start = await c.post('/api/login/social/start', { provider: 'google' }, { headers: { session_code: sessionCode } });
    const callback = await atProvider(new URL(start.body.result.location), gina);
    const stranger = new Client(t.base);
    expect((await stranger.get(callback.pathname + callback.search)).status).toBe(400);
    const { fragment } = await back(c, callback);
    expect((await c.get(callback.pathname + callback.search)).status).toBe(400);
    const proof = fragment.get('token')!;
    expect((await login(stranger, sessionCode, { email: gina.email, externalProof: proof })).body.errorCode).toBe(E.invalidToken);
    const { sessionCode: other } = await startLogin(c);
    expect((await login(c, other, { email: gina.email, externalProof: proof })).body.errorCode).toBe(E.invalidToken);
    // A proof of another plugin's shape goes nowhere; nor one with anything added.
    expect((await login(c, sessionCode, { email: gina.email, externalProof: proof.replace(/^social\./, 'enterprise.') })).body.errorCode).toBe(E.invalidToken);
    expect((await login(c, sessionCode, { email: gina.email, externalProof: `${proof}.x` })).body.errorCode).toBe(E.invalidToken);
    expect((await login(c, sessionCode, { email: gina.email, externalProof: proof })).status).toBe(200);
  });

  it("an answer posted from another browser (the form-post route) decides nothing: it goes on as a GET that needs the flow's cookie", async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const start = await c.post('/api/login/social/start', { provider: 'google' }, { headers: { session_code: sessionCode } });
    const callback = await atProvider(new URL(start.body.result.location), gina);
    // A leaked answer, posted as Apple's form post would be, by someone else.
    const stranger = new Client(t.base);
    const posted = await stranger.req('POST', CALLBACK, { form: new URLSearchParams({ code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')!, id_token: 'x' }), portal: false, headers: { Origin: 'https://evil.example' } });
    expect(posted.status).toBe(303);
    const onward = new URL(posted.headers.get('location')!);
    expect(onward.pathname).toBe(CALLBACK);
    // The ID token posted is left behind; the code goes on.
    expect(onward.searchParams.has('id_token')).toBe(false);
    expect((await stranger.get(onward.pathname + onward.search)).status).toBe(400);
    // Not spent: the browser that started it finishes it.
    const { fragment } = await back(c, callback);
    expect(fragment.get('token')).toMatch(/^social\./);
  });

  it('a new start ends the open flow before it in the same sign-in', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const first = await c.post('/api/login/social/start', { provider: 'google' }, { headers: { session_code: sessionCode } });
    const firstCallback = await atProvider(new URL(first.body.result.location), gina);
    await c.post('/api/login/social/start', { provider: 'google' }, { headers: { session_code: sessionCode } });
    const flows = t.server.ctx.stores.global.withTables<SocialTables>().selectFrom('social_sign_in_flows').select('id').where('session_code', '=', sessionCode);
    expect(await flows.execute()).toHaveLength(1);
    expect((await c.get(firstCallback.pathname + firstCallback.search)).status).toBe(400);
  });

  it('a linked identity does not sign in to an ID of a region that does not offer the provider', async () => {
    // An ID in Aps (which offers no social sign-in) that Una's identity is linked to.
    const ctx = t.server.ctx;
    const row = accountRow(ctx, { email: 'una@aps.example', passwordHash: await ctx.passwords.hash(DEMO_PASSWORD), firstName: 'Una', lastName: 'Aps', country: 'JP', language: 'en_US', activated: true, privacyVersion: ctx.options.privacyPolicyVersion });
    await createAccount(ctx, 'Aps', row);
    await ctx.stores.global.withTables<SocialTables>().insertInto('social_sign_in_links').values({ provider: 'google', subject: una.sub, account_region: 'Aps', account_id: row.id, linked_at: ctx.now() }).execute();
    const walk = await throughGoogle(una);
    expect(walk.flow!.body.result).toMatchObject({ status: 'linked', email: 'una@aps.example' });
    const refused = await login(walk.c, walk.sessionCode, { email: 'una@aps.example', externalProof: walk.proof });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: E.regionUnavailable, result: { plugin: 'social-sign-in', offIn: 'Aps' } });
  });
});

describe('linked sign-ins on the Security page', () => {
  /** Gina, signed in with Google: an ID whose password no one knows. */
  async function ginaSignedIn(): Promise<Client> {
    const walk = await throughGoogle(gina);
    if (walk.flow!.body.result.status === 'link') {
      throw new Error('expected a linked identity');
    }
    const res = await login(walk.c, walk.sessionCode, { email: gina.email, externalProof: walk.proof });
    expect(res.status, res.text).toBe(200);
    await finishHandOff(walk.c, res.body.result, walk.verifier);
    return walk.c;
  }

  it('lists every linked sign-in and what may still be linked', async () => {
    const c = new Client(t.base);
    await signIn(c, demo.email, DEMO_PASSWORD);
    const me = await c.get('/api/user-info', { auth: true });
    const list = await c.get(`/api/accounts/${me.body.result.accountId}/linked-sign-ins`, { auth: true });
    expect(list.status, list.text).toBe(200);
    expect(list.body.result).toMatchObject({ identities: [{ id: 'social:google', kind: 'social', provider: 'google', removable: true }], linkable: [], passwordSet: true });
    // Someone else's list: refused.
    expect((await c.get('/api/accounts/someone-else/linked-sign-ins', { auth: true })).body.errorCode).toBe(E.accountError);
  });

  it('never unlinks the last way in; with a password set, it unlinks after the page is unlocked', async () => {
    const c = await ginaSignedIn();
    const me = await c.get('/api/user-info', { auth: true });
    const id = me.body.result.accountId as string;
    // Without the unlock: refused.
    expect((await c.post(`/api/accounts/${id}/linked-sign-ins/unlink`, { id: 'social:google' }, { auth: true })).body.errorCode).toBe(E.tokenFailure);
    // Gina knows no password, so she cannot unlock either: the server's rule is tested with a token made for her session.
    const token = await createOneTimeToken(t.server.ctx, 'Euw', id, 'security', 300, null, (await t.server.ctx.region('Euw').selectFrom('sso_sessions').select('id').where('account_id', '=', id).orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id);
    c.securityToken = token;
    const refused = await c.post(`/api/accounts/${id}/linked-sign-ins/unlink`, { id: 'social:google' }, { auth: true, security: true });
    expect(refused.body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'identity', reason: 'lastWayIn' } });
    expect((await links()).some((l) => l.account_id === id)).toBe(true);

    // Demo knows its password: Google comes off; a proof Google gave just before signs in no more.
    const pending = await throughGoogle(demo);
    expect(pending.flow!.body.result.status).toBe('linked');
    const d = new Client(t.base);
    await signIn(d, demo.email, DEMO_PASSWORD);
    const demoId = (await d.get('/api/user-info', { auth: true })).body.result.accountId as string;
    await unlock(d, DEMO_PASSWORD);
    const done = await d.post(`/api/accounts/${demoId}/linked-sign-ins/unlink`, { id: 'social:google' }, { auth: true, security: true });
    expect(done.status, done.text).toBe(200);
    expect(done.body.result).toMatchObject({ identities: [], linkable: ['google'] });
    expect((await login(pending.c, pending.sessionCode, { email: demo.email, externalProof: pending.proof })).body.errorCode).toBe(E.invalidToken);
    // Said where the owner looks: the security activity and a mail.
    const events = await d.get(`/api/account/${demoId}/security-events`, { auth: true });
    expect(events.body.result.events.map((e: { kind: string; detail?: { name?: string } }) => [e.kind, e.detail?.name])).toContainEqual(['sign_in_unlinked', 'Google']);
    expect((await mails(d, demo.email)).map((m) => m.subject)).toContain('Google no longer signs you in to your Unified ID');
  });

  it('links Google from the Security page in the browser that asked; an identity linked to another ID is refused', async () => {
    const d = new Client(t.base);
    await signIn(d, demo.email, DEMO_PASSWORD);
    const demoId = (await d.get('/api/user-info', { auth: true })).body.result.accountId as string;
    // The unlock comes first.
    expect((await d.post(`/api/accounts/${demoId}/linked-sign-ins/link`, { provider: 'google' }, { auth: true })).body.errorCode).toBe(E.tokenFailure);
    await unlock(d, DEMO_PASSWORD);
    const linkAs = async (user: { email: string; password: string }) => {
      const start = await d.post(`/api/accounts/${demoId}/linked-sign-ins/link`, { provider: 'google' }, { auth: true, security: true });
      expect(start.status, start.text).toBe(200);
      expect(new URL(start.body.result.location).searchParams.get('prompt')).toBe('select_account');
      return back(d, await atProvider(new URL(start.body.result.location), user));
    };
    // Gina's Google is Gina's ID's: not linked to Demo's.
    const taken = await linkAs(gina);
    expect(taken.location.pathname).toBe('/accountSetting/security');
    expect(taken.fragment.get('social-error')).toBe('taken');

    const own = await linkAs(demo);
    const proof = own.fragment.get('token')!;
    // Another signed-in account, or another browser, cannot use the proof.
    const g = await ginaSignedIn();
    const ginaId = (await g.get('/api/user-info', { auth: true })).body.result.accountId as string;
    expect((await g.post(`/api/accounts/${ginaId}/linked-sign-ins/finish`, { proof }, { auth: true })).body.errorCode).toBe(E.invalidToken);
    const finished = await d.post(`/api/accounts/${demoId}/linked-sign-ins/finish`, { proof }, { auth: true });
    expect(finished.status, finished.text).toBe(200);
    // The address Google gave is shown with the link; the link is in the activity and mailed.
    expect(finished.body.result.identities).toMatchObject([{ id: 'social:google', email: demo.email }]);
    const events = await d.get(`/api/account/${demoId}/security-events`, { auth: true });
    expect(events.body.result.events.map((e: { kind: string }) => e.kind)).toContain('sign_in_linked');
    expect((await mails(d, demo.email)).map((m) => m.subject)).toContain('Google now signs you in to your Unified ID');
    // Once.
    expect((await d.post(`/api/accounts/${demoId}/linked-sign-ins/finish`, { proof }, { auth: true })).body.errorCode).toBe(E.invalidToken);
  });
});
