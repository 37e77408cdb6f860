/** Sign-in and the authorisation hand-off: /authorize, /login, /token, /refresh-token, /logout, help desk. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthorizeQuery, LoginRequest, LoginSessionRenewedResult, TokenRequest } from '../../core/contract/auth';
import type { TokenExchangeResult } from '../../core/contract/api';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { HEADERS } from '../../core/contract/headers';
import type { Ctx } from '../context';
import {
  allowedOrigins,
  completeLoginSession,
  createLoginSession,
  exchangeCode,
  getClient,
  getLoginSession,
  issueCode,
  loginSessionParams,
  loginSourceFor,
  redirectParamsFor,
  redirectWithCode,
  renewLoginSession,
  validateAuthorize,
} from '../domain/oauth';
import { isReauthSession, reauthenticationOf, secondFactorDemanded } from '../domain/reauth';
import { authenticateAccess, bearer, checkRefreshToken, createSsoSession, readSsoCookie, renewSessionSignIn, revokeSessions, rotateRefresh } from '../domain/sessions';
import { signIn } from '../domain/signin';
import { authenticateClient, basicCredentials, clientAuthMethod } from '../domain/clientAuth';
import { eventContext, recordSignIn } from '../domain/securityEvents';
import { normalizeEmail } from '../domain/validation';
import { fail, failPage } from '../http/errors';
import { answerSent, body, clearSsoCookie, clientIp, endSecurityUnlock, limitAuth, loginBindingOf, loginUrl, ok, parseCookies, requireHostRegionOf, S, securityHeaders, setSsoCookie, ssoCookie } from '../http/common';

const SESSION_CODE_HEADER = HEADERS.sessionCode.toLowerCase();

/** What a connected service (not only the SPA) may send: a confidential client's secret, or its id in a Basic header alone. */
type TokenEndpointBody = Omit<TokenRequest, 'client_id'> & { client_id?: string; client_secret?: string };

