import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { accountRow, createAccount } from '@portal/server-api';
import { Client, DEMO_PASSWORD, login, signIn, startLogin, startServer, type TestServer } from '../../../server/test/harness';
import { CookieJar, follow, openSignIn, postForm, send } from '../../../server/test/providerWalk';
import { DEMO_PROVIDER_USERS } from './dev/standIns';
import type { EnterpriseTables } from './tables';

/**
 * Enterprise sign-in against a real server and a real OpenID Connect provider (the demo company's
 * local one, started by the server off production): discovery by domain, the provider's pages, the
 * callback's checks (openid-client's), linking by subject after the account's own proof, a new ID
 * with the company's membership, the company's requirement, and its owner's settings.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-enterprise-'));
const repoConfig = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../config/default.json'), 'utf8')) as { plugins: Record<string, unknown> };
const configFile = path.join(dir, 'on.json');
fs.writeFileSync(configFile, JSON.stringify({ ...repoConfig, plugins: { ...repoConfig.plugins, 'enterprise-sso': { enabled: true } } }));

const [ada, ben] = DEMO_PROVIDER_USERS as [(typeof DEMO_PROVIDER_USERS)[0], (typeof DEMO_PROVIDER_USERS)[0]];
let t: TestServer;
let owner: Client;
let contosoId: string;

beforeAll(async () => {
  t = await startServer({ portalConfigFile: configFile, appConfigFiles: {} });
  owner = new Client(t.base);
  await signIn(owner, 'owner@example.com', DEMO_PASSWORD);
  const me = await owner.get('/api/user-info', { auth: true });
  const orgs = await owner.get(`/api/accounts/${me.body.result.accountId}/orgs`, { auth: true });
  contosoId = orgs.body.result.orgs[0].id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** One sign-in in a fresh browser: discovery, then off to the provider and back to the portal's callback. */
async function toProvider(email: string) {
  const c = new Client(t.base);
  const { sessionCode } = await startLogin(c);
  const found = await c.post('/api/login/enterprise/discover', { email }, { headers: { session_code: sessionCode } });
  expect(found.status, found.text).toBe(200);
  const start = await c.post('/api/login/enterprise/start', { email }, { headers: { session_code: sessionCode } });
  expect(start.status, start.text).toBe(200);
  return { c, sessionCode, found: found.body.result, providerUrl: new URL(start.body.result.location) };
}

const CALLBACK = '/api/login/enterprise/callback';

/** Signs in at the provider's page; the portal callback URL it sends the browser to. */
async function atProvider(providerUrl: URL, email: string, password: string): Promise<URL> {
  const jar = new CookieJar();
  const { formUrl } = await openSignIn(jar, providerUrl, `${t.base}${CALLBACK}`);
  const walk = await follow(jar, await postForm(jar, formUrl, { email, password }), formUrl, `${t.base}${CALLBACK}`);
  expect(walk.callback).toBeDefined();
  return walk.callback!;
}

/** The callback in the browser that started: the login page's fragment. */
async function back(c: Client, callback: URL): Promise<URLSearchParams> {
  const res = await c.get(callback.pathname + callback.search);
  expect(res.status, res.text).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(location.pathname).toBe('/login');
  expect(location.searchParams.get('module')).toBe('enterprise');
  // Nothing of the proof in the query (logs, Referer): only in the fragment.
  expect(location.search).not.toMatch(/token/);
  return new URLSearchParams(location.hash.slice(1));
}

async function throughProvider(user: { email: string; password: string }) {
  const walk = await toProvider(user.email);
  const fragment = await back(walk.c, await atProvider(walk.providerUrl, user.email, user.password));
  const proof = fragment.get('token')!;
  const flow = await walk.c.post('/api/login/enterprise/flow', { proof }, { headers: { session_code: walk.sessionCode } });
  return { ...walk, fragment, proof, flow };
}

