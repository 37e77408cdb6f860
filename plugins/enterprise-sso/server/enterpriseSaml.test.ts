import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { Client, DEMO_PASSWORD, login, signIn, startLogin, startServer, type TestServer } from '../../../server/test/harness';
import { CookieJar, postForm, send } from '../../../server/test/providerWalk';
import { refusalAnswer, samlAnswer, startLocalSamlIdp, type LocalSamlIdp, type SamlAnswer } from './dev/localSamlIdp';
import { DEMO_SAML_USERS } from './dev/standIns';
import { refreshSamlMetadata } from './connections';
import { acsUrl, spEntityId } from './saml';
import type { EnterpriseTables } from './tables';

/**
 * Enterprise sign-in over SAML 2.0 against a real server and a real SAML IdP (samlify's, started
 * here): the company connects it by its metadata, a member signs in through its pages and the
 * portal's ACS, and the answers an attacker could send are refused by @node-saml/node-saml's
 * checks and the portal's own (recipient, transient NameID): forged, replayed, for another
 * audience or recipient, unsigned, signed with another key, expired, in response to another request.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-enterprise-saml-'));
const repoConfig = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../config/default.json'), 'utf8')) as { plugins: Record<string, unknown> };
const configFile = path.join(dir, 'on.json');
fs.writeFileSync(configFile, JSON.stringify({ ...repoConfig, plugins: { ...repoConfig.plugins, 'enterprise-sso': { enabled: true } } }));

const dan = DEMO_SAML_USERS.find((u) => u.email.startsWith('dan@'))!;
let t: TestServer;
let owner: Client;
let contosoId: string;
let idp: LocalSamlIdp;
let sp: { entityId: string; acsUrl: string };

const connect = (body: Record<string, unknown>) => owner.req('PUT', `/api/orgs/${contosoId}/enterprise-sso`, { auth: true, body: { kind: 'saml', secondFactor: 'provider', required: false, ...body } });

beforeAll(async () => {
  t = await startServer({ portalConfigFile: configFile, appConfigFiles: {} });
  sp = { entityId: spEntityId(t.server.ctx), acsUrl: acsUrl(t.server.ctx) };
  idp = await startLocalSamlIdp({ name: 'Test SAML directory', users: DEMO_SAML_USERS, sp });
  owner = new Client(t.base);
  await signIn(owner, 'owner@example.com', DEMO_PASSWORD);
  const me = await owner.get('/api/user-info', { auth: true });
  contosoId = (await owner.get(`/api/accounts/${me.body.result.accountId}/orgs`, { auth: true })).body.result.orgs[0].id;
  const connected = await connect({ metadataUrl: idp.metadataUrl });
  expect(connected.status, connected.text).toBe(200);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A sign-in started in a fresh browser: the IdP address the portal sent it to, and its request's ID. */
async function startSaml(email: string) {
  const c = new Client(t.base);
  const { sessionCode } = await startLogin(c);
  const found = await c.post('/api/login/enterprise/discover', { email }, { headers: { session_code: sessionCode } });
  expect(found.body.result.company).toBe('Contoso Demo Ltd');
  const start = await c.post('/api/login/enterprise/start', { email }, { headers: { session_code: sessionCode } });
  expect(start.status, start.text).toBe(200);
  const location = new URL(start.body.result.location);
  const request = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
  return { c, sessionCode, location, requestId: /\bID="([^"]+)"/.exec(request)![1]!, relayState: location.searchParams.get('RelayState')! };
}

/** The browser posts the answer from the IdP's page (another origin) to the portal's ACS. */
async function postAcs(_browser: Client, samlResponse: string, relayState: string) {
  const res = await fetch(`${t.base}/api/login/enterprise/saml/acs`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.url, 'sec-fetch-site': 'cross-site' },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
  const location = res.headers.get('location');
  return { status: res.status, fragment: location ? new URLSearchParams(new URL(location).hash.slice(1)) : null, location };
}

const answer = (walk: { requestId: string }, overrides: Partial<SamlAnswer> = {}) => samlAnswer({ idpEntityId: idp.entityId, sp, inResponseTo: walk.requestId, user: dan, ...overrides });

