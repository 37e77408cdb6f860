/**
 * The portal's page for a sign-in request from a connected service that cannot go back to the
 * service (an unknown client, a redirect URI it did not register, an expired or foreign
 * interaction): the server sends the browser to this route with only one of these kinds, never
 * text from the request, and the page words it in the user's language.
 */
export const SIGN_IN_PROBLEM_PATH = '/sign-in-problem';

/**
 * Why the sign-in problem page (SIGN_IN_PROBLEM_PATH) shows: its `kind` values. Besides the
 * provider's, the spec's hand-off (`GET /api/authorize`: a response type, scope or PKCE it does
 * not take), the help desk's refused `return_to`, and a sign-in switched off where it was asked.
 */
export const SIGN_IN_PROBLEMS = ['unknownClient', 'redirectUri', 'expired', 'invalidRequest', 'serverError', 'responseType', 'scope', 'pkce', 'returnTo', 'unavailable'] as const;
/** One of SIGN_IN_PROBLEMS. */
export type SignInProblem = (typeof SIGN_IN_PROBLEMS)[number];

/** Whether `value` is one of SIGN_IN_PROBLEMS. */
export function isSignInProblem(value: unknown): value is SignInProblem {
  return typeof value === 'string' && (SIGN_IN_PROBLEMS as readonly string[]).includes(value);
}

/**
 * The problem page's parameter naming the service to go back to: a URL the deployment configured
 * for the client (never one from the request), offered only where its origin is on the allow-list.
 */
export const SIGN_IN_PROBLEM_SERVICE_PARAM = 'service';