describe('enterprise sign-in (the demo company and its local provider)', () => {
  it('discovers the company by the address domain, and nothing for another domain', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const other = await c.post('/api/login/enterprise/discover', { email: 'demo@example.com' }, { headers: { session_code: sessionCode } });
    expect(other.body.result).toEqual({ company: null });
    const contoso = await c.post('/api/login/enterprise/discover', { email: 'Ada@Contoso.Example' }, { headers: { session_code: sessionCode } });
    expect(contoso.body.result).toEqual({ company: 'Contoso Demo Ltd' });
    // The login page asks, not a foreign page or a back end without its login session.
    expect((await c.post('/api/login/enterprise/discover', { email: 'ada@contoso.example' })).status).toBe(400);
  });

  it('makes a new ID for an identity without one: activated, in the company, linked by subject; then it signs in without a password', async () => {
    const first = await throughProvider(ada);
    expect(first.flow.body.result).toMatchObject({ status: 'create', company: 'Contoso Demo Ltd', email: ada.email, givenName: 'Ada', familyName: 'Lovelace', country: 'DE' });
    // Not yet an ID: the proof signs in nothing.
    expect((await login(first.c, first.sessionCode, { email: ada.email, externalProof: first.proof })).body.errorCode).toBe(E.invalidToken);
    const made = await first.c.post(
      '/api/login/enterprise/account',
      { proof: first.proof, firstName: 'Ada', lastName: 'Lovelace', country: 'DE', acceptPrivacyVersion: t.server.ctx.options.privacyPolicyVersion, language: 'en_US' },
      { headers: { session_code: first.sessionCode } },
    );
    expect(made.status, made.text).toBe(200);
    expect(made.body.result).toEqual({ email: ada.email, joined: true });
    const signedIn = await login(first.c, first.sessionCode, { email: ada.email, externalProof: first.proof });
    expect(signedIn.status, signedIn.text).toBe(200);
    // Spent: the same proof does not sign in twice.
    expect((await login(first.c, first.sessionCode, { email: ada.email, externalProof: first.proof })).body.errorCode).toBe(E.invalidToken);

    const again = await throughProvider(ada);
    expect(again.flow.body.result.status).toBe('linked');
    const second = await login(again.c, again.sessionCode, { email: ada.email, externalProof: again.proof });
    expect(second.status, second.text).toBe(200);
    // The owner's page lists her as a linked member.
    const page = await owner.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true });
    expect(page.body.result.members).toContainEqual({ email: ada.email, linked: true });
    expect(page.body.result.members).toContainEqual({ email: 'member@example.com', linked: false });
  });

  it('links an identity to the existing ID of its address only after that ID password', async () => {
    await createAccount(t.server.ctx, 'Euw', accountRow(t.server.ctx, { email: ben.email, passwordHash: await t.server.ctx.passwords.hash(DEMO_PASSWORD), firstName: 'Ben', lastName: 'Builder', country: 'DE', language: 'en_US', activated: true, privacyVersion: t.server.ctx.options.privacyPolicyVersion }));
    const walk = await throughProvider(ben);
    expect(walk.flow.body.result.status).toBe('link');
    // Alone, an identity to link is no way in; nor beside a wrong password.
    expect((await login(walk.c, walk.sessionCode, { email: ben.email, externalProof: walk.proof })).body.errorCode).toBe(E.invalidParameter);
    expect((await login(walk.c, walk.sessionCode, { email: ben.email, password: 'Wrong-pass-2024', externalProof: walk.proof })).body.errorCode).toBe(E.wrongCredentials);
    const linked = await login(walk.c, walk.sessionCode, { email: ben.email, password: DEMO_PASSWORD, externalProof: walk.proof });
    expect(linked.status, linked.text).toBe(200);
    const next = await throughProvider(ben);
    expect(next.flow.body.result.status).toBe('linked');
    expect((await login(next.c, next.sessionCode, { email: ben.email, externalProof: next.proof })).status).toBe(200);
  });

  it("starts a flow only by the login page's own call: not by a link or another site's page (login CSRF)", async () => {
    const attacker = new Client(t.base);
    const { sessionCode } = await startLogin(attacker);
    // A link into the victim's browser (the start was a page once): nothing there.
    expect((await new Client(t.base).get(`/api/login/enterprise/start?session_code=${sessionCode}&email=ada%40contoso.example`)).status).toBe(404);
    // Another site's page posting it (no portal header, or another origin): refused, no flow cookie set.
    const victim = new Client(t.base);
    const foreign = await victim.post('/api/login/enterprise/start', { email: ada.email }, { headers: { session_code: sessionCode }, portal: false });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a replayed answer, an answer in another browser, and a proof in another sign-in', async () => {
    const walk = await toProvider(ada.email);
    const callback = await atProvider(walk.providerUrl, ada.email, ada.password);
    // Another browser (no flow cookie): login CSRF refused.
    const stranger = new Client(t.base);
    expect((await stranger.get(callback.pathname + callback.search)).status).toBe(400);
    const fragment = await back(walk.c, callback);
    // The same answer again.
    expect((await walk.c.get(callback.pathname + callback.search)).status).toBe(400);
    // The proof (and its login session) in another browser: a link sent to someone signs nobody in.
    const proof = fragment.get('token')!;
    expect((await login(stranger, walk.sessionCode, { email: ada.email, externalProof: proof })).body.errorCode).toBe(E.invalidToken);
    expect((await stranger.post('/api/login/enterprise/flow', { proof }, { headers: { session_code: walk.sessionCode } })).body.errorCode).toBe(E.invalidToken);
    // The proof in another login session of the same browser.
    const { sessionCode: other } = await startLogin(walk.c);
    expect((await login(walk.c, other, { email: ada.email, externalProof: fragment.get('token')! })).body.errorCode).toBe(E.invalidToken);
    expect((await walk.c.post('/api/login/enterprise/flow', { proof: fragment.get('token')! }, { headers: { session_code: other } })).body.errorCode).toBe(E.invalidToken);
  });

  it('a company that requires its sign-in refuses its members password with its name, and takes the provider', async () => {
    const current = (await owner.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true })).body.result.connection;
    const put = (required: boolean) => owner.req('PUT', `/api/orgs/${contosoId}/enterprise-sso`, { auth: true, body: { issuer: current.issuer, clientId: current.clientId, secondFactor: 'provider', required } });
    // Signed in with their passwords before: ben (of the domain) and a member outside it.
    const benBefore = new Client(t.base);
    await signIn(benBefore, ben.email, DEMO_PASSWORD);
    const memberBefore = new Client(t.base);
    await signIn(memberBefore, 'member@example.com', DEMO_PASSWORD);
    expect((await put(true)).status).toBe(200);
    // From now on: ben's password session ends; the member's (who could never sign in there) goes on.
    expect((await benBefore.post('/api/refresh-token', { refreshToken: benBefore.refreshToken })).status).not.toBe(200);
    expect((await memberBefore.post('/api/refresh-token', { refreshToken: memberBefore.refreshToken })).status).toBe(200);
    try {
      const c = new Client(t.base);
      const { sessionCode } = await startLogin(c);
      const refused = await login(c, sessionCode, { email: ben.email, password: DEMO_PASSWORD });
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe(E.enterpriseSignInRequired);
      expect(refused.body.result).toEqual({ company: 'Contoso Demo Ltd' });
      // Carol, a member with a password, of the company's domain, not linked yet: the same.
      expect((await login(c, sessionCode, { email: 'carol@contoso.example', password: DEMO_PASSWORD })).body.errorCode).toBe(E.enterpriseSignInRequired);
      // A member whose address is outside the company's domains could never sign in there: not locked out.
      const { sessionCode: own } = await startLogin(c);
      expect((await login(c, own, { email: 'member@example.com', password: DEMO_PASSWORD })).status).toBe(200);
      // Carol links with her password beside the provider's proof: that is the company's own sign-in.
      const carol = await throughProvider({ email: 'carol@contoso.example', password: 'Contoso-Directory-1' });
      expect(carol.flow.body.result.status).toBe('link');
      expect((await login(carol.c, carol.sessionCode, { email: 'carol@contoso.example', password: DEMO_PASSWORD, externalProof: carol.proof })).status).toBe(200);
      // A wrong password is still just wrong (the requirement tells nothing to a guesser).
      expect((await login(c, sessionCode, { email: ben.email, password: 'Wrong-pass-2024' })).body.errorCode).toBe(E.wrongCredentials);
      const walk = await throughProvider(ben);
      expect((await login(walk.c, walk.sessionCode, { email: ben.email, externalProof: walk.proof })).status).toBe(200);
    } finally {
      expect((await put(false)).status).toBe(200);
    }
  });
});

