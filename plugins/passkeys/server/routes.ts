/** Passkeys: the security page's list, registration, rename and removal; the login page's ceremonies. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PasskeyRegisterRequest, PasskeySignInOptionsRequest, PasskeySignInVerifyRequest } from '@portal/plugin-api/contract';
import { PASSKEY_NAME_MAX } from '@portal/plugin-api/contract';
import {
  authHeaders,
  body,
  ensureSelf,
  idParams,
  limitAuth,
  loginBindingOf,
  ok,
  requireAuth,
  requireHostRegionOf,
  requireSecurityToken,
  S,
  securityHeaders,
  SESSION_CODE_HEADER,
  type ServerContext as Ctx,
} from '@portal/server-api';
import { deletePasskey, listPasskeys, passkeyItem, registerPasskey, registrationOptions, renamePasskey } from './passkeys';
import { loginPasskeyOptions, verifyLoginPasskey } from './passkeySignIn';

/** WebAuthn JSON: an object whose fields the library checks; bounded in size by the body limit. */
const webauthnJson = { type: 'object', maxProperties: 16 } as const;
const credentialId = S.str(1400, 1);
const passkeyNameSchema = S.str(PASSKEY_NAME_MAX * 4, 1);
const sessionCodeHeaders = { type: 'object', properties: { [SESSION_CODE_HEADER]: S.str(128) } } as const;

export function passkeyRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get<{ Params: { id: string } }>('/account/:id/passkeys', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      return ok({ passkeys: (await listPasskeys(ctx, auth.region, auth.account.id)).map(passkeyItem) });
    });

    const guarded = async (req: FastifyRequest) => {
      const auth = await requireAuth(ctx, req);
      await requireSecurityToken(ctx, req, auth);
      return auth;
    };

    api.post('/passkeys/register/options', { schema: { headers: securityHeaders } }, async (req) => {
      const auth = await guarded(req);
      return ok({ options: await registrationOptions(ctx, auth.region, auth.account) });
    });

    api.post<{ Body: PasskeyRegisterRequest }>(
      '/passkeys/register',
      { schema: { headers: securityHeaders, body: body({ response: webauthnJson, name: passkeyNameSchema }, ['response', 'name']) } },
      async (req) => {
        const auth = await guarded(req);
        return ok({ passkey: passkeyItem(await registerPasskey(ctx, auth.region, auth.account, req.body.response, req.body.name)) });
      },
    );

    api.post<{ Body: { id: string; name: string } }>(
      '/passkeys/rename',
      { schema: { headers: securityHeaders, body: body({ id: credentialId, name: passkeyNameSchema }, ['id', 'name']) } },
      async (req) => {
        const auth = await guarded(req);
        return ok({ passkey: passkeyItem(await renamePasskey(ctx, auth.region, auth.account.id, req.body.id, req.body.name)) });
      },
    );

    api.post<{ Body: { id: string } }>('/passkeys/delete', { schema: { headers: securityHeaders, body: body({ id: credentialId }, ['id']) } }, async (req) => {
      const auth = await guarded(req);
      await deletePasskey(ctx, auth.region, auth.account.id, req.body.id);
      return ok({ deleted: req.body.id });
    });

    api.post<{ Body: PasskeySignInOptionsRequest | undefined }>(
      '/login/passkey/options',
      { config: { portalOnly: 'always' }, schema: { headers: sessionCodeHeaders, body: { type: ['object', 'null'], properties: { mfaProcessId: S.str(200) }, additionalProperties: false } } },
      async (req) => {
        // Asked on every login page (passkey autofill): its own bucket, so it never uses up the sign-ins'.
        await limitAuth(ctx, req, 'passkeyOptions');
        const processId = req.body?.mfaProcessId;
        requireHostRegionOf(req, processId);
        return ok({ options: await loginPasskeyOptions(ctx, loginBindingOf(req), processId) });
      },
    );

    api.post<{ Body: PasskeySignInVerifyRequest }>(
      '/login/passkey/verify',
      { config: { portalOnly: 'always' }, schema: { headers: sessionCodeHeaders, body: body({ response: webauthnJson, mfaProcessId: S.str(200) }, ['response']) } },
      async (req) => {
        await limitAuth(ctx, req, 'login');
        requireHostRegionOf(req, req.body.mfaProcessId);
        return ok(await verifyLoginPasskey(ctx, loginBindingOf(req), req.body.response, req.body.mfaProcessId));
      },
    );
  };
}
