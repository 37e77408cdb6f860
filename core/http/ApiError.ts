/** A server error body `{errorCode, message, result?}` or a transport failure, typed. */
export class ApiError<R = unknown> extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** Code from spec section 8; 0 for transport failures (network, timeout, bad JSON). */
    readonly code: number,
    /** The server's own message, used when the catalogue has none for the code. */
    readonly serverMessage: string | undefined,
    readonly status: number,
    /** Extra data some errors carry, e.g. remainAttempts for a wrong password. */
    readonly result?: R,
  ) {
    super(serverMessage ?? `API error ${code}`);
  }
}

/** Transport-level codes the client itself produces (never sent by the server). */
export const CLIENT_CODES = { network: 0, timeout: -1 } as const;

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** A request the caller aborted itself; it passes through the error dispatch untouched. */
export function isAbortError(value: unknown): boolean {
  return value instanceof DOMException ? value.name === 'AbortError' : (value as { name?: string } | null)?.name === 'AbortError';
}

/** Whatever a call threw, as an ApiError (an unexpected throw reads as the timeout/unknown code -1). */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(-1, undefined, 0);
}
