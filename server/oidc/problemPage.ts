/**
 * Errors the provider may not send back to the client (oidc-provider's renderError, and the
 * interaction page's own): the browser goes to the portal's sign-in problem page with one known
 * kind and the user's language, nothing else of the request (core/contract/signInProblem.ts).
 */
import { SIGN_IN_PROBLEM_PATH, SIGN_IN_PROBLEM_SERVICE_PARAM, type SignInProblem } from '../../core/contract/signInProblem';
import type { Ctx } from '../context';
import { portalLanguage } from './uiLocales';

/** The kind of a provider error (its `error` code and class name), never its text. */
export function problemOf(error: string | undefined, errorClass: string | undefined): SignInProblem {
  if (errorClass === 'SessionNotFound') return 'expired';
  switch (error) {
    case 'invalid_client':
      return 'unknownClient';
    case 'invalid_redirect_uri':
      return 'redirectUri';
    case 'server_error':
      return 'serverError';
    default:
      return 'invalidRequest';
  }
}

/**
 * The problem page's address: the kind, and the language of `ui_locales` when the portal has it
 * (or a portal language code the caller checked); the service's configured URL where known.
 */
export function problemUrl(ctx: Pick<Ctx, 'options'>, problem: SignInProblem, uiLocales?: unknown, more: { language?: string | null; service?: string | null } = {}): string {
  const url = new URL(SIGN_IN_PROBLEM_PATH, ctx.options.publicOrigin);
  url.searchParams.set('kind', problem);
  const language = more.language ?? portalLanguage(uiLocales);
  if (language) url.searchParams.set('lang', language);
  if (more.service) url.searchParams.set(SIGN_IN_PROBLEM_SERVICE_PARAM, more.service);
  return url.toString();
}
