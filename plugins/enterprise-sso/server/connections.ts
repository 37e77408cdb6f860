/**
 * A company's connection to its identity provider, kept by its owner or admins (certified
 * companies only): the provider (read by discovery before it is saved), the second-factor choice,
 * whether members must sign in there, and the claimed domains. The client secret is sealed with
 * the secrets key and never sent back.
 */
import { ERROR_CODES as E, type RegionCode } from '@portal/plugin-api/contract';
import { fail, randomId, type AccountTable, type DirectoryCompany, type ServerContext as Ctx } from '@portal/server-api';
import type { ConnectionInput, ConnectionResult, ConnectionView } from '../contract';
import { domainView } from './domains';
import { endSessionsOutsideProvider } from './requirement';
import { checkIssuer, providerConfig } from '@portal/server-api/federation';
import { acsUrl, spEntityId, type SamlConnection } from './saml';
import { certificateExpiry, fetchIdpMetadata, parseIdpMetadata } from './samlMetadata';
import { ssoStore, type ConnectionTable, type EnterpriseTables } from './tables';

export const secretPlace = (connectionId: string) => `enterprise-sso:${connectionId}`;

/** The portal's redirect URI, to register at the provider. */
export const callbackUrl = (ctx: Ctx) => new URL('/api/login/enterprise/callback', ctx.options.publicOrigin).toString();

export function directory(ctx: Ctx) {
  // The company plugin's; without it there are no companies to connect (the switch config requires it).
  const point = ctx.extensions.all('companyDirectory')[0];
  if (!point) fail(E.orgMissing);
  return point;
}

/** The company, where `account` is its owner or an admin and it is certified (-40005 / -40006 otherwise). */
export async function managedCompany(ctx: Ctx, region: RegionCode, companyId: string, account: AccountTable): Promise<DirectoryCompany> {
  const company = await directory(ctx).company(ctx, region, companyId, account.id);
  if (!company) fail(E.orgMissing);
  if (company.role !== 'owner' && company.role !== 'admin') fail(E.permissionDenied);
  // Only a company the vendor certified may route people's sign-ins.
  if (!company.certified) fail(E.orgUnverified);
  return company;
}

export async function connectionOf(ctx: Ctx, company: { region: RegionCode; id: string }): Promise<ConnectionTable | null> {
  return (await ssoStore(ctx).selectFrom('enterprise_sso_connections').selectAll().where('company_region', '=', company.region).where('company_id', '=', company.id).executeTakeFirst()) ?? null;
}