describe("the company's settings", () => {
  it('only a certified company owner or admin reads and changes them', async () => {
    const member = new Client(t.base);
    await signIn(member, 'member@example.com', DEMO_PASSWORD);
    expect((await member.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true })).body.errorCode).toBe(E.permissionDenied);
    const founder = new Client(t.base);
    await signIn(founder, 'founder@example.com', DEMO_PASSWORD);
    const me = await founder.get('/api/user-info', { auth: true });
    const fabrikam = (await founder.get(`/api/accounts/${me.body.result.accountId}/orgs`, { auth: true })).body.result.orgs[0].id;
    expect((await founder.get(`/api/orgs/${fabrikam}/enterprise-sso`, { auth: true })).body.errorCode).toBe(E.orgUnverified);
    const admin = new Client(t.base);
    await signIn(admin, 'admin@example.com', DEMO_PASSWORD);
    const read = await admin.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true });
    expect(read.status).toBe(200);
    expect(read.body.result.redirectUri).toBe(`${t.base}${CALLBACK}`);
    // The secret is never sent back.
    expect(read.text).not.toMatch(/clientSecret/);
  });

  it('refuses an issuer that is not https, and one that does not answer discovery', async () => {
    const put = (issuer: string) => owner.req('PUT', `/api/orgs/${contosoId}/enterprise-sso`, { auth: true, body: { issuer, clientId: 'x', clientSecret: 'y', secondFactor: 'provider', required: false } });
    const http = await put('http://idp.example.com');
    expect(http.body.errorCode).toBe(E.invalidParameter);
    expect(http.body.result).toEqual({ field: 'issuer' });
    expect((await put('http://localhost:1')).body.errorCode).toBe(E.identityProviderFailed);
  });

  it('a domain routes sign-ins only once its DNS record proves it', async () => {
    const claim = await owner.post(`/api/orgs/${contosoId}/enterprise-sso/domains`, { domain: 'Contoso-Two.Example.' }, { auth: true });
    expect(claim.status, claim.text).toBe(200);
    const domain = claim.body.result.connection.domains.find((d: { domain: string }) => d.domain === 'contoso-two.example');
    expect(domain).toMatchObject({ verified: false, record: { name: '_unified-id-challenge.contoso-two.example', value: expect.stringMatching(/^unified-id-verification=/) } });
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    expect((await c.post('/api/login/enterprise/discover', { email: 'x@contoso-two.example' }, { headers: { session_code: sessionCode } })).body.result.company).toBeNull();
    expect((await owner.post(`/api/orgs/${contosoId}/enterprise-sso/domains/verify`, { domain: 'contoso-two.example' }, { auth: true })).body.errorCode).toBe(E.domainNotProven);
    await c.post('/dev/dns-txt', domain.record);
    const verified = await owner.post(`/api/orgs/${contosoId}/enterprise-sso/domains/verify`, { domain: 'contoso-two.example' }, { auth: true });
    expect(verified.body.result.connection.domains).toContainEqual({ ...domain, verified: true });
    expect((await c.post('/api/login/enterprise/discover', { email: 'x@contoso-two.example' }, { headers: { session_code: sessionCode } })).body.result.company).toBe('Contoso Demo Ltd');
    expect((await owner.post(`/api/orgs/${contosoId}/enterprise-sso/domains`, { domain: 'not a domain' }, { auth: true })).body.errorCode).toBe(E.invalidParameter);
  });

  it('a claim squats nothing: another company pending claim does not stop a company proving its domain; a proven one does', async () => {
    const store = t.server.ctx.stores.global.withTables<EnterpriseTables>();
    await store.insertInto('enterprise_sso_domains').values({ domain: 'squatted.example', connection_id: 'another-company', token: 'x', verified_at: null, created_at: Date.now() }).execute();
    const claim = await owner.post(`/api/orgs/${contosoId}/enterprise-sso/domains`, { domain: 'squatted.example' }, { auth: true });
    expect(claim.status, claim.text).toBe(200);
    const record = claim.body.result.connection.domains.find((d: { domain: string }) => d.domain === 'squatted.example').record;
    await new Client(t.base).post('/dev/dns-txt', record);
    expect((await owner.post(`/api/orgs/${contosoId}/enterprise-sso/domains/verify`, { domain: 'squatted.example' }, { auth: true })).status).toBe(200);
    // Proven: the other company's pending claim is gone, and no one else can claim it now.
    expect(await store.selectFrom('enterprise_sso_domains').select('connection_id').where('domain', '=', 'squatted.example').execute()).toEqual([{ connection_id: expect.not.stringMatching(/^another-company$/) }]);
    await store.insertInto('enterprise_sso_domains').values({ domain: 'proven-elsewhere.example', connection_id: 'another-company', token: 'y', verified_at: Date.now(), created_at: Date.now() }).execute();
    expect((await owner.post(`/api/orgs/${contosoId}/enterprise-sso/domains`, { domain: 'proven-elsewhere.example' }, { auth: true })).body.errorCode).toBe(E.domainClaimed);
  });
});

