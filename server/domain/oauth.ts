/**
 * Connected services (clients) and the authorisation hand-off: login sessions (session_code),
 * authorization codes with PKCE S256 (single use, short-lived, exact redirect URI), token
 * exchange.
 */
import type { LoginPageInfo } from '../../core/contract/auth';
import type { RedirectParamsResult } from '../../core/contract/api';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { ClientTable, LoginSessionTable } from '../db/types';
import { fail, failPage } from '../http/errors';
import type { ClientConfig } from '../options';
import { pkceS256, randomToken, safeEqual, sha256 } from './crypto';
import { demoSlideText } from './demoServiceTexts';
import { issueTokens, type IssuedTokens } from './sessions';
import { INTERACTION_PATH } from '../oidc/paths';
import type { ServerPoints } from '../plugin-host/points';

export const PORTAL_CLIENT_ID = 'portal';
export const DEMO_CLIENT_ID = 'demo-service';
export const HELPDESK_CLIENT_ID = 'helpdesk';
/** The demo service's two pages: OpenID Connect with oidc-client-ts, and the spec's own hand-off. */
export const DEMO_OIDC_CALLBACK_PATH = '/demo-service/signin-callback';
export const DEMO_HANDOFF_CALLBACK_PATH = '/demo-service/callback';
const SUPPORTED_SCOPES = new Set(['openid', 'profile', 'email']);

export function builtInClients(ctx: Pick<Ctx, 'options'>): ClientConfig[] {
  const o = ctx.options.publicOrigin;
  return [
    {
      id: PORTAL_CLIENT_ID,
      name: 'Unified ID portal',
      redirectUris: [`${o}/token`],
      serviceUrl: `${o}/accountSetting`,
      // The portal's own login page wears the deployment's look (its theme's brand title and
      // logo, its slides and default language), so a white-label deployment is never "Unified ID".
      branding: { signUpUrl: `${o}/login?module=register` },
    },
    // The demo service is a client only where its pages are served: never a stray client in production.
    ...(ctx.options.demoPages ? [demoClient(o)] : []),
    {
      id: HELPDESK_CLIENT_ID,
      name: 'Help desk',
      redirectUris: [ctx.options.helpdesk.jwtUrl],
      serviceUrl: ctx.options.helpdesk.returnOrigins[0] ?? o,
      branding: { title: 'Help Center', language: 'en_US', logoUrl: `${o}/api/branding/logo.svg` },
    },
  ];
}

/** The demo connected service's client (server/routes/demo.ts serves its pages). */
function demoClient(o: string): ClientConfig {
  return {
    id: DEMO_CLIENT_ID,
    name: 'Demo connected service',
    // A public client (no secret): PKCE S256 for both the spec's hand-off and OpenID Connect.
    redirectUris: [`${o}${DEMO_HANDOFF_CALLBACK_PATH}`, `${o}${DEMO_OIDC_CALLBACK_PATH}`],
    // RP-initiated logout returns here ("Sign out of Unified ID" on the demo page).
    postLogoutRedirectUris: [`${o}/demo-service/`],
    serviceUrl: `${o}/demo-service/`,
    branding: {
      title: 'Demo Service',
      language: 'en_US',
      logoUrl: `${o}/api/branding/demo-symbol.svg`,
      titleLogoUrl: `${o}/api/branding/demo-logo.svg`,
      signUpUrl: `${o}/login?module=register`,
      carousel: [
        // Their texts in every portal language (locales/<lang>/demo-service.json): a German page shows German captions.
        { fileUrl: `${o}/api/branding/slide-1.svg`, link: `${o}/demo-service/`, ...demoSlideText('oneId', 'learnMore') },
        { fileUrl: `${o}/api/branding/slide-2.svg`, ...demoSlideText('company') },
      ],
    },
  };
}

