/**
 * Security settings: security token, two-factor management, session timeout, sessions, security
 * activity. The code methods (and the mailed codes `/email/code` sends, for the Security page and the
 * MFA step) come from the `secondFactorMethods` point (the mfa plugin): where it is off for the
 * account's region, sending, setting up or passing one is refused (403 -19999).
 */
import type { FastifyInstance } from 'fastify';
import type { EmailCodeRequest, MfaFeatureStatus, MfaType, SecurityEventsResult, SessionTimeout } from '@portal/plugin-api/contract';
import { ERROR_CODES as E, MFA_TYPES, SECURITY_EVENTS_MAX_PAGE, SECURITY_EVENTS_PAGE, SESSION_TIMEOUT_OPTIONS } from '@portal/plugin-api/contract';
import {
  addMethod,
  answerSent,
  authHeaders,
  body,
  checkAccountPasswordRecorded,
  clientIp,
  createOneTimeToken,
  decodeCursor,
  deleteMethod,
  disableMfa,
  enableMfa,
  enrolMethod,
  endSecurityUnlock,
  ensureSelf,
  eventContext,
  fail,
  forgetTrustedBrowsers,
  getAccount,
  idParams,
  limitAuth,
  listSecurityEvents,
  maskEmail,
  normalizeEmail,
  ok,
  parseCookies,
  readMfaProcess,
  recordSecurityEvent,
  requireAuth,
  requireHostRegionOf,
  requireSecurityToken,
  revokeSessions,
  S,
  safeEqual,
  securityHeaders,
  sendMethodCode,
  sessionExpiry,
  setPrimary,
  offeredTypes,
  supportedTypes,
  type EventContext,
  type ServerContext as Ctx,
} from '@portal/server-api';

const codeBody = body({ mfaType: S.mfaType, code: { type: 'string', pattern: '^[0-9]{6}$' } }, ['mfaType', 'code']);
const typeBody = body({ mfaType: S.mfaType }, ['mfaType']);
const methodOf = (type: MfaType) => (type === MFA_TYPES.totp ? 'totp' : 'email');

