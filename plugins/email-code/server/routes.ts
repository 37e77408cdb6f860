/** "Email me a sign-in code": `POST /login/email-code` mails the code of this login session's sign-in. */
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES as E, type EmailSignInCodeRequest } from '@portal/plugin-api/contract';
import { answerSent, body, fail, limitAuth, loginBindingOf, ok, S, SESSION_CODE_HEADER, type ServerContext as Ctx } from '@portal/server-api';
import { sendSignInCode } from './signInCodes';

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
        // A code belongs to a sign-in: without its login session there is nothing it could finish.
        if (!loginBinding) fail(E.invalidParameter, { field: 'session_code' }, 'session_code is required');
        return ok(await sendSignInCode(ctx, { email: req.body.email, loginBinding, language: req.body.language, answered: answerSent(reply) }));
      },
    );
  };
}
