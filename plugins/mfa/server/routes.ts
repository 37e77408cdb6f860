/** The MFA step's and the Security page's mailed codes: `POST /email/code` (LOGIN: a sign-in's step; BIND: setting email up). */
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES as E, type EmailCodeRequest } from '@portal/plugin-api/contract';
import { body, fail, limitAuth, normalizeEmail, ok, readMfaProcess, requireAuth, requireHostRegionOf, requireSecurityToken, S, safeEqual, securityHeaders, type ServerContext as Ctx } from '@portal/server-api';
import { sendEmailCode } from './emailCodes';

export function mfaRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.post<{ Body: EmailCodeRequest }>(
      '/email/code',
      {
        schema: {
          headers: securityHeaders,
          body: body(
            { email: S.email, type: { type: 'string', enum: ['BIND', 'LOGIN'] }, password: S.password, partnerProgram: S.bool, mfaProcessId: S.str(200), language: S.language },
            ['email', 'type'],
          ),
        },
      },
      async (req) => {
        await limitAuth(ctx, req, 'mail');
        const b = req.body;
        if (b.type === 'LOGIN') {
          requireHostRegionOf(req, b.mfaProcessId);
          const processId = b.mfaProcessId;
          const process = await readMfaProcess(ctx, processId, false);
          if (!processId || !process || process.account.email !== normalizeEmail(b.email)) fail(E.mfaProcessMissing);
          // Asked on the global host, the gate knew no region: the account's region decides (403 -19999 where off).
          ctx.switches.require('mfa', { region: process.region, appType: null });
          if (process.account.mfa_email !== 1) fail(E.mfaTypeDisabled);
          return ok(await sendEmailCode(ctx, process.region, process.account, { purpose: 'login', processId }, b.language));
        }
        const auth = await requireAuth(ctx, req);
        await requireSecurityToken(ctx, req, auth);
        if (!safeEqual(normalizeEmail(b.email), auth.account.email)) fail(E.accountError);
        if (b.password !== undefined && !(await ctx.passwords.verify(auth.account.password_hash, b.password))) fail(E.wrongCredentials);
        if (auth.account.mfa_email === 1) fail(E.mfaTypeEnabled);
        return ok(await sendEmailCode(ctx, auth.region, auth.account, { purpose: 'bind' }, b.language));
      },
    );
  };
}
