/**
 * The API's side of the plugin switches: every route of a plugin's server half carries its
 * plugin's id (`config.plugin`, set when the half registers), and this hook asks the switches
 * before the handler runs. The handler cannot forget it.
 */
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { rememberAuth, ssoCookie } from '../http/common';
import { authenticateAccess, bearer, readSsoCookie } from '../domain/sessions';
import { appTypeOfClient, type Asker } from './switches';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The plugin whose route this is: answered only where the deployment config turns it on. */
    plugin?: string;
  }
}

/**
 * Who asks. A valid access token says the account's region and its app (and is kept for the
 * handler's requireAuth); without one, the portal session's cookie says the account's region;
 * without either, the regional host's region. A token that fails is kept
 * as `tokenFailure`, for the gate to decide with.
 */
export async function askerOf(ctx: Ctx, req: FastifyRequest): Promise<{ asker: Asker; tokenFailure?: unknown }> {
  const anonymous: Asker = { region: req.hostRegion, appType: null };
  if (!bearer(req.headers.authorization)) {
    // A browser signed in to the portal (its SSO cookie) is judged by its account's region too.
    const sso = await readSsoCookie(ctx, ssoCookie(req));
    return { asker: sso ? { region: sso.region, appType: null } : anonymous };
  }
  try {
    const auth = await authenticateAccess(ctx, req.headers.authorization);
    rememberAuth(req, auth);
    return { asker: { region: auth.region, appType: appTypeOfClient(auth.token.client_id) } };
  } catch (err) {
    return { asker: anonymous, tokenFailure: err };
  }
}

/**
 * onRequest hook of the API: a plugin's route answers only where its plugin is on. A caller whose
 * token failed is judged as anonymous; where that refuses, the token's own failure is answered
 * instead (401: an expired token is refreshed and the call repeated, then judged by its account).
 */
export function pluginGate(ctx: Ctx) {
  return async (req: FastifyRequest): Promise<void> => {
    const plugin = req.routeOptions.config.plugin;
    if (!plugin) return;
    const { asker, tokenFailure } = await askerOf(ctx, req);
    if (tokenFailure !== undefined && ctx.switches.state(plugin, asker) !== 'on') throw tokenFailure;
    ctx.switches.require(plugin, asker);
  };
}