describe('SAML: the company connects its provider by metadata', () => {
  it("publishes the portal's service-provider metadata", async () => {
    const res = await fetch(`${t.base}/api/login/enterprise/saml/metadata`);
    expect(res.headers.get('content-type')).toMatch(/samlmetadata\+xml/);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${sp.entityId}"`);
    expect(xml).toContain(`Location="${sp.acsUrl}"`);
    expect(xml).toMatch(/WantAssertionsSigned="true"/);
  });

  it('shows the connection as its metadata said, and what to register at the provider', async () => {
    const read = await owner.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true });
    expect(read.body.result.connection).toMatchObject({ kind: 'saml', entityId: idp.entityId, ssoUrl: `${idp.url}/sso`, metadataUrl: idp.metadataUrl, certificates: [{ expires: expect.stringMatching(/^20\d\d-/) }] });
    expect(read.body.result.serviceProvider).toEqual({ entityId: sp.entityId, acsUrl: sp.acsUrl, metadataUrl: sp.entityId });
  });

  it('refuses metadata with a document type (no entity is ever expanded), without a signing key, or that cannot be read', async () => {
    const metadata = await (await fetch(idp.metadataUrl)).text();
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${metadata.replace(/^<\?xml[^>]*\?>/, '')}`;
    const refused = await connect({ metadataXml: xxe });
    expect(refused.body.errorCode).toBe(E.invalidParameter);
    expect(refused.body.result).toEqual({ field: 'metadata', reason: 'doctype' });
    expect((await connect({ metadataXml: metadata.replace(/<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/g, '') })).body.errorCode).toBe(E.invalidParameter);
    expect((await connect({ metadataXml: '<not-xml' })).body.errorCode).toBe(E.invalidParameter);
    expect((await connect({ metadataUrl: 'http://localhost:1/metadata' })).body.errorCode).toBe(E.identityProviderFailed);
    expect((await connect({})).body.errorCode).toBe(E.invalidParameter);
    // The connection is as it was.
    expect((await owner.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true })).body.result.connection.entityId).toBe(idp.entityId);
  });
});

describe("SAML: the provider's metadata is read again", () => {
  it('takes a rolled-over certificate and sign-in address from the metadata URL, and nothing from metadata that names another entity', async () => {
    const store = t.server.ctx.stores.global.withTables<EnterpriseTables>();
    const row = () => store.selectFrom('enterprise_sso_connections').selectAll().where('kind', '=', 'saml').executeTakeFirstOrThrow();
    const before = await row();
    // As if saved before the provider rolled its key and moved its sign-in address.
    await store.updateTable('enterprise_sso_connections').set({ saml_certs: JSON.stringify(['MIIBold']), saml_sso_url: 'http://localhost:1/old-sso' }).where('id', '=', before.id).execute();
    expect(await refreshSamlMetadata(t.server.ctx)).toBe(1);
    expect(await row()).toMatchObject({ saml_certs: before.saml_certs, saml_sso_url: before.saml_sso_url, issuer: idp.entityId });
    expect(await refreshSamlMetadata(t.server.ctx)).toBe(0);
    // Metadata that now names another entity is a repoint for the company to save: left as it was.
    await store.updateTable('enterprise_sso_connections').set({ issuer: 'https://renamed.example/idp', saml_certs: JSON.stringify(['MIIBold']) }).where('id', '=', before.id).execute();
    expect(await refreshSamlMetadata(t.server.ctx)).toBe(0);
    expect((await row()).saml_certs).toBe(JSON.stringify(['MIIBold']));
    await store.updateTable('enterprise_sso_connections').set({ issuer: before.issuer, saml_certs: before.saml_certs }).where('id', '=', before.id).execute();
  });
});

describe('SAML: a member signs in through the provider pages', () => {
  it("makes Dan's ID in the company, then signs him in straight through", async () => {
    const walk = await startSaml(dan.email);
    // The provider's page, its form posted, and the page that posts the answer to the portal.
    const jar = new CookieJar();
    const signInPage = await send(jar, walk.location);
    expect(signInPage.status).toBe(200);
    const pending = /name="pending" value="([^"]+)"/.exec(await signInPage.text())![1]!;
    const wrong = await postForm(jar, new URL('/sso/login', idp.url), { pending, email: dan.email, password: 'not-it' });
    expect(wrong.status).toBe(401);
    const posted = await (await postForm(jar, new URL('/sso/login', idp.url), { pending, email: dan.email, password: dan.password })).text();
    expect(posted).toContain(`action="${sp.acsUrl}"`);
    const field = (name: string) => /value="([^"]+)"/.exec(posted.slice(posted.indexOf(`name="${name}"`)))![1]!.replace(/&#39;|&quot;|&amp;/g, (e) => ({ '&#39;': "'", '&quot;': '"', '&amp;': '&' })[e]!);
    const back = await postAcs(walk.c, field('SAMLResponse'), field('RelayState'));
    expect(back.status).toBe(303);
    expect(new URL(back.location!).pathname).toBe('/login');
    const proof = back.fragment!.get('token')!;
    const flow = await walk.c.post('/api/login/enterprise/flow', { proof }, { headers: { session_code: walk.sessionCode } });
    expect(flow.body.result).toMatchObject({ status: 'create', email: dan.email, givenName: 'Dan', familyName: 'Dealer', country: 'DE' });
    const made = await walk.c.post('/api/login/enterprise/account', { proof, firstName: 'Dan', lastName: 'Dealer', country: 'DE', acceptPrivacyVersion: t.server.ctx.options.privacyPolicyVersion }, { headers: { session_code: walk.sessionCode } });
    expect(made.body.result).toEqual({ email: dan.email, joined: true });
    expect((await login(walk.c, walk.sessionCode, { email: dan.email, externalProof: proof })).status).toBe(200);
    // Replayed: the same answer again finds no sign-in under way.
    expect((await postAcs(walk.c, field('SAMLResponse'), field('RelayState'))).status).toBe(400);

    // Next time, linked by the persistent NameID.
    const again = await startSaml(dan.email);
    const next = await postAcs(again.c, await answer(again), again.relayState);
    const nextProof = next.fragment!.get('token')!;
    expect((await again.c.post('/api/login/enterprise/flow', { proof: nextProof }, { headers: { session_code: again.sessionCode } })).body.result.status).toBe('linked');
    expect((await login(again.c, again.sessionCode, { email: dan.email, externalProof: nextProof })).status).toBe(200);
    const page = await owner.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true });
    expect(page.body.result.members).toContainEqual({ email: dan.email, linked: true });
  });

  it("takes the provider's multi-factor authentication context as its second factor, where the company accepts it", async () => {
    const store = t.server.ctx.stores.global.withTables<EnterpriseTables>();
    const flowOf = async (walk: { requestId: string }) => (await store.selectFrom('enterprise_sso_flows').select('provider_mfa').where('request_id', '=', walk.requestId).executeTakeFirstOrThrow()).provider_mfa;
    const withMfa = await startSaml(dan.email);
    await postAcs(withMfa.c, await answer(withMfa, { user: { ...dan, mfa: true } }), withMfa.relayState);
    expect(await flowOf(withMfa)).toBe(1);
    const passwordOnly = await startSaml(dan.email);
    await postAcs(passwordOnly.c, await answer(passwordOnly), passwordOnly.relayState);
    expect(await flowOf(passwordOnly)).toBe(0);
  });

  it('says so when the person cancels at the provider', async () => {
    const walk = await startSaml(dan.email);
    const back = await postAcs(walk.c, refusalAnswer(idp.entityId, sp, walk.requestId), walk.relayState);
    expect(back.fragment!.get('error')).toBe('denied');
  });
});

describe('SAML answers the portal refuses', () => {
  const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
  const encode = (xml: string) => Buffer.from(xml).toString('base64');
  const cases: Array<[string, (walk: { requestId: string }) => Promise<string>]> = [
    ['for another audience', (w) => answer(w, { audience: 'https://other-sp.example/metadata' })],
    ['for another recipient', (w) => answer(w, { recipient: 'https://other-sp.example/acs' })],
    ['unsigned', async (w) => encode(decode(await answer(w)).replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ''))],
    ['signed with another key', (w) => answer(w, { privateKey: attacker })],
    ['forged after signing (another address)', async (w) => encode(decode(await answer(w)).replace(dan.email, 'ada@contoso.example'))],
    ['forged after signing (another subject)', async (w) => encode(decode(await answer(w)).replace(dan.nameId, 'saml-contoso-0001'))],
    ['expired', (w) => answer(w, { notBefore: new Date(Date.now() - 20 * 60_000), minutes: 5 })],
    ['not valid yet', (w) => answer(w, { notBefore: new Date(Date.now() + 10 * 60_000) })],
    ['from another issuer', (w) => answer(w, { idpEntityId: 'https://evil.example/idp' })],
    ['in response to another request', () => answer({ requestId: '_another-request' })],
    ['with a transient NameID', (w) => answer(w, { nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient' })],
    // Made for no request (IdP-initiated), the unsigned Response naming this flow's request.
    ['whose signed confirmation names no request', (w) => answer(w, { confirmationInResponseTo: '' })],
    ['whose signed confirmation names another request', (w) => answer(w, { confirmationInResponseTo: '_another-request' })],
    ['that says it failed, with an assertion', (w) => answer(w, { statusCode: 'urn:oasis:names:tc:SAML:2.0:status:Requester' })],
  ];
  it.each(cases)('refuses an answer %s', async (_name, make) => {
    const walk = await startSaml(dan.email);
    const back = await postAcs(walk.c, await make(walk), walk.relayState);
    expect(back.status).toBe(303);
    expect(back.fragment!.get('error')).toBe('provider');
    expect(back.fragment!.has('token')).toBe(false);
  });

  it('takes the same answer, made right, so each refusal above is for its own fault', async () => {
    const walk = await startSaml(dan.email);
    const back = await postAcs(walk.c, await answer(walk), walk.relayState);
    expect(back.fragment!.get('token')).toMatch(/\./);
  });

  it('takes only a form at the ACS (no JSON, which no provider page sends)', async () => {
    const walk = await startSaml(dan.email);
    const json = await fetch(`${t.base}/api/login/enterprise/saml/acs`, { method: 'POST', headers: { 'content-type': 'application/json', origin: idp.url, 'sec-fetch-site': 'cross-site' }, body: JSON.stringify({ SAMLResponse: await answer(walk), RelayState: walk.relayState }) });
    expect(json.status).toBe(415);
  });

  it('refuses an answer for a sign-in that is not under way, and a cross-site post elsewhere stays refused', async () => {
    const walk = await startSaml(dan.email);
    expect((await postAcs(walk.c, await answer(walk), 'not-a-relay-state')).status).toBe(400);
    // Only the ACS takes another site's post: the login call still refuses one.
    const { sessionCode } = await startLogin(new Client(t.base));
    const foreign = await fetch(`${t.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: idp.url, 'sec-fetch-site': 'cross-site', session_code: sessionCode }, body: JSON.stringify({ email: dan.email, password: 'x' }) });
    expect(foreign.status).toBe(403);
  });
});

