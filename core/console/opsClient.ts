/**
 * How the ops console's pages reach the server: same-origin calls under /api/ops with the
 * operator's cookie (HttpOnly, never seen by script) and the portal's request header; never a
 * portal token. Sections of other plugins use the same client (`useOps`), and stories and tests
 * give canned answers through `OpsClientContext`.
 */
import { createContext, useContext } from 'react';
import { ERROR_CODES } from '../contract/errorCodes';
import { HEADERS, PORTAL_REQUEST_VALUE } from '../contract/headers';
import { OPS_API_PREFIX } from '../contract/ops';
import { ApiError } from '../http/ApiError';

/** The console's calls under /api/ops. */
export interface OpsClient {
  /** A console call's `result`; an ApiError otherwise (code 0: no answer). */
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** A console call's body as a file (an export). */
  download(path: string): Promise<Blob>;
}

interface Failure {
  errorCode?: number;
  message?: string;
  result?: unknown;
}

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  try {
    return await fetch(`${OPS_API_PREFIX}${path}`, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', [HEADERS.portalRequest]: PORTAL_REQUEST_VALUE, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError(0, undefined, 0);
  }
}

async function failed(res: Response): Promise<never> {
  const data = (await res.json().catch(() => ({}))) as Failure;
  throw new ApiError(typeof data.errorCode === 'number' ? data.errorCode : ERROR_CODES.unexpected, data.message, res.status, data.result);
}

/** The real client: fetch, the operator's cookie and the portal's request header. */
export const fetchOpsClient: OpsClient = {
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await send(method, path, body);
    if (!res.ok) return failed(res);
    const data = (await res.json().catch(() => null)) as { result: T } | null;
    if (!data) throw new ApiError(0, undefined, res.status);
    return data.result;
  },
  async download(path) {
    const res = await send('GET', path);
    if (!res.ok) return failed(res);
    return res.blob();
  },
};

/** Which client the console's pages use (canned answers in stories and tests). */
export const OpsClientContext = createContext<OpsClient>(fetchOpsClient);

/** The console's client (the real one, or a story's canned answers). */
export function useOps(): OpsClient {
  return useContext(OpsClientContext);
}

/** A dangerous action refused until the operator confirms with a second factor (403 -20677 `{ confirm: true }`). */
export function needsConfirmation(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.mfaRequired && (error.result as { confirm?: unknown } | undefined)?.confirm === true;
}