/**
 * A provider that answers as the test says: discovery, keys, an authorization that comes straight
 * back, and a token endpoint whose ID token is forged one way or another.
 */
describe('ID tokens the portal refuses (openid-client checks)', () => {
  let fake: Server;
  let issuer: string;
  let key: CryptoKey;
  let otherKey: CryptoKey;
  let lastNonce = '';
  let authHost: string | null = null;
  let forge: (claims: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    otherKey = (await generateKeyPair('RS256')).privateKey;
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    fake = createServer((req, res) => {
      const url = new URL(req.url!, issuer);
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/.well-known/openid-configuration') {
        return json({ issuer, authorization_endpoint: authHost ? `http://${authHost}/auth` : `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] });
      }
      if (url.pathname === '/jwks') return json({ keys: [jwk] });
      if (url.pathname === '/auth') {
        lastNonce = url.searchParams.get('nonce')!;
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', 'c0de');
        back.searchParams.set('state', url.searchParams.get('state')!);
        return res.writeHead(302, { location: back.toString() }).end();
      }
      if (url.pathname === '/token') {
        void forge({ iss: issuer, aud: 'portal-client', sub: 'forged-1', nonce: lastNonce, email: ada.email, email_verified: true }).then((idToken) => json({ access_token: 'at', token_type: 'Bearer', expires_in: 60, id_token: idToken }));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    issuer = `http://localhost:${(fake.address() as { port: number }).port}`;
    const saved = await owner.req('PUT', `/api/orgs/${contosoId}/enterprise-sso`, { auth: true, body: { issuer, clientId: 'portal-client', clientSecret: 'portal-secret', secondFactor: 'provider', required: false } });
    expect(saved.status, saved.text).toBe(200);
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  const sign = (claims: Record<string, unknown>, by = key, header: Record<string, unknown> = { alg: 'RS256', kid: 'k1' }) =>
    new SignJWT(claims).setProtectedHeader(header as { alg: string }).setIssuedAt().setExpirationTime('5m').sign(by);

  async function answer(): Promise<URLSearchParams> {
    const walk = await toProvider('someone@contoso.example');
    const res = await send(new CookieJar(), walk.providerUrl);
    return back(walk.c, new URL(res.headers.get('location')!));
  }

  it('refuses a provider whose authorization endpoint is not on its own host (no redirect to anywhere)', async () => {
    authHost = 'phish.example';
    try {
      const put = await owner.req('PUT', `/api/orgs/${contosoId}/enterprise-sso`, { auth: true, body: { issuer, clientId: 'portal-client-2', clientSecret: 'portal-secret', secondFactor: 'provider', required: false } });
      expect(put.body.errorCode).toBe(E.identityProviderFailed);
    } finally {
      authHost = null;
    }
  });

  it('takes a well-formed token (the fake provider works)', async () => {
    forge = (claims) => sign(claims);
    expect((await answer()).get('token')).toBeTruthy();
  });

  const refusals: Array<[string, (claims: Record<string, unknown>) => Promise<string>]> = [
    ['an ID token for another client', (c) => sign({ ...c, aud: 'another-client' })],
    ['a token from another issuer', (c) => sign({ ...c, iss: 'https://evil.example' })],
    ['a replayed token (another nonce)', (c) => sign({ ...c, nonce: 'an-old-nonce' })],
    ['a token signed by another key', (c) => sign(c, otherKey)],
    ['an expired token', (c) => new SignJWT(c).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuedAt(Math.floor(Date.now() / 1000) - 3600).setExpirationTime(Math.floor(Date.now() / 1000) - 1800).sign(key)],
    ['an unsigned token', async (c) => `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...c, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url')}.`],
  ];
  it('an address claim that is no single address routes nowhere', async () => {
    for (const email of ['owner@example.com@contoso.example', 'demo@example.com evil@contoso.example']) {
      forge = (c) => sign({ ...c, sub: `odd-${email}`, email });
      expect((await answer()).get('error')).toBe('domain');
    }
  });

  it('pointing the connection at another provider needs its secret, and unlinks everyone', async () => {
    // Ada linked at this provider (pointing it here in beforeAll unlinked what the demo provider linked).
    const adaRow = await t.server.ctx.stores.global.selectFrom('directory').select(['account_id', 'region']).where('email', '=', ada.email).executeTakeFirstOrThrow();
    await t.server.ctx.stores.global.withTables<EnterpriseTables>().insertInto('enterprise_sso_links').values({ connection_id: 'demo-contoso', issuer, subject: 'fake-ada', account_region: adaRow.region, account_id: adaRow.account_id, linked_at: Date.now() }).execute();
    const before = (await owner.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true })).body.result;
    expect(before.members).toContainEqual({ email: ada.email, linked: true });
    // The saved secret never goes to another issuer.
    const noSecret = await owner.req('PUT', `/api/orgs/${contosoId}/enterprise-sso`, { auth: true, body: { issuer, clientId: 'portal-client-3', secondFactor: 'provider', required: false } });
    expect(noSecret.body.errorCode).toBe(E.invalidParameter);
    expect(noSecret.body.result).toEqual({ field: 'clientSecret' });
    const moved = await owner.req('PUT', `/api/orgs/${contosoId}/enterprise-sso`, { auth: true, body: { issuer, clientId: 'portal-client-3', clientSecret: 'other-secret', secondFactor: 'provider', required: false } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.result.members.every((m: { linked: boolean }) => !m.linked)).toBe(true);
  });

  for (const [name, make] of refusals) {
    it(`refuses ${name}`, async () => {
      forge = make;
      const fragment = await answer();
      expect(fragment.get('token')).toBeNull();
      expect(fragment.get('error')).toBe('provider');
    });
  }
});
