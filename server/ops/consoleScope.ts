/**
 * The ops console's API scope (`/api/ops`, issue 28). The console's server halves register their
 * routes here (`opsRoutes`), and every route says what it needs in `config.ops`: a route that says
 * nothing stops the start. One hook, before any handler, enforces it:
 *
 * - the plugin must be on in the console's config (OPS_CONFIG), else the path is unknown (404);
 * - the portal's request header on every call (a cross-site page can send none) and no
 *   `Authorization` header: an end user's token never reaches a console handler (401 -3092);
 * - an operator's session (the `operators` point, the ops-console plugin's), with a role that
 *   grants the route's permission (403 -40005), and for a dangerous action a second factor
 *   confirmed within OPS_CONFIRM_MS (403 -20677 `{ confirm: true }`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { HEADERS, PORTAL_REQUEST_VALUE } from '../../core/contract/headers';
import { roleMay, type OpsConfirmRequired, type OpsPermission, type OpsPermissionDenied, type OpsRole } from '../../core/contract/ops';
import type { Ctx } from '../context';
import { clientKey } from '../http/common';
import { ApiFailure, fail } from '../http/errors';
import { checkPortalRequest, NOT_FROM_PORTAL } from '../http/portalRequest';
import type { ServerPlugin } from '../plugin-api';

/** A signed-in operator, as the `operators` point reads it from the request. */
export interface OperatorRef {
  id: string;
  email: string;
  role: OpsRole;
  /** When the session last confirmed a second factor (signing in counts), epoch ms. */
  confirmedAt: number;
  sessionId: string;
}

/** What a console route needs: `public` for the sign-in and enrolment steps. */
export interface OpsAccess {
  allow: OpsPermission | 'public';
  /** A dangerous action: the operator confirms with a second factor first (OPS_CONFIRM_MS). */
  fresh?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route of the console's scope: who may call it. */
    ops?: OpsAccess;
  }
  interface FastifyRequest {
    /** The operator of a console call (null on a public route without a session). */
    operator: OperatorRef | null;
  }
}

/** The console plugin that answers for operators' sessions, read by the hook below. */
export const OPERATORS_POINT = 'operators' as const;

/** The signed-in operator of a console route that is not public (the hook has checked). */
export function requireOperator(req: FastifyRequest): OperatorRef {
  if (!req.operator) fail(E.unauthorized, undefined, 'Sign in to the console first.', 401);
  return req.operator;
}

function refuseHeaders(req: FastifyRequest): void {
  if (req.headers.authorization !== undefined) fail(E.unauthorized, { tokenRefused: true }, 'The console does not accept portal tokens.', 401);
  const portal = req.headers[HEADERS.portalRequest.toLowerCase()];
  if (portal !== PORTAL_REQUEST_VALUE) fail(E.badRequest, { reason: 'header' }, NOT_FROM_PORTAL, 403);
}

/** The console's scope: every half's `opsRoutes` whose plugin the console config turns on. */
export function consoleScope(ctx: Ctx, halves: readonly ServerPlugin[]) {
  return async (scope: FastifyInstance) => {
    scope.decorateRequest('operator', null);
    scope.addHook('onRoute', (route) => {
      if (!route.config?.ops) throw new Error(`console route ${route.method} ${route.url} says nothing of who may call it (config.ops)`);
    });
    scope.addHook('onRequest', async (req) => {
      req.hostRegion = null;
      const plugin = req.routeOptions.config.plugin;
      const access = req.routeOptions.config.ops;
      if (!plugin || !access || !ctx.switches.onInConsole(plugin)) fail(E.badRequest, undefined, 'Unknown API path.', 404);
      const wait = await ctx.apiRate.take(`ops:${clientKey(req)}`, ctx.options.limits.apiPerMinute);
      if (wait !== null) throw new ApiFailure(E.rateLimited, undefined, { retryAfterSeconds: wait });
      refuseHeaders(req);
      checkPortalRequest(ctx, req);
      const operators = ctx.extensions.find(OPERATORS_POINT, () => true);
      if (!operators || !ctx.switches.onInConsole(operators.plugin)) fail(E.badRequest, undefined, 'Unknown API path.', 404);
      req.operator = await operators.value.authenticate(ctx, req);
      if (access.allow === 'public') return;
      const operator = requireOperator(req);
      if (!roleMay(operator.role, access.allow)) {
        const result: OpsPermissionDenied = { needs: access.allow, role: operator.role };
        fail(E.permissionDenied, result, `The ${operator.role} role may not do this.`, 403);
      }
      if (access.fresh && ctx.now() - operator.confirmedAt > ctx.options.limits.opsConfirmSeconds * 1000) {
        const result: OpsConfirmRequired = { confirm: true };
        fail(E.mfaRequired, result, 'Confirm with your second factor first.', 403);
      }
    });
    for (const half of halves) {
      const routes = half.opsRoutes;
      if (!routes || !ctx.switches.onInConsole(half.id)) continue;
      await scope.register(async (inner) => {
        inner.addHook('onRoute', (route) => {
          route.config = { ...route.config, plugin: route.config?.plugin ?? half.id };
        });
        await routes(inner, ctx);
      });
    }
  };
}