export async function connectionById(ctx: Ctx, id: string): Promise<ConnectionTable | null> {
  return (await ssoStore(ctx).selectFrom('enterprise_sso_connections').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export const openSecret = (ctx: Ctx, row: ConnectionTable) => ctx.secrets.open(row.client_secret, secretPlace(row.id));

/** A SAML connection's provider, as the SAML side reads it. */
export function samlConnection(row: ConnectionTable): SamlConnection {
  return { entityId: row.issuer, ssoUrl: row.saml_sso_url ?? '', certificates: JSON.parse(row.saml_certs ?? '[]') as string[] };
}

async function view(ctx: Ctx, row: ConnectionTable): Promise<ConnectionView> {
  const domains = (await ssoStore(ctx).selectFrom('enterprise_sso_domains').selectAll().where('connection_id', '=', row.id).orderBy('domain').execute()).map(domainView);
  const common = { secondFactor: row.second_factor === 'portal' ? ('portal' as const) : ('provider' as const), required: row.required === 1, domains };
  if (row.kind === 'saml') {
    const saml = samlConnection(row);
    return { kind: 'saml', entityId: saml.entityId, ssoUrl: saml.ssoUrl, metadataUrl: row.saml_metadata_url, certificates: saml.certificates.map((c) => ({ expires: certificateExpiry(c) })), ...common };
  }
  return { kind: 'oidc', issuer: row.issuer, clientId: row.client_id, ...common };
}

const serviceProvider = (ctx: Ctx) => ({ entityId: spEntityId(ctx), acsUrl: acsUrl(ctx), metadataUrl: spEntityId(ctx) });

export async function readConnection(ctx: Ctx, company: DirectoryCompany): Promise<ConnectionResult> {
  const row = await connectionOf(ctx, company);
  const members = await directory(ctx).members(ctx, company.region, company.id);
  const linked = row
    ? new Set((await ssoStore(ctx).selectFrom('enterprise_sso_links').select('account_id').where('connection_id', '=', row.id).execute()).map((l) => l.account_id))
    : new Set<string>();
  return {
    connection: row ? await view(ctx, row) : null,
    redirectUri: callbackUrl(ctx),
    serviceProvider: serviceProvider(ctx),
    members: members.map((m) => ({ email: m.email, linked: linked.has(m.accountId) })),
  };
}

/** The provider's fields as stored: OpenID Connect read by discovery, SAML from its metadata. */
async function providerFields(ctx: Ctx, existing: ConnectionTable | null, input: ConnectionInput, id: string) {
  if (input.kind === 'saml') {
    const metadataUrl = input.metadataUrl?.trim() || null;
    if (!metadataUrl && !input.metadataXml?.trim()) fail(E.invalidParameter, { field: 'metadata' }, "Give the provider's metadata URL or its XML.");
    const metadata = metadataUrl ? await fetchIdpMetadata(ctx, metadataUrl) : parseIdpMetadata(ctx, input.metadataXml!);
    return {
      kind: 'saml',
      issuer: metadata.entityId,
      client_id: '',
      client_secret: ctx.secrets.seal('', secretPlace(id)),
      saml_sso_url: metadata.ssoUrl,
      saml_certs: JSON.stringify(metadata.certificates),
      saml_metadata_url: metadataUrl,
    };
  }
  const issuer = checkIssuer(ctx, input.issuer.trim()).toString().replace(/\/$/, '');
  const clientId = input.clientId.trim();
  if (!clientId) fail(E.invalidParameter, { field: 'clientId' });
  // Another provider (or client) gets its own secret: the saved one never goes to another issuer.
  const samePlace = existing !== null && existing.kind === 'oidc' && existing.issuer === issuer && existing.client_id === clientId;
  const secret = input.clientSecret ?? (samePlace ? openSecret(ctx, existing) : '');
  if (!secret) fail(E.invalidParameter, { field: 'clientSecret' }, existing && !samePlace ? 'A new issuer or client ID needs its client secret.' : undefined);
  await providerConfig(ctx, { issuer, clientId, clientSecret: secret });
  return { kind: 'oidc', issuer, client_id: clientId, client_secret: ctx.secrets.seal(secret, secretPlace(id)), saml_sso_url: null, saml_certs: null, saml_metadata_url: null };
}

/**
 * Whether the provider's fields name another provider, whose identities are not the linked ones.
 * OpenID Connect: another issuer or client (the issuer's own keys, read over TLS, sign). SAML: an
 * entity ID is only a name the metadata states, so what vouches is where the keys come from: another
 * metadata URL, or pasted metadata with any signing certificate not trusted before (an admin's own
 * key would otherwise sign in as any linked member). Keys that change at the same URL follow, as an
 * OpenID issuer's do.
 */
function isRepoint(existing: ConnectionTable, next: { kind: string; issuer: string; client_id: string; saml_certs: string | null; saml_metadata_url: string | null }): boolean {
  if (existing.kind !== next.kind || existing.issuer !== next.issuer || existing.client_id !== next.client_id) return true;
  if (next.kind !== 'saml') return false;
  if ((existing.saml_metadata_url ?? null) !== next.saml_metadata_url) return true;
  if (next.saml_metadata_url !== null) return false;
  const trusted = new Set(JSON.parse(existing.saml_certs ?? '[]') as string[]);
  return (JSON.parse(next.saml_certs ?? '[]') as string[]).some((c) => !trusted.has(c));
}

/** Saves the connection once its provider answered (discovery, or its metadata read); -40030 otherwise. */
export async function saveConnection(ctx: Ctx, company: DirectoryCompany, input: ConnectionInput): Promise<ConnectionResult> {
  const existing = await connectionOf(ctx, company);
  const id = existing?.id ?? randomId();
  const provider = await providerFields(ctx, existing, input, id);
  const repointed = existing !== null && isRepoint(existing, provider);
  const now = ctx.now();
  const fields = { ...provider, second_factor: input.secondFactor, required: input.required ? 1 : 0, dev_local: 0, updated_at: now };
  await ctx.stores.global.transaction().execute(async (trx) => {
    const db = trx.withTables<EnterpriseTables>();
    if (existing) await db.updateTable('enterprise_sso_connections').set(fields).where('id', '=', id).execute();
    else await db.insertInto('enterprise_sso_connections').values({ id, company_region: company.region, company_id: company.id, created_at: now, ...fields }).execute();
    // Pointed elsewhere: no identity linked at the old provider signs anyone in through the new one,
    // and no sign-in under way finishes; each member links again with their own password.
    if (repointed) {
      await db.deleteFrom('enterprise_sso_links').where('connection_id', '=', id).execute();
      await db.deleteFrom('enterprise_sso_flows').where('connection_id', '=', id).execute();
    }
  });
  // From now on: the sessions its people opened another way end.
  if (input.required && existing?.required !== 1) await endSessionsOutsideProvider(ctx, id);
  return readConnection(ctx, company);
}

/**
 * Reads each SAML connection's metadata URL again: its provider's sign-in address and signing
 * certificates follow a rollover without anyone saving. A provider whose metadata now names
 * another entity is left as it was (that is a repoint, for the company to save), and one that
 * cannot be read keeps what it had; both are logged for operators.
 */
export async function refreshSamlMetadata(ctx: Ctx): Promise<number> {
  const rows = await ssoStore(ctx).selectFrom('enterprise_sso_connections').selectAll().where('kind', '=', 'saml').where('saml_metadata_url', 'is not', null).execute();
  let refreshed = 0;
  for (const row of rows) {
    try {
      const metadata = await fetchIdpMetadata(ctx, row.saml_metadata_url!);
      if (metadata.entityId !== row.issuer) {
        console.warn(`enterprise sign-in: connection ${row.id}: its metadata now names ${metadata.entityId}, not ${row.issuer}; left as it was`);
        continue;
      }
      const certs = JSON.stringify(metadata.certificates);
      if (certs === row.saml_certs && metadata.ssoUrl === row.saml_sso_url) continue;
      await ssoStore(ctx).updateTable('enterprise_sso_connections').set({ saml_certs: certs, saml_sso_url: metadata.ssoUrl, updated_at: ctx.now() }).where('id', '=', row.id).where('issuer', '=', row.issuer).execute();
      refreshed += 1;
    } catch (err) {
      console.warn(`enterprise sign-in: connection ${row.id}: its metadata could not be read again: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return refreshed;
}

/** Removes the connection, its domains and links: the members sign in with their own passwords again. */
export async function removeConnection(ctx: Ctx, company: DirectoryCompany): Promise<void> {
  const row = await connectionOf(ctx, company);
  if (!row) return;
  await ctx.stores.global.transaction().execute(async (trx) => {
    const db = trx.withTables<EnterpriseTables>();
    await db.deleteFrom('enterprise_sso_domains').where('connection_id', '=', row.id).execute();
    await db.deleteFrom('enterprise_sso_links').where('connection_id', '=', row.id).execute();
    await db.deleteFrom('enterprise_sso_flows').where('connection_id', '=', row.id).execute();
    await db.deleteFrom('enterprise_sso_connections').where('id', '=', row.id).execute();
  });
}
