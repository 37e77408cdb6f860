/** "Email me a sign-in code": `POST /login/email-code` mails the code of this login session's sign-in. */
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES as E, type EmailSignInCodeRequest } from '@portal/plugin-api/contract';
import { answerSent, body, fail, isLiveLoginSession, limitAuth, loginBindingOf, ok, parseCookies, randomToken, S, SESSION_CODE_HEADER, setBrowserBindingCookie, type ServerContext as Ctx } from '@portal/server-api';
import { CODE_BROWSER_COOKIE, SIGN_IN_CODE_MINUTES, sendSignInCode } from './signInCodes';

export function emailCodeRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.post<{ Body: EmailSignInCodeRequest }>(
      '/login/email-code',
      {
        // As POST /login: only the portal's own pages may ask (a cross-site form cannot mail codes).
        config: { portalOnly: 'always' },
        schema: {
          headers: { type: 'object', properties: { [SESSION_CODE_HEADER]: S.str(128) } },
          body: body({ email: S.email, language: S.language }, ['email']),
        },
      },
      async (req, reply) => {
        // The sign-in's own limit: a request for a code costs what an attempt with a password does.
        await limitAuth(ctx, req, 'login');
        const loginBinding = loginBindingOf(req);
        // A code belongs to a sign-in: without its live login session there is nothing it could finish
        // (the same answer for every address: the session says nothing of an account).
        if (!loginBinding) fail(E.invalidParameter, { field: 'session_code' }, 'session_code is required');
        if (!(await isLiveLoginSession(ctx, loginBinding))) fail(E.tokenExpired, undefined, 'The sign-in has expired. Please start again.', 400);
        // This browser's: the code and the mail's link sign in only here (a forwarded link cannot sign
        // someone else into the asker's account). One cookie per browser, kept while it lives.
        const browserSecret = parseCookies(req.headers.cookie)[CODE_BROWSER_COOKIE] ?? randomToken(32);
        setBrowserBindingCookie(ctx, reply, CODE_BROWSER_COOKIE, browserSecret, SIGN_IN_CODE_MINUTES);
        return ok(await sendSignInCode(ctx, { email: req.body.email, loginBinding, browserSecret, language: req.body.language, answered: answerSent(reply) }));
      },
    );
  };
}
