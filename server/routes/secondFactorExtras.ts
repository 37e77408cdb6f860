/** Recovery codes and trusted devices of the signed-in account (beyond the spec, issue 18). */
import type { FastifyInstance } from 'fastify';
import type { RecoveryCodesResult, RecoveryCodesStatus, RevokeTrustedDevicesRequest, RevokeTrustedDevicesResult, TrustedDevicesResult } from '../../core/contract/secondFactorExtras';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Ctx } from '../context';
import { recoveryCodesStatus, regenerateRecoveryCodes } from '../domain/recoveryCodes';
import { eventContext, recordSecurityEvent } from '../domain/securityEvents';
import { currentTrustedDevice, listTrustedDevices, revokeTrustedDevices } from '../domain/trustedDevices';
import { fail } from '../http/errors';
import { authHeaders, body, clientIp, ensureSelf, idParams, ok, parseCookies, requireAuth, requireSecurityToken, S, securityHeaders } from '../http/common';

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

export function trustedDeviceRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get<{ Params: { id: string } }>('/account/:id/trusted-devices', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      const here = await currentTrustedDevice(ctx, auth.region, auth.account.id, parseCookies(req.headers.cookie));
      return ok<TrustedDevicesResult>({ devices: await listTrustedDevices(ctx, auth.region, auth.account.id, here) });
    });

    api.post<{ Params: { id: string }; Body: RevokeTrustedDevicesRequest | undefined }>(
      '/account/:id/trusted-devices/revoke',
      {
        schema: {
          params: idParams,
          headers: securityHeaders,
          body: { ...body({ deviceIds: { type: 'array', maxItems: 200, items: S.str(64, 1) } }, []), type: ['object', 'null'] },
        },
      },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        ensureSelf(auth, req.params.id);
        await requireSecurityToken(ctx, req, auth);
        const list = req.body?.deviceIds;
        const revoked = await revokeTrustedDevices(ctx, auth.region, auth.account.id, list && list.length > 0 ? list : 'all');
        if (revoked.length > 0) await recordSecurityEvent(ctx, { region: auth.region, id: auth.account.id }, 'trusted_device_revoked', eventContext(clientIp(req), req.headers), { count: revoked.length });
        return ok<RevokeTrustedDevicesResult>({ revoked });
      },
    );
  };
}