describe("SAML: the company's provider changed", () => {
  const otherKey = fs.readFileSync(path.join(import.meta.dirname, 'dev/otherSigner.key.pem'), 'utf8');
  const otherCert = fs.readFileSync(path.join(import.meta.dirname, 'dev/otherSigner.cert.pem'), 'utf8').replace(/-----[^-]+-----|\s+/g, '');
  const linked = async () => (await owner.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true })).body.result.members.find((m: { email: string }) => m.email === dan.email)?.linked;

  it("an admin's own signing key in pasted metadata unlinks everyone: it cannot sign in as a linked member", async () => {
    expect(await linked()).toBe(true);
    const metadata = await (await fetch(idp.metadataUrl)).text();
    // The same entity ID, the admin's own certificate beside the provider's.
    const withOther = metadata.replace(/(<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>)/, `$1<KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${otherCert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></KeyDescriptor>`);
    const saved = await connect({ metadataXml: withOther });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.result.connection.certificates).toHaveLength(2);
    expect(await linked()).toBe(false);
    // Signed with the admin's key, for Dan's NameID: an identity to link (his own proof needed), not a sign-in.
    const walk = await startSaml(dan.email);
    const back = await postAcs(walk.c, await answer(walk, { privateKey: otherKey }), walk.relayState);
    const proof = back.fragment!.get('token')!;
    expect((await walk.c.post('/api/login/enterprise/flow', { proof }, { headers: { session_code: walk.sessionCode } })).body.result.status).toBe('link');
    expect((await login(walk.c, walk.sessionCode, { email: dan.email, externalProof: proof })).status).not.toBe(200);
    // The same pasted metadata saved again trusts nothing new: nothing more changes.
    expect((await connect({ metadataXml: withOther })).status).toBe(200);
    // Back to the metadata URL: another source of keys, so a repoint again.
    expect((await connect({ metadataUrl: idp.metadataUrl })).status).toBe(200);
    expect((await owner.get(`/api/orgs/${contosoId}/enterprise-sso`, { auth: true })).body.result.connection.certificates).toHaveLength(1);
  });
});