export function authRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get<{ Querystring: AuthorizeQuery }>(
      '/authorize',
      {
        config: { page: true },
        schema: {
          querystring: {
            type: 'object',
            properties: {
              client_id: S.str(64),
              redirect_uri: S.str(2048),
              response_type: S.str(32),
              code_challenge: S.str(128),
              code_challenge_method: S.str(16),
              state: S.str(512),
              scope: S.str(256),
              lang: S.language,
              language: S.language,
              return_url: S.str(2048),
              prompt: S.str(16),
              session_code: S.str(128),
            },
          },
        },
      },
      async (req, reply) => {
        const q = req.query;
        const sso = await readSsoCookie(ctx, ssoCookie(req));
        if (q.session_code && !q.client_id) {
          // Continuation after POST /login (or a signed-in visit of the login page).
          const ls = await getLoginSession(ctx, q.session_code);
          if (!ls) return reply.redirect('/', 302);
          if (!sso) return reply.redirect(loginUrl(ctx, { session_code: q.session_code, lang: q.language ?? q.lang ?? ls.language ?? undefined }), 302);
          // A login session of another product's page (the help desk) goes back there, not to a code.
          const from = ls.source && ls.source !== 'oidc' ? loginSourceFor(ctx, ls.source, sso.region) : null;
          if (from) return reply.redirect(await from.handBack(ctx, sso, loginSessionParams(ls)), 302);
          if (!ls.code_challenge) failPage({ kind: 'pkce' }, E.invalidParameter, { field: 'code_challenge' });
          const code = await issueCode(ctx, {
            clientId: ls.client_id,
            redirectUri: ls.redirect_uri,
            codeChallenge: ls.code_challenge,
            returnUrl: ls.return_url,
            accountId: sso.account.id,
            region: sso.region,
            ssoSessionId: sso.session.id,
          });
          await ctx.stores.global.deleteFrom('login_sessions').where('code_hash', '=', ls.code_hash).execute();
          return reply.redirect(redirectWithCode(ls.redirect_uri, code, ls.state), 302);
        }
        const params = await validateAuthorize(ctx, q);
        if (sso && q.prompt !== 'login') {
          const code = await issueCode(ctx, { ...params, accountId: sso.account.id, region: sso.region, ssoSessionId: sso.session.id });
          return reply.redirect(redirectWithCode(params.redirectUri, code, params.state), 302);
        }
        const lang = q.lang ?? q.language;
        const sessionCode = await createLoginSession(ctx, { ...params, language: lang ?? null });
        return reply.redirect(loginUrl(ctx, { session_code: sessionCode, lang }), 302);
      },
    );

    api.post<{ Body: LoginRequest }>(
      '/login',
      {
        config: { portalOnly: 'always' },
        schema: {
          headers: { type: 'object', properties: { [SESSION_CODE_HEADER]: S.str(128) } },
          body: body(
            {
              email: S.email,
              password: S.password,
              mfaType: S.mfaType,
              code: S.str(16),
              mfaProcessId: S.str(200),
              recoveryCode: S.str(32),
              trustDevice: S.bool,
              passkeyProof: S.str(400),
              emailCode: S.str(64, 1),
              emailCodeProcessId: S.str(64, 1),
              externalProof: S.str(200, 1),
              captchaToken: S.str(200),
              acceptPrivacyVersion: { type: 'integer', minimum: 0, maximum: 100000 },
              terminalUUID: S.str(64),
              language: S.language,
              source: { type: 'string', enum: ['zendesk'] },
              brand_id: S.str(64),
              locale_id: S.str(64),
              return_to: S.str(2048),
            },
            ['email'],
          ),
        },
      },
      async (req, reply) => {
        await limitAuth(ctx, req, 'login');
        const b = req.body;
        const loginBinding = loginBindingOf(req);
        const header = req.headers[SESSION_CODE_HEADER];
        let code = (Array.isArray(header) ? header[0] : header) || null;
        let ls = code ? await getLoginSession(ctx, code) : null;
        if (code && !ls) {
          // A page open too long: a fresh code of the same request, so the page keeps what was typed and goes on.
          const fresh = await renewLoginSession(ctx, code);
          if (fresh) fail(E.tokenExpired, { sessionCode: fresh } satisfies LoginSessionRenewedResult, 'This page was open too long. Sign in again to continue.', 400);
          fail(E.tokenExpired, undefined, 'The login session has expired. Please start again.', 400);
        }
        if (!code) {
          // Only a sign-in from another product's page (the help desk's) starts without a login session.
          const from = b.source ? loginSourceFor(ctx, b.source, null) : null;
          if (!from) fail(E.invalidParameter, { field: 'session_code' }, 'session_code is required');
          code = await from.start(ctx, { brand_id: b.brand_id, locale_id: b.locale_id, return_to: b.return_to }, b.language ?? null);
          ls = await getLoginSession(ctx, code);
        }
        const existing = await readSsoCookie(ctx, ssoCookie(req));
        const reauth = existing !== null && isReauthSession(ls);
        const sameAccount = existing !== null && existing.account.email === normalizeEmail(b.email);
        // A re-authentication proves the signed-in account again, never another one (re-auth.ts).
        if (reauth && !sameAccount) fail(E.accountError, undefined, 'Sign in again with the account you are signed in with, or sign out first.');
        const client = ls ? await getClient(ctx, ls.client_id) : null;
        const context = eventContext(clientIp(req), req.headers);
        const { region, account, methods, deviceCookie } = await signIn(ctx, b, {
          ip: clientIp(req),
          clientRequiresCaptcha: client?.require_captcha === 1,
          hostRegion: req.hostRegion,
          clientId: client?.id ?? null,
          context,
          answered: answerSent(reply),
          cookies: parseCookies(req.headers.cookie),
          secondFactorDemanded: secondFactorDemanded(ls),
          userAgent: req.headers['user-agent'] ?? null,
          loginBinding,
        });
        // Sent whatever follows: a trusted browser's cookie has rotated, and a refusal below must not
        // leave it holding the retired value (taken for a copy at its next sign-in).
        if (deviceCookie) reply.header('Set-Cookie', deviceCookie);
        // A sign-in from another product's page (the help desk) goes back there only where its plugin is on
        // for the account's region, now known: else 403 -19999 before any session is made.
        if (ls?.source && ls.source !== 'oidc') loginSourceFor(ctx, ls.source, region);
        // Without a password, the passkey was the whole sign-in.
        await recordSignIn(ctx, region, account, context, b.password === undefined && methods.includes('hwk') ? 'passkey_sign_in' : 'sign_in_success');
        // The same account again (signed in meanwhile in another tab, or a service asking for a fresh
        // sign-in): checked as any sign-in, then on to the service with the session this browser has.
        // Refusing it (-29999) left the page with no way on, click after click (issue 27).
        if (reauth || sameAccount) {
          // The same session goes on (what other services were given under it too), signed in to anew.
          await renewSessionSignIn(ctx, existing.region, existing.session.id, methods);
          await completeLoginSession(ctx, code!, account.id, region, existing.session.id);
          return ok(redirectParamsFor(ctx, code, ls, b.language));
        }
        if (existing) await revokeSessions(ctx, existing.region, existing.account.id, [existing.session.id]);
        const session = await createSsoSession(ctx, region, account, { ip: clientIp(req), userAgent: req.headers['user-agent'] ?? null }, methods);
        setSsoCookie(ctx, reply, session.cookie, session.expiresAt);
        await completeLoginSession(ctx, code!, account.id, region, session.id);
        return ok(redirectParamsFor(ctx, code, ls, b.language));
      },
    );

    api.post<{ Body: TokenEndpointBody }>(
      '/token',
      {
        config: { bodies: ['form'] },
        schema: {
          body: body(
            {
              grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'] },
              client_id: S.str(64, 1),
              code: S.str(200),
              code_verifier: S.str(200),
              redirect_uri: S.str(2048),
              refresh_token: S.str(200),
              client_secret: S.str(200),
            },
            ['grant_type'],
          ),
        },
      },
      async (req) => {
        const b = req.body;
        // RFC 6749 2.3.1: with HTTP Basic the client may name itself in the header only.
        const clientId = b.client_id ?? basicCredentials(req.headers.authorization)?.id;
        const client = await getClient(ctx, clientId);
        if (!client) fail(E.invalidClient, undefined, 'Unknown client ID.', 401);
        authenticateClient(ctx, client, { authorization: req.headers.authorization, clientSecret: b.client_secret });
        if (b.grant_type === 'refresh_token') {
          if (!b.refresh_token) fail(E.invalidParameter, { field: 'refresh_token' });
          requireHostRegionOf(req, b.refresh_token);
          const t = await rotateRefresh(ctx, b.refresh_token, (id) => id === client.id);
          const result: TokenExchangeResult = { tokenType: 'Bearer', accessToken: t.accessToken, refreshToken: t.refreshToken, redirectUrl: null, expiresIn: t.expiresIn, region: t.region };
          return ok(result);
        }
        const t = await exchangeCode(ctx, { ...b, client_id: client.id });
        const result: TokenExchangeResult = { tokenType: 'Bearer', accessToken: t.accessToken, refreshToken: t.refreshToken, redirectUrl: t.redirectUrl, expiresIn: t.expiresIn, region: t.region };
        return ok(result);
      },
    );

    api.post<{ Body: { refreshToken: string } }>(
      '/refresh-token',
      { schema: { body: body({ refreshToken: S.str(200, 1) }, ['refreshToken']) } },
      async (req) => {
        requireHostRegionOf(req, req.body.refreshToken);
        // A confidential client's refresh needs its secret: /api/token with grant_type=refresh_token.
        const t = await rotateRefresh(ctx, req.body.refreshToken, (id) => clientAuthMethod(ctx, id) === null);
        return ok({ accessToken: t.accessToken, refreshToken: t.refreshToken, expiresIn: t.expiresIn });
      },
    );

    api.post('/token/valid', { schema: { headers: { type: 'object', properties: { authorization: S.str(1024) } } } }, async (req) => {
      requireHostRegionOf(req, bearer(req.headers.authorization));
      const v = await checkRefreshToken(ctx, req.headers.authorization);
      return ok({ valid: true as const, accountId: v.account.id, region: v.region, expiresIn: v.expiresIn });
    });

    // With the login page's session code: whether that login session asks this account to sign in again.
    api.post<{ Querystring: { sessionCode?: string } }>('/logged', { schema: { querystring: { type: 'object', properties: { sessionCode: S.str(128) } } } }, async (req) => {
      const sso = await readSsoCookie(ctx, ssoCookie(req));
      if (!sso) return ok({ loggedIn: false });
      const ls = req.query.sessionCode ? await getLoginSession(ctx, req.query.sessionCode) : null;
      const reauthenticate = reauthenticationOf(ls, sso) !== null;
      return ok({ loggedIn: true, email: sso.account.email, accountId: sso.account.id, region: sso.region, ...(reauthenticate ? { reauthenticate } : {}) });
    });

    api.get('/redirect/allow-urls', async () => ok({ allowUrls: await allowedOrigins(ctx) }));

    api.get<{ Querystring: { sessionCode?: string; session_code?: string } }>(
      '/redirect-params',
      { schema: { querystring: { type: 'object', properties: { sessionCode: S.str(128), session_code: S.str(128) } } } },
      async (req) => {
        const code = req.query.sessionCode ?? req.query.session_code;
        const sso = await readSsoCookie(ctx, ssoCookie(req));
        if (!sso) fail(E.tokenExpired, undefined, 'Not signed in.', 400);
        const ls = await getLoginSession(ctx, code);
        if (!code || !ls) fail(E.tokenExpired, undefined, 'The login session has expired.', 400);
        return ok(redirectParamsFor(ctx, code, ls));
      },
    );

    api.post<{ Querystring: { email?: string }; Body: { email?: string } | undefined }>(
      '/logout',
      {
        config: { portalOnly: 'withCookie' },
        schema: {
          querystring: { type: 'object', properties: { email: S.email } },
          headers: securityHeaders,
        },
      },
      async (req: FastifyRequest<{ Querystring: { email?: string }; Body: { email?: string } | undefined }>, reply: FastifyReply) => {
        const email = req.query.email ?? (req.body && typeof req.body === 'object' ? req.body.email : undefined);
        let done = false;
        if (req.headers.authorization) {
          requireHostRegionOf(req, bearer(req.headers.authorization));
          const auth = await authenticateAccess(ctx, req.headers.authorization).catch(() => null);
          if (auth) {
            if (email && normalizeEmail(email) !== auth.account.email) fail(E.accountError);
            await endSecurityUnlock(ctx, req, auth.region, auth.account.id);
            await revokeSessions(ctx, auth.region, auth.account.id, [auth.session.id]);
            done = true;
          }
        }
        const sso = await readSsoCookie(ctx, ssoCookie(req));
        if (sso && (!email || normalizeEmail(email) === sso.account.email)) {
          await endSecurityUnlock(ctx, req, sso.region, sso.account.id);
          await revokeSessions(ctx, sso.region, sso.account.id, [sso.session.id]);
          done = true;
        }
        clearSsoCookie(ctx, reply);
        return ok({ loggedOut: true as const, revoked: done });
      },
    );

  };
}
