import {
  ApiError,
  FORCED_SIGN_OUT_CODES,
  type Guard,
  type GuardContext,
  type GuardedRoute,
  type GuardOutcome,
  next,
  type SessionGrant,
} from '@portal/plugin-api';
import { takeOverAppSession } from './appSession';
import { appState, problemReason } from './state';

export const PROBLEM_PATH = '/app/problem';
export const SIGNED_OUT_PATH = '/app/sign-in';

/** Hook for work that needs the HTTP client once (the listener for the app's messages). */
export type OnFirstGuard = (ctx: GuardContext) => void;

/**
 * Before any entry of the app variant: a refused launch shows the problem screen, a fresh
 * launch takes over the app's session first (once; the tokens are then spent), and only
 * then do the core's guards (token check, user info) run. `session` is the plugin's grant (its register context's).
 */
export function appLaunchGuard(route: GuardedRoute, onFirst: OnFirstGuard, session: SessionGrant): Guard {
  return {
    id: `partner-app/launch/${route}`,
    route,
    order: 5,
    async run(ctx): Promise<GuardOutcome> {
      onFirst(ctx);
      const launch = appState.launch;
      if (problemReason(appState) || !launch || launch.kind !== 'app') return { kind: 'redirect', to: PROBLEM_PATH, replace: true };
      const tokens = launch.tokens;
      if (tokens) {
        appState.launch = { ...launch, tokens: undefined }; // one attempt per launch
        try {
          await takeOverAppSession(session, ctx.http, launch, tokens);
        } catch (err) {
          session.forget('app take-over failed');
          const code = err instanceof ApiError ? err.code : 0;
          // A revoked token, or one that could not be refreshed, already ended the session:
          // the core's modal says so and leads to the app's sign-in.
          if (FORCED_SIGN_OUT_CODES.has(code) || (err instanceof ApiError && err.status === 401)) return { kind: 'redirect', to: ctx.config.signInPath, replace: true };
          appState.sessionError = { code, serverMessage: err instanceof ApiError ? err.serverMessage : undefined };
          return { kind: 'redirect', to: PROBLEM_PATH, replace: true };
        }
      }
      return next;
    },
  };
}
