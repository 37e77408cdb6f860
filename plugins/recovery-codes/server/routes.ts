/** The signed-in account's recovery codes: how many are left, and a new set (behind the security unlock). */
import type { FastifyInstance } from 'fastify';
import type { RecoveryCodesResult, RecoveryCodesStatus } from '@portal/plugin-api/contract';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { authHeaders, clientIp, ensureSelf, eventContext, fail, idParams, ok, recordSecurityEvent, requireAuth, requireSecurityToken, securityHeaders, type ServerContext as Ctx } from '@portal/server-api';
import { recoveryCodesStatus, regenerateRecoveryCodes } from './recoveryCodes';

export function recoveryCodeRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get<{ Params: { id: string } }>('/account/:id/recovery-codes', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      return ok<RecoveryCodesStatus>(await recoveryCodesStatus(ctx, auth.region, auth.account.id));
    });

    // Behind the security unlock: the codes pass the second factor, so only the password's owner may mint them.
    api.post<{ Params: { id: string } }>('/account/:id/recovery-codes', { schema: { params: idParams, headers: securityHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      await requireSecurityToken(ctx, req, auth);
      if (auth.account.mfa_enabled !== 1) fail(E.mfaTypeDisabled);
      const result = await regenerateRecoveryCodes(ctx, auth.region, auth.account.id);
      await recordSecurityEvent(ctx, { region: auth.region, id: auth.account.id }, 'recovery_codes_generated', eventContext(clientIp(req), req.headers), { count: result.codes.length });
      return ok<RecoveryCodesResult>(result);
    });
  };
}
