/**
 * The help desk's single sign-on (Zendesk's JWT flow, spec section 2): a person sent from the
 * help desk signs in on the portal's login page and is handed back with a short-lived HS256 JWT
 * signed with the shared secret (HELPDESK_SECRET), to the help desk's JWT endpoint, with a
 * `return_to` only on an origin the deployment allows.
 */
import type { HelpdeskQuery } from '@portal/plugin-api/contract';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { SignJWT } from 'jose';
import { createLoginSession, failPage, HELPDESK_CLIENT_ID, randomId, type ServerContext as Ctx, type SsoSessionRef } from '@portal/server-api';

/** The login sessions of the help desk's sign-ins carry this source. */
export const HELPDESK_SOURCE = 'zendesk';

/** A `return_to` of an allowed origin, or -20212 (a browser is offered the help desk's first allowed origin instead). */
export function checkReturnTo(ctx: Ctx, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const refused = { kind: 'returnTo', service: ctx.options.helpdesk.returnOrigins[0] ?? null } as const;
  let origin: string;
  try {
    origin = new URL(value).origin;
  } catch {
    failPage(refused, E.invalidServiceUrl);
  }
  if (!ctx.options.helpdesk.returnOrigins.includes(origin)) failPage(refused, E.invalidServiceUrl);
  return value;
}

/** The help desk's JWT endpoint with a fresh token of the signed-in account (three minutes). */
export async function helpdeskRedirect(ctx: Ctx, sso: SsoSessionRef, q: HelpdeskQuery): Promise<string> {
  const { account } = sso;
  const jwt = await new SignJWT({
    email: account.email,
    name: `${account.first_name} ${account.last_name}`.trim() || account.email,
    external_id: account.id,
    ...(q.locale_id ? { locale_id: q.locale_id } : {}),
    ...(q.brand_id ? { brand_id: q.brand_id } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(Math.floor(ctx.now() / 1000))
    .setExpirationTime(Math.floor(ctx.now() / 1000) + 180)
    .setJti(randomId())
    .sign(new TextEncoder().encode(ctx.options.helpdesk.secret));
  const url = new URL(ctx.options.helpdesk.jwtUrl);
  url.searchParams.set('jwt', jwt);
  if (q.return_to) url.searchParams.set('return_to', q.return_to);
  return url.toString();
}

/** The parameters the help desk hands over that its hand-back keeps (return_to checked). */
export function helpdeskParams(ctx: Ctx, q: HelpdeskQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (q.brand_id) params.brand_id = q.brand_id;
  if (q.locale_id) params.locale_id = q.locale_id;
  const returnTo = checkReturnTo(ctx, q.return_to);
  if (returnTo) params.return_to = returnTo;
  return params;
}

/** A login session for a sign-in from the help desk. */
export function helpdeskLoginSession(ctx: Ctx, params: Record<string, string>, language: string | null = null): Promise<string> {
  return createLoginSession(ctx, { clientId: HELPDESK_CLIENT_ID, redirectUri: ctx.options.helpdesk.jwtUrl, source: HELPDESK_SOURCE, params, language });
}
