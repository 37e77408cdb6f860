/** The signed-in account's trusted devices: list them, stop trusting some or all (behind the security unlock). */
import type { FastifyInstance } from 'fastify';
import type { RevokeTrustedDevicesRequest, RevokeTrustedDevicesResult, TrustedDevicesResult } from '@portal/plugin-api/contract';
import { body, authHeaders, clientIp, ensureSelf, eventContext, idParams, ok, parseCookies, recordSecurityEvent, requireAuth, requireSecurityToken, S, securityHeaders, type ServerContext as Ctx } from '@portal/server-api';
import { currentTrustedDevice, listTrustedDevices, revokeTrustedDevices } from './trustedDevices';

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
