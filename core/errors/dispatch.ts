import { ApiError, toApiError, isAbortError } from '../http/ApiError';
import { FORCED_SIGN_OUT_CODES } from '../http/client';
import type { ErrorContext, ErrorHandler } from '../registry/types';
import type { Owned } from '../registry/registry';

export type DispatchOutcome = 'call-site' | 'plugin' | 'terminal' | 'toast' | 'silent' | 'ignored';

export interface DispatchDeps {
  /** Plugin handlers for a code, in plugin order. */
  pluginHandlers: (code: number) => Owned<ErrorHandler>[];
  context: (error: ApiError) => ErrorContext;
  /** True while the session-ended modal is up: nothing else should pile on. */
  sessionEnded: () => boolean;
}

export interface DispatchOptions {
  /** Handlers of the calling view; they win over everything else. */
  handlers?: Partial<Record<number, ErrorHandler>>;
  /** The caller shows the error itself (e.g. inline); no toast. */
  suppressToast?: boolean;
}

/**
 * One place decides what a failed call does, in this order (after Logto's error hook):
 * call-site handler, then plugin handlers, then core terminal behaviours, then a toast.
 * A handler returns false to pass the error on.
 */
export function dispatchError(error: unknown, deps: DispatchDeps, options: DispatchOptions = {}): DispatchOutcome {
  if (isAbortError(error)) return 'ignored'; // the caller aborted: pass through untouched
  const apiError = toApiError(error);
  const ctx = deps.context(apiError);

  const local = options.handlers?.[apiError.code];
  if (local && local(apiError, ctx)) return 'call-site';

  for (const { value: handler } of deps.pluginHandlers(apiError.code)) {
    if (handler(apiError, ctx)) return 'plugin';
  }

  // Terminal: the session is over (forced sign-out codes, failed refresh); its modal says so.
  if (FORCED_SIGN_OUT_CODES.has(apiError.code) || deps.sessionEnded() || apiError.status === 401) {
    return 'terminal';
  }

  if (options.suppressToast) return 'silent';
  ctx.toast(ctx.message, 'error');
  return 'toast';
}