/** The clients of the OpenID provider: the demo service and every configured (CLIENTS_FILE) service. */
export function openIdClients(ctx: Pick<Ctx, 'options'>): ClientConfig[] {
  return [...builtInClients(ctx).filter((c) => c.id === DEMO_CLIENT_ID), ...ctx.options.clients];
}

export async function syncClients(ctx: Ctx): Promise<void> {
  const db = ctx.stores.global;
  const configured = [...builtInClients(ctx), ...ctx.options.clients];
  for (const client of configured) {
    const row: ClientTable = {
      id: client.id,
      name: client.name,
      redirect_uris: JSON.stringify(client.redirectUris),
      branding: JSON.stringify(client.branding ?? {}),
      require_captcha: client.requireCaptcha ? 1 : 0,
      plugins: client.plugins ? JSON.stringify(client.plugins) : null,
      service_url: client.serviceUrl ?? null,
      secret_hash: client.secret ? sha256(client.secret) : (client.secretHash ?? null),
      updated_at: ctx.now(),
    };
    const exists = await db.selectFrom('clients').select('id').where('id', '=', client.id).executeTakeFirst();
    if (exists) await db.updateTable('clients').set(row).where('id', '=', client.id).execute();
    else await db.insertInto('clients').values(row).execute();
  }
  // A client taken out of the configuration stops working: no new login sessions or code exchanges.
  await db.deleteFrom('clients').where('id', 'not in', configured.map((c) => c.id)).execute();
}

