/**
 * Enterprise sign-in off production: the demo company's own identity provider, a real OpenID
 * Connect provider this server starts on loopback with users of its own, and a stand-in for DNS
 * (`POST /dev/dns-txt`) so a domain no one owns can be proven.
 */
import type { FastifyInstance } from 'fastify';
import { body, findAccount, ok, randomToken, S, type DemoSeeding, type ServerContext as Ctx } from '@portal/server-api';
import { callbackUrl, directory, secretPlace } from '../connections';
import { publishStandInRecord } from '../domains';
import { ssoStore } from '../tables';
import { acsUrl, spEntityId } from '../saml';
import { startLocalOidcProvider, type LocalOidcUser } from '@portal/server-api/dev';
import type { LocalSamlUser } from './localSamlIdp';

export const DEMO_DOMAIN = 'contoso.example';
export const DEMO_CLIENT_ID = 'unified-id-portal';
/** The demo provider's people: one without an ID yet (made at first sign-in), one whose sign-in passes the provider's own second factor. */
export const DEMO_PROVIDER_USERS: LocalOidcUser[] = [
  { sub: 'contoso-0001', email: `ada@${DEMO_DOMAIN}`, password: 'Contoso-Directory-1', givenName: 'Ada', familyName: 'Lovelace', amr: ['pwd'] },
  { sub: 'contoso-0002', email: `ben@${DEMO_DOMAIN}`, password: 'Contoso-Directory-1', givenName: 'Ben', familyName: 'Builder', amr: ['pwd', 'mfa'] },
  { sub: 'contoso-0003', email: `carol@${DEMO_DOMAIN}`, password: 'Contoso-Directory-1', givenName: 'Carol', familyName: 'Clerk', amr: ['pwd'] },
];

/** The same directory over SAML: the people above (with persistent NameIDs of its own), and Dan, who signs in only here. */
export const DEMO_SAML_USERS: LocalSamlUser[] = [
  ...DEMO_PROVIDER_USERS.map((u) => ({ nameId: `saml-${u.sub}`, email: u.email, password: u.password, givenName: u.givenName, familyName: u.familyName, mfa: u.amr?.includes('mfa') ?? false })),
  { nameId: 'saml-contoso-0004', email: `dan@${DEMO_DOMAIN}`, password: 'Contoso-Directory-1', givenName: 'Dan', familyName: 'Dealer' },
];
/** Fixed, so a company connected to it stays connected when the next start takes another port. */
export const DEMO_SAML_ENTITY_ID = 'urn:example:contoso:saml-directory';

/** The demo: Contoso Demo Ltd (the company plugin's certified demo company) signs in at the local provider. */
export async function seedEnterpriseDemo(ctx: Ctx, demo: DemoSeeding): Promise<void> {
  const owner = await findAccount(ctx, 'owner@example.com');
  const company = owner ? await directory(ctx).companyOf(ctx, owner.region, owner.account.id) : null;
  if (!company) return;
  const now = ctx.now();
  const id = 'demo-contoso';
  // Its issuer and secret are set when the provider starts (each start: another port).
  await ssoStore(ctx)
    .insertInto('enterprise_sso_connections')
    .values({ id, company_region: company.region, company_id: company.id, kind: 'oidc', issuer: 'http://localhost:1', client_id: DEMO_CLIENT_ID, client_secret: ctx.secrets.seal(randomToken(24), secretPlace(id)), second_factor: 'provider', required: 0, dev_local: 1, created_at: now, updated_at: now })
    .execute();
  // Proven already in the demo (the stand-in's record would prove it too).
  await ssoStore(ctx).insertInto('enterprise_sso_domains').values({ domain: DEMO_DOMAIN, connection_id: id, token: randomToken(24), verified_at: now, created_at: now }).execute();
  // Carol has an ID with a password already: her first company sign-in links it (after that password).
  // Not made a member: the company's demo members stay the company plugin's.
  const carol = await demo.account(`carol@${DEMO_DOMAIN}`, "an ID of Contoso's domain; her first company sign-in (Contoso-Directory-1 at its provider) links it after this password", company.region, { first: 'Carol', last: 'Clerk' });
  for (const u of DEMO_PROVIDER_USERS.filter((p) => p.email !== carol.email)) demo.listUser({ email: u.email, password: `${u.password} (at Contoso's provider)`, state: `Contoso Demo Ltd's directory: enterprise sign-in${u.amr?.includes('mfa') ? ', its second factor taken' : ', no ID yet'}` });
}

export const enterpriseDevStandIns = {
  async routes(app: FastifyInstance, ctx: Ctx): Promise<void> {
    // The development DNS: a TXT record published here proves a domain off production.
    app.post<{ Body: { name: string; value: string } }>('/dev/dns-txt', { schema: { body: body({ name: S.str(253, 1), value: S.str(255, 1) }, ['name', 'value']) } }, async (req) => {
      publishStandInRecord(req.body.name, req.body.value);
      return ok({ published: true });
    });
    // The demo's providers run only where enterprise sign-in is on somewhere (a deployment config turns it on).
    if (!ctx.switches.onAnywhere('enterprise-sso')) return;
    // The SAML directory: any company may connect it (its metadata URL, on Company → Sign-in).
    // Loaded here only (samlify and its schema checker cost most of a second to load): production never does.
    const { startLocalSamlIdp } = await import('./localSamlIdp');
    const saml = await startLocalSamlIdp({ name: 'Contoso SAML directory', users: DEMO_SAML_USERS, sp: { entityId: spEntityId(ctx), acsUrl: acsUrl(ctx) }, entityId: DEMO_SAML_ENTITY_ID });
    app.addHook('onClose', () => saml.close());
    // Connected before, at another port: its address follows (the entity, certificate and links stay).
    await ssoStore(ctx).updateTable('enterprise_sso_connections').set({ saml_sso_url: `${saml.url}/sso`, saml_metadata_url: saml.metadataUrl }).where('kind', '=', 'saml').where('issuer', '=', DEMO_SAML_ENTITY_ID).execute();
    console.log(`Enterprise sign-in: Contoso's SAML directory, metadata at ${saml.metadataUrl} (connect it on Company → Sign-in; dan@${DEMO_DOMAIN} signs in only there)`);
    const local = await ssoStore(ctx).selectFrom('enterprise_sso_connections').select('id').where('dev_local', '=', 1).execute();
    if (local.length === 0) return;
    const secret = randomToken(24);
    const provider = await startLocalOidcProvider({ name: 'Contoso directory', users: DEMO_PROVIDER_USERS, clients: [{ client_id: DEMO_CLIENT_ID, client_secret: secret, redirect_uris: [callbackUrl(ctx)] }] });
    app.addHook('onClose', () => provider.close());
    for (const { id } of local) {
      await ssoStore(ctx).updateTable('enterprise_sso_connections').set({ issuer: provider.issuer, client_secret: ctx.secrets.seal(secret, secretPlace(id)), updated_at: ctx.now() }).where('id', '=', id).execute();
      // The same provider on another port (its users' subjects are fixed): what it linked stays linked.
      await ssoStore(ctx).updateTable('enterprise_sso_links').set({ issuer: provider.issuer }).where('connection_id', '=', id).execute();
    }
    console.log(`Enterprise sign-in: Contoso's provider at ${provider.issuer} (type ${DEMO_PROVIDER_USERS[0]!.email} on the sign-in page)`);
  },
};
