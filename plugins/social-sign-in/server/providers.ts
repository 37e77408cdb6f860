/**
 * The social providers this server can sign people in at: each an OpenID Connect client whose
 * settings (client id and secret; Apple's signing key) come from PLUGIN_SECRETS_FILE's
 * "social-sign-in" entry, never from the deployment config the page gets. Which of them a region
 * offers is the deployment config's (`providers`), read per request, so an edit applies at once.
 */
import { importPKCS8, SignJWT } from 'jose';
import { ERROR_CODES as E, REGION_CODES, type RegionCode } from '@portal/plugin-api/contract';
import { fail, type ServerContext as Ctx } from '@portal/server-api';
import type { ProviderSettings } from '@portal/server-api/federation';
import { isSocialProvider, type SocialProvider } from '../contract';

/** What the secrets file gives for one provider. */
export interface ProviderClient {
  clientId: string;
  /** Google and Microsoft: the client secret. */
  clientSecret?: string;
  /** Another issuer than the provider's public one (a Microsoft tenant, or a stand-in). */
  issuer?: string;
  /** Apple: the team, the key's id and the key (PKCS#8 PEM) that sign the client secret. */
  teamId?: string;
  keyId?: string;
  privateKey?: string;
}

/** How each provider is spoken to, where it differs. */
interface ProviderKind {
  issuer: string;
  scope?: string;
  responseMode?: 'form_post';
  clientAuth?: 'basic' | 'post';
  /** The provider sends no `email_verified` but vouches for the address (Microsoft's personal accounts). */
  addressVerified?: boolean;
}

// Microsoft's personal accounts ("consumers") tenant: its ID tokens name this issuer.
const MICROSOFT_CONSUMERS = 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0';

const KINDS: Record<SocialProvider, ProviderKind> = {
  google: { issuer: 'https://accounts.google.com' },
  microsoft: { issuer: MICROSOFT_CONSUMERS, addressVerified: true },
  // Apple answers by form post when the name or address is asked, and takes the client's secret (a JWT it signs) in the body.
  apple: { issuer: 'https://appleid.apple.com', scope: 'openid email name', responseMode: 'form_post', clientAuth: 'post' },
};

/** Development: stand-ins registered at start for a server (tests run several in one process). */
const standIns = new WeakMap<Ctx, Partial<Record<SocialProvider, ProviderClient>>>();

export function registerStandIn(ctx: Ctx, provider: SocialProvider, client: ProviderClient): void {
  standIns.set(ctx, { ...standIns.get(ctx), [provider]: client });
}

/** The secrets file's entry for a provider, or a development stand-in's; null where it has none. */
export function clientOf(ctx: Ctx, provider: SocialProvider): ProviderClient | null {
  const entry = (ctx.options.pluginSecrets['social-sign-in'] as Record<string, unknown> | undefined)?.[provider];
  if (entry && typeof entry === 'object') return entry as ProviderClient;
  return ctx.options.production ? null : (standIns.get(ctx)?.[provider] ?? null);
}

/** What is wrong with the secrets file's entry, one line each (checked at start). */
export function secretsProblems(ctx: Ctx): string[] {
  const entry = ctx.options.pluginSecrets['social-sign-in'];
  if (entry === undefined) return [];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return ['PLUGIN_SECRETS_FILE: "social-sign-in" must be an object keyed by provider (google, microsoft, apple).'];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(entry)) {
    const where = `PLUGIN_SECRETS_FILE: "social-sign-in".${name}`;
    if (!isSocialProvider(name)) problems.push(`${where}: not a provider (google, microsoft, apple).`);
    else if (typeof value !== 'object' || value === null) problems.push(`${where}: must be an object.`);
    else {
      const c = value as Record<string, unknown>;
      const text = (k: string) => typeof c[k] === 'string' && (c[k] as string).trim() !== '';
      if (!text('clientId')) problems.push(`${where}.clientId: required.`);
      if (name === 'apple' ? !(text('teamId') && text('keyId') && text('privateKey')) : !text('clientSecret')) problems.push(`${where}: ${name === 'apple' ? 'teamId, keyId and privateKey are' : 'clientSecret is'} required.`);
      if (c.issuer !== undefined && !text('issuer')) problems.push(`${where}.issuer: must be a URL.`);
    }
  }
  return problems;
}

/** Where the provider answers: GET for most, a POST from the provider's page for Apple. */
export const answersByPost = (provider: SocialProvider) => KINDS[provider].responseMode === 'form_post';
/**
 * Whether the provider vouches for the address without `email_verified`: Microsoft's personal-accounts
 * tenant only. Another issuer (a work tenant, whose users may set any address) must say `email_verified`.
 */
export function addressVouched(ctx: Ctx, provider: SocialProvider): boolean {
  const issuer = clientOf(ctx, provider)?.issuer;
  return KINDS[provider].addressVerified === true && (issuer === undefined || issuer === KINDS[provider].issuer);
}
export const requestOptions = (provider: SocialProvider) => ({ scope: KINDS[provider].scope, responseMode: KINDS[provider].responseMode });

/** Apple's client secret: a short-lived ES256 JWT signed with the team's key, made again before it ends. */
const appleSecrets = new Map<string, { secret: string; until: number }>();
async function appleClientSecret(ctx: Ctx, client: ProviderClient): Promise<string> {
  const key = `${client.teamId}/${client.keyId}/${client.clientId}`;
  const hit = appleSecrets.get(key);
  if (hit && hit.until > ctx.now()) return hit.secret;
  const now = Math.floor(ctx.now() / 1000);
  const secret = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: client.keyId! })
    .setIssuer(client.teamId!)
    .setSubject(client.clientId)
    .setAudience('https://appleid.apple.com')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await importPKCS8(client.privateKey!, 'ES256'));
  // Used for 50 minutes of its hour: a new one before it ends.
  appleSecrets.set(key, { secret, until: ctx.now() + 50 * 60_000 });
  return secret;
}

/** The provider's client settings, or -40030 (the provider failed) where this server has none for it. */
export async function providerSettings(ctx: Ctx, provider: SocialProvider): Promise<ProviderSettings> {
  const client = clientOf(ctx, provider);
  if (!client) fail(E.identityProviderFailed, undefined, `The ${provider} sign-in is not set up on this server.`, 502);
  const kind = KINDS[provider];
  const clientSecret = provider === 'apple' ? await appleClientSecret(ctx, client) : (client.clientSecret ?? '');
  return { issuer: client.issuer ?? kind.issuer, clientId: client.clientId, clientSecret, ...(kind.clientAuth ? { clientAuth: kind.clientAuth } : {}) };
}

/** The providers a region offers, as the deployment config served to this asker says (web, or a partner app's). */
export function offeredIn(ctx: Ctx, region: RegionCode, appType: Target = 'web'): SocialProvider[] {
  return providersIn(ctx.configs.settingsOf(appType), region);
}

/** The regions that offer a provider (the served config's settings read once for all of them). */
export function regionsOffering(ctx: Ctx, provider: SocialProvider, appType: Target = 'web'): RegionCode[] {
  const settings = ctx.configs.settingsOf(appType);
  return REGION_CODES.filter((r) => providersIn(settings, r).includes(provider));
}

type Target = Parameters<Ctx['configs']['settingsOf']>[0];

function providersIn(settings: ReturnType<Ctx['configs']['settingsOf']>, region: RegionCode): SocialProvider[] {
  const own = settings?.[region]?.['social-sign-in'] as { providers?: unknown } | null | undefined;
  return Array.isArray(own?.providers) ? own.providers.filter(isSocialProvider) : [];
}
