/** Failures with a code of spec section 8, turned into `{errorCode, message, result?}` bodies. */
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { SignInProblem } from '../../core/contract/signInProblem';
import { messageFor } from './messages';

const STATUS: Record<number, number> = {
  [E.tokenExpired]: 401,
  [E.invalidToken]: 401,
  [E.unauthorized]: 403,
  [E.tokenFailure]: 403,
  [E.accountError]: 403,
  [E.permissionDenied]: 403,
  [E.orgNotInRegion]: 403,
  [E.accountNotExist]: 404,
  [E.orgMissing]: 404,
  [E.applicationMissing]: 404,
  [E.userExists]: 409,
  [E.orgDuplicate]: 409,
  [E.orgBusy]: 409,
  [E.loginSessionExists]: 409,
  [E.accountLocked]: 423,
  [E.mfaTooManyWrong]: 423,
  [E.tooManyRequests]: 429,
  [E.rateLimited]: 429,
  [E.resetMailWait]: 429,
  [E.reinviteTooSoon]: 429,
  [E.avatarTooLarge]: 413,
  [E.licenseTooLarge]: 413,
  [E.unexpected]: 500,
  [E.resetMailFailed]: 502,
  [E.invitationMailFailed]: 502,
  [E.avatarSaveFailed]: 500,
  [E.licenseSaveFailed]: 500,
  [E.regionUnavailable]: 503,
};

/**
 * What a browser that navigated to a page route (route config `page`) is shown instead of the
 * JSON: the problem page's kind, and the service to go back to (the client's configured URL).
 */
export interface ProblemHint {
  kind: SignInProblem;
  service?: string | null;
}

export class ApiFailure extends Error {
  readonly status: number;
  /** Set by failPage: the thrower knows the kind (and service) better than the code says. */
  problem?: ProblemHint;
  constructor(
    readonly code: number,
    message?: string,
    readonly result?: unknown,
    status?: number,
  ) {
    super(message ?? messageFor(code));
    this.status = status ?? STATUS[code] ?? 400;
  }
}

/** Throw a failure with a catalogue code. */
export function fail(code: number, result?: unknown, message?: string, status?: number): never {
  throw new ApiFailure(code, message, result, status);
}

/** fail(), saying what a navigating browser's problem page shows (the API caller still gets the JSON). */
export function failPage(problem: ProblemHint, code: number, result?: unknown, message?: string): never {
  const failure = new ApiFailure(code, message, result);
  failure.problem = problem;
  throw failure;
}

/**
 * RFC 9110 10.2.3: a 429 (or 503) that knows its wait says it in `Retry-After` too, for clients
 * that read the header and not the body's `retryAfterSeconds`. Whole seconds, at least 1.
 */
export function retryAfterOf(failure: ApiFailure): number | null {
  if (failure.status !== 429 && failure.status !== 503) return null;
  const seconds = (failure.result as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : null;
}