export async function getClient(ctx: Ctx, id: string | undefined): Promise<ClientTable | null> {
  if (!id) return null;
  return (await ctx.stores.global.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export function redirectUris(client: ClientTable): string[] {
  return JSON.parse(client.redirect_uris) as string[];
}

export async function allowedOrigins(ctx: Ctx): Promise<string[]> {
  const clients = await ctx.stores.global.selectFrom('clients').selectAll().execute();
  const origins = new Set<string>();
  for (const client of clients) {
    for (const uri of redirectUris(client)) origins.add(new URL(uri).origin);
    if (client.service_url) origins.add(new URL(client.service_url).origin);
  }
  for (const origin of ctx.options.helpdesk.returnOrigins) origins.add(origin);
  return [...origins];
}

/** The portal's own return URL after the token exchange: a same-origin path only. */
export function safeReturnUrl(ctx: Ctx, clientId: string, value: string | undefined): string | null {
  if (!value || clientId !== PORTAL_CLIENT_ID) return null;
  try {
    const url = new URL(value, ctx.options.publicOrigin);
    if (url.origin !== ctx.options.publicOrigin) return null;
    if (url.pathname.startsWith('/api/')) return null;
    // A path that starts with // or /\ names another host to whoever follows it alone ("//evil.example/x").
    if (/^\/[/\\]/.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  scope: string | null;
  returnUrl: string | null;
}

/** Checks an authorization request; errors never redirect to an unverified URI. */
export async function validateAuthorize(
  ctx: Ctx,
  q: { client_id?: string; redirect_uri?: string; response_type?: string; code_challenge?: string; code_challenge_method?: string; state?: string; scope?: string; return_url?: string },
): Promise<AuthorizeParams> {
  const client = await getClient(ctx, q.client_id);
  if (!client) failPage({ kind: 'unknownClient' }, E.invalidClientOrRedirect, undefined, 'Unknown client ID.');
  // A known client's configured service is the way back a browser is offered (never the request's URI).
  const service = client.service_url;
  if (!q.redirect_uri || !redirectUris(client).includes(q.redirect_uri)) failPage({ kind: 'redirectUri', service }, E.invalidClientOrRedirect, undefined, 'The redirect URI is not registered for this client.');
  if (q.response_type !== 'code') failPage({ kind: 'responseType', service }, E.unsupportedResponseType);
  if (q.scope && q.scope.split(/\s+/).some((s) => s && !SUPPORTED_SCOPES.has(s))) failPage({ kind: 'scope', service }, E.unsupportedScope);
  if (!q.code_challenge || q.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
    failPage({ kind: 'pkce', service }, E.invalidParameter, { field: 'code_challenge' }, 'PKCE with code_challenge_method S256 is required.');
  }
  return {
    clientId: client.id,
    redirectUri: q.redirect_uri,
    state: q.state ?? null,
    codeChallenge: q.code_challenge,
    scope: q.scope ?? null,
    returnUrl: safeReturnUrl(ctx, client.id, q.return_url),
  };
}

/** How long after its end an unused login session may still be renewed (it is kept that long). */
export const LOGIN_SESSION_RENEWABLE_MS = 86_400_000;
/** How long one sign-in request lives from its /authorize, renewals included: a leaked code is not kept alive for ever. */
export const LOGIN_REQUEST_MAX_AGE_MS = 86_400_000;

export async function createLoginSession(
  ctx: Ctx,
  input: {
    clientId: string;
    redirectUri: string;
    state?: string | null;
    codeChallenge?: string | null;
    returnUrl?: string | null;
    scope?: string | null;
    language?: string | null;
    source?: string | null;
    params?: Record<string, string | true> | null;
    /** When the request began (a renewal keeps its request's age); now by default. */
    createdAt?: number;
  },
): Promise<string> {
  const code = randomToken(24);
  const now = ctx.now();
  await ctx.stores.global
    .insertInto('login_sessions')
    .values({
      code_hash: sha256(code),
      client_id: input.clientId,
      redirect_uri: input.redirectUri,
      state: input.state ?? null,
      code_challenge: input.codeChallenge ?? null,
      return_url: input.returnUrl ?? null,
      scope: input.scope ?? null,
      language: input.language ?? null,
      source: input.source ?? null,
      params: input.params ? JSON.stringify(input.params) : null,
      created_at: input.createdAt ?? now,
      expires_at: now + ctx.options.limits.loginSessionSeconds * 1000,
      completed_at: null,
      account_id: null,
      region: null,
      sso_session_id: null,
    })
    .execute();
  await ctx.stores.global.deleteFrom('login_sessions').where('expires_at', '<', now - LOGIN_SESSION_RENEWABLE_MS).execute();
  return code;
}

export async function getLoginSession(ctx: Ctx, code: string | undefined): Promise<LoginSessionTable | null> {
  if (!code || code.length > 200) return null;
  const row = await ctx.stores.global.selectFrom('login_sessions').selectAll().where('code_hash', '=', sha256(code)).executeTakeFirst();
  if (!row || row.expires_at <= ctx.now()) return null;
  return row;
}

/**
 * A login session of the page's code that expired before anyone signed in with it, at most a day
 * ago: the same request (client, redirect, state, PKCE challenge, language, source) under a fresh
 * code, the old one spent. A page left open too long then goes on with what was typed instead of
 * starting over (issue 27). The request keeps its age: a day after its /authorize it is renewed no
 * more. Null when there is nothing to renew: an unknown code, a live one, one already signed in
 * with, one too old, or one renewed by a parallel request.
 */
export async function renewLoginSession(ctx: Ctx, code: string | undefined): Promise<string | null> {
  if (!code || code.length > 200) return null;
  const db = ctx.stores.global;
  const row = await db.selectFrom('login_sessions').selectAll().where('code_hash', '=', sha256(code)).executeTakeFirst();
  const now = ctx.now();
  if (!row || row.expires_at > now || row.completed_at !== null) return null;
  if (now - row.expires_at > LOGIN_SESSION_RENEWABLE_MS || now - row.created_at > LOGIN_REQUEST_MAX_AGE_MS) return null;
  if (!(await getClient(ctx, row.client_id))) return null;
  const spent = await db.deleteFrom('login_sessions').where('code_hash', '=', row.code_hash).where('completed_at', 'is', null).executeTakeFirst();
  if (Number(spent.numDeletedRows) !== 1) return null;
  return createLoginSession(ctx, {
    clientId: row.client_id,
    redirectUri: row.redirect_uri,
    state: row.state,
    codeChallenge: row.code_challenge,
    returnUrl: row.return_url,
    scope: row.scope,
    language: row.language,
    source: row.source,
    params: row.params ? (JSON.parse(row.params) as Record<string, string | true>) : null,
    createdAt: row.created_at,
  });
}

/** The client of a login session, expired or not (while it is kept): whose flow a mailed link returns to. */
/** Whether `code` names a login session that is still open (a plugin's flow goes on in it). */
export async function isLiveLoginSession(ctx: Ctx, code: string | undefined): Promise<boolean> {
  return (await getLoginSession(ctx, code)) !== null;
}

export async function clientOfLoginSession(ctx: Ctx, code: string | undefined): Promise<string | null> {
  if (!code || code.length > 200) return null;
  const row = await ctx.stores.global.selectFrom('login_sessions').select('client_id').where('code_hash', '=', sha256(code)).executeTakeFirst();
  return row?.client_id ?? null;
}

export async function completeLoginSession(ctx: Ctx, code: string, accountId: string, region: RegionCode, ssoSessionId: string): Promise<void> {
  await ctx.stores.global
    .updateTable('login_sessions')
    .set({ completed_at: ctx.now(), account_id: accountId, region, sso_session_id: ssoSessionId })
    .where('code_hash', '=', sha256(code))
    .execute();
}

/**
 * The plugin that handles a login session's `source` (the help desk's), checked against its switch
 * for `region` (null: before the account is known): 403 -19999 where it is off, 404 where it is off
 * everywhere; null for a source no plugin handles.
 */
export function loginSourceFor(ctx: Ctx, source: string, region: RegionCode | null): ServerPoints['loginSource'] | null {
  const found = ctx.extensions.find('loginSource', (s) => s.source === source);
  if (!found) return null;
  ctx.switches.require(found.plugin, { region, appType: null });
  return found.value;
}

/** The parameters a login session of another product's page keeps for its hand-back. */
export function loginSessionParams(session: Pick<LoginSessionTable, 'params'>): Record<string, string> {
  return session.params ? (JSON.parse(session.params) as Record<string, string>) : {};
}

/** Where `POST /login` sends the browser: the authorize continuation, or the hand-back of the page it came from (help desk). */
export function redirectParamsFor(ctx: Ctx, code: string | null, session: LoginSessionTable | null, language?: string | null): RedirectParamsResult {
  const base = `${ctx.options.publicOrigin}/api`;
  const from = session?.source && session.source !== 'oidc' ? loginSourceFor(ctx, session.source, null) : null;
  if (from && session) return from.next(ctx, loginSessionParams(session));
  if (session?.source === 'oidc' && code) {
    // Back to the OpenID provider's interaction, which finishes it with this sign-in.
    const { uid } = JSON.parse(session.params ?? '{}') as { uid?: string };
    return { serviceUrl: `${ctx.options.publicOrigin}${INTERACTION_PATH}/${encodeURIComponent(uid ?? '')}`, redirectParams: { session_code: code } };
  }
  const redirectParams: Record<string, string> = {};
  if (code) redirectParams.session_code = code;
  const lang = language ?? session?.language;
  if (lang) redirectParams.language = lang;
  return { serviceUrl: `${base}/authorize`, redirectParams };
}

export async function issueCode(
  ctx: Ctx,
  p: { clientId: string; redirectUri: string; codeChallenge: string; returnUrl: string | null; accountId: string; region: RegionCode; ssoSessionId: string },
): Promise<string> {
  const code = randomToken(32);
  const now = ctx.now();
  await ctx.stores.global
    .insertInto('auth_codes')
    .values({
      code_hash: sha256(code),
      client_id: p.clientId,
      redirect_uri: p.redirectUri,
      code_challenge: p.codeChallenge,
      account_id: p.accountId,
      region: p.region,
      sso_session_id: p.ssoSessionId,
      return_url: p.returnUrl,
      created_at: now,
      expires_at: now + ctx.options.limits.authCodeSeconds * 1000,
      used_at: null,
      token_family: null,
    })
    .execute();
  await ctx.stores.global.deleteFrom('auth_codes').where('expires_at', '<', now - 86_400_000).execute();
  return code;
}

export function redirectWithCode(redirectUri: string, code: string, state: string | null): string {
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  if (state !== null) url.searchParams.set('state', state);
  return url.toString();
}

/**
 * Exchanges a code for tokens. A code works once; presenting it again revokes what it gave.
 */
export async function exchangeCode(
  ctx: Ctx,
  input: { client_id: string; code?: string; code_verifier?: string; redirect_uri?: string },
): Promise<IssuedTokens & { region: RegionCode; redirectUrl: string | null }> {
  const client = await getClient(ctx, input.client_id);
  if (!client) fail(E.invalidClient);
  if (!input.code || !input.code_verifier) fail(E.invalidCode);
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(input.code_verifier)) fail(E.invalidCode, undefined, 'Invalid code_verifier.');
  const db = ctx.stores.global;
  const hash = sha256(input.code);
  const row = await db.selectFrom('auth_codes').selectAll().where('code_hash', '=', hash).executeTakeFirst();
  // Another client's code is refused before it is claimed: whoever holds a code cannot burn it for its client.
  if (!row || row.client_id !== client.id) fail(E.invalidCode);
  const now = ctx.now();
  const claimed = await db.updateTable('auth_codes').set({ used_at: now }).where('code_hash', '=', hash).where('used_at', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    if (row.token_family) {
      await ctx.region(row.region).updateTable('tokens').set({ revoked_at: now }).where('family_id', '=', row.token_family).where('revoked_at', 'is', null).execute();
    }
    fail(E.invalidCode, undefined, 'The authorization code was already used.');
  }
  if (row.expires_at <= now) fail(E.invalidCode, undefined, 'The authorization code has expired.');
  // RFC 6749 4.1.3: the authorization request always named one, so the exchange must name the same.
  if (input.redirect_uri !== row.redirect_uri) fail(E.invalidClientOrRedirect, undefined, 'redirect_uri must be the one of the authorization request.');
  if (!safeEqual(pkceS256(input.code_verifier), row.code_challenge)) fail(E.invalidCode, undefined, 'PKCE verification failed.');
  const session = await ctx.region(row.region).selectFrom('sso_sessions').select(['id', 'revoked_at']).where('id', '=', row.sso_session_id).executeTakeFirst();
  if (!session || session.revoked_at !== null) fail(E.invalidCode, undefined, 'The login session has ended.');
  const issued = await issueTokens(ctx, row.region, row.account_id, row.sso_session_id, client.id);
  await db.updateTable('auth_codes').set({ token_family: issued.familyId }).where('code_hash', '=', hash).execute();
  return { ...issued, region: row.region, redirectUrl: row.return_url };
}

export function loginPageInfo(client: ClientTable): LoginPageInfo {
  const b = JSON.parse(client.branding) as NonNullable<ClientConfig['branding']>;
  return {
    carouselInfos: (b.carousel ?? []).map((item, i) => ({
      fileUrl: item.fileUrl,
      id: `${client.id}-${i + 1}`,
      orderValue: i + 1,
      description: item.description ?? null,
      link: item.link ?? null,
      linkText: item.linkText ?? null,
      ...(item.texts ? { texts: item.texts } : {}),
    })),
    language: b.language ?? null,
    title: b.title ?? null,
    titleLogoUrl: b.titleLogoUrl ?? null,
    logoUrl: b.logoUrl ?? null,
    signUpUrl: b.signUpUrl ?? null,
    ...(client.plugins ? { plugins: JSON.parse(client.plugins) as string[] } : {}),
    theme: b.theme ?? null,
    clientId: client.id,
    clientName: client.name,
  };
}