export function securityRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.post<{ Body: { password: string } }>(
      '/security/enable',
      { schema: { headers: authHeaders, body: body({ password: S.password }, ['password']) } },
      async (req, reply) => {
        const auth = await requireAuth(ctx, req);
        await limitAuth(ctx, req, 'security');
        // The sign-in lock: wrong passwords count, the answer says how many are left, and a
        // locked account is refused even the right one (-20004 with minutes).
        const context = eventContext(clientIp(req), req.headers);
        await checkAccountPasswordRecorded(ctx, auth.region, auth.account, req.body.password, context, 'security_unlock_failed', undefined, answerSent(reply));
        await recordSecurityEvent(ctx, { region: auth.region, id: auth.account.id }, 'security_unlocked', context);
        const seconds = ctx.options.limits.securityTokenSeconds;
        const token = await createOneTimeToken(ctx, auth.region, auth.account.id, 'security', seconds, null, auth.session.id);
        return ok({ securityToken: token, expiresIn: seconds });
      },
    );

    // Ends the security unlock; an already expired token is fine (the 5-minute timer runs out first).
    api.post<{ Params: { id: string } }>('/security/:id/disable', { schema: { params: idParams, headers: securityHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      await endSecurityUnlock(ctx, req, auth.region, auth.account.id);
      return ok({ disabled: true });
    });

    api.get<{ Params: { id: string } }>('/account/:id/mfa/getMfaFeatureStatus', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      const a = auth.account;
      const status: MfaFeatureStatus = {
        enabled: a.mfa_enabled === 1,
        supportedMFATypes: supportedTypes(ctx, auth.region, a),
        primaryMFAType: (a.mfa_primary as MfaType | null) ?? null,
        MFAEmail: maskEmail(a.email),
        offeredMFATypes: offeredTypes(ctx, auth.region),
      };
      return ok(status);
    });

    const guarded = async (req: Parameters<typeof requireAuth>[1]) => {
      const auth = await requireAuth(ctx, req);
      await requireSecurityToken(ctx, req, auth);
      return auth;
    };
    type Guarded = Awaited<ReturnType<typeof guarded>>;
    const record = (req: Parameters<typeof requireAuth>[1], auth: Guarded, kind: Parameters<typeof recordSecurityEvent>[2], detail?: Parameters<typeof recordSecurityEvent>[4]) => {
      const context: EventContext = eventContext(clientIp(req), req.headers);
      return recordSecurityEvent(ctx, { region: auth.region, id: auth.account.id }, kind, context, detail);
    };

    /** Recovery codes and trusted browsers of an enrolment that ended (server/domain/mfa.ts): recorded, and the owner told. */
    const enrolmentExtrasEnded = async (req: Parameters<typeof requireAuth>[1], auth: Guarded, ended: number) => {
      if (ended === 0) return;
      await record(req, auth, 'second_factor_reset', { count: ended });
      await ctx.mailer.send({ to: auth.account.email, kind: 'secondFactorReset', language: auth.account.language, vars: { name: auth.account.first_name, link: `${ctx.options.publicOrigin}/accountSetting/security` } });
    };

    api.post<{ Body: { mfaType: MfaType; code: string } }>('/account/mfa/enable', { schema: { headers: securityHeaders, body: codeBody } }, async (req) => {
      const auth = await guarded(req);
      const ended = await enableMfa(ctx, auth.region, auth.account, req.body.mfaType, req.body.code);
      await record(req, auth, 'mfa_enabled', { method: methodOf(req.body.mfaType) });
      await enrolmentExtrasEnded(req, auth, ended);
      return ok({ enabled: true });
    });

    api.post<{ Body: { mfaType: MfaType; code: string } }>('/accounts/mfa/addMfaType', { schema: { headers: securityHeaders, body: codeBody } }, async (req) => {
      const auth = await guarded(req);
      await addMethod(ctx, auth.region, auth.account, req.body.mfaType, req.body.code);
      await record(req, auth, 'mfa_method_added', { method: methodOf(req.body.mfaType) });
      return ok({ added: req.body.mfaType });
    });

    api.post<{ Body: { mfaType: MfaType } }>('/accounts/mfa/primary', { schema: { headers: securityHeaders, body: typeBody } }, async (req) => {
      const auth = await guarded(req);
      await setPrimary(ctx, auth.region, auth.account, req.body.mfaType);
      await record(req, auth, 'mfa_primary_changed', { method: methodOf(req.body.mfaType) });
      return ok({ primaryMFAType: req.body.mfaType });
    });

    api.post<{ Body: { mfaType: MfaType } }>('/accounts/mfa/delMfaType', { schema: { headers: securityHeaders, body: typeBody } }, async (req) => {
      const auth = await guarded(req);
      const ended = await deleteMethod(ctx, auth.region, auth.account, req.body.mfaType);
      // Removing the only method turns two-factor off (deleteMethod): recorded as that.
      const last = supportedTypes(ctx, auth.region, auth.account).length === 1;
      await record(req, auth, last ? 'mfa_disabled' : 'mfa_method_removed', { method: methodOf(req.body.mfaType) });
      await enrolmentExtrasEnded(req, auth, ended);
      return ok({ deleted: req.body.mfaType });
    });

    api.post('/accounts/mfa/disable', { schema: { headers: securityHeaders } }, async (req) => {
      const auth = await guarded(req);
      const ended = await disableMfa(ctx, auth.region, auth.account);
      await record(req, auth, 'mfa_disabled');
      await enrolmentExtrasEnded(req, auth, ended);
      return ok({ enabled: false });
    });

    api.post('/account/mfa/getTOTPUrl', { schema: { headers: securityHeaders } }, async (req) => {
      const auth = await guarded(req);
      return ok(await enrolMethod(ctx, auth.region, auth.account, MFA_TYPES.totp));
    });

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
          return ok(await sendMethodCode(ctx, process.region, process.account, MFA_TYPES.email, { purpose: 'login', processId }, b.language));
        }
        const auth = await guarded(req);
        if (!safeEqual(normalizeEmail(b.email), auth.account.email)) fail(E.accountError);
        if (b.password !== undefined && !(await ctx.passwords.verify(auth.account.password_hash, b.password))) fail(E.wrongCredentials);
        return ok(await sendMethodCode(ctx, auth.region, auth.account, MFA_TYPES.email, { purpose: 'bind' }, b.language));
      },
    );

    api.post<{ Params: { id: string }; Body: { expireTime: SessionTimeout } }>(
      '/account/:id/timeout',
      { schema: { params: idParams, headers: securityHeaders, body: body({ expireTime: { type: 'integer', enum: [...SESSION_TIMEOUT_OPTIONS] } }, ['expireTime']) } },
      async (req) => {
        const auth = await guarded(req);
        ensureSelf(auth, req.params.id);
        await ctx.region(auth.region).updateTable('accounts').set({ session_timeout: req.body.expireTime, updated_at: ctx.now() }).where('id', '=', auth.account.id).execute();
        if (auth.account.session_timeout !== req.body.expireTime) await record(req, auth, 'session_timeout_changed');
        return ok({ expireTime: req.body.expireTime, options: SESSION_TIMEOUT_OPTIONS });
      },
    );

    api.post<{ Params: { id: string } }>('/account/:id/defaultTime', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      return ok({ expireTime: auth.account.session_timeout as SessionTimeout, options: SESSION_TIMEOUT_OPTIONS });
    });

    api.get<{ Params: { id: string } }>('/account/:id/sessions', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      const account = await getAccount(ctx, auth.region, auth.account.id);
      const rows = await ctx
        .region(auth.region)
        .selectFrom('sso_sessions')
        .selectAll()
        .where('account_id', '=', account.id)
        .where('revoked_at', 'is', null)
        .orderBy('last_active_at', 'desc')
        .execute();
      const now = ctx.now();
      const sessions = rows
        .filter((s) => sessionExpiry(s, account) > now)
        .map((s) => ({ sessionId: s.id, current: s.id === auth.session.id, createdAt: s.created_at, lastActiveAt: s.last_active_at, expiresAt: sessionExpiry(s, account), ip: s.ip, userAgent: s.user_agent }));
      return ok({ sessions });
    });

    api.post<{ Params: { id: string }; Body: { sessionList?: string[] } | undefined }>(
      '/account/:id/logout',
      { schema: { params: idParams, headers: securityHeaders, body: { type: ['object', 'null'], properties: { sessionList: { type: 'array', maxItems: 200, items: S.str(64, 1) } }, additionalProperties: false } } },
      async (req) => {
        const auth = await guarded(req);
        ensureSelf(auth, req.params.id);
        const list = req.body?.sessionList;
        const one = list !== undefined && list.length > 0;
        const loggedOut = one ? await revokeSessions(ctx, auth.region, auth.account.id, list) : await revokeSessions(ctx, auth.region, auth.account.id, 'all', auth.session.id);
        if (loggedOut.length > 0) await record(req, auth, 'sessions_ended', { count: loggedOut.length, scope: one ? 'one' : 'others' });
        // "Log out other devices" also stops the other browsers skipping the second factor; this one stays trusted.
        if (!one) await forgetTrustedBrowsers(ctx, auth.region, auth.account.id, parseCookies(req.headers.cookie));
        return ok({ loggedOut });
      },
    );

    // The account's security activity, newest first, a page at a time (no unlock needed: reading only).
    api.get<{ Params: { id: string }; Querystring: { before?: string; limit?: number } }>(
      '/account/:id/security-events',
      {
        schema: {
          params: idParams,
          headers: authHeaders,
          querystring: {
            type: 'object',
            properties: { before: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }, limit: { type: 'integer', minimum: 1, maximum: SECURITY_EVENTS_MAX_PAGE } },
            additionalProperties: false,
          },
        },
      },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        ensureSelf(auth, req.params.id);
        const before = req.query.before === undefined ? null : decodeCursor(req.query.before);
        if (req.query.before !== undefined && !before) fail(E.invalidParameter, { field: 'before' });
        const page = await listSecurityEvents(ctx, auth.region, auth.account.id, req.query.limit ?? SECURITY_EVENTS_PAGE, before);
        const result: SecurityEventsResult = { ...page, timeZone: auth.account.timezone };
        return ok(result);
      },
    );
  };
}
