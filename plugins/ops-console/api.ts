/**
 * The console's calls: same-origin fetches under /api/ops with the operator's cookie (HttpOnly,
 * never seen by script) and the portal's request header. No portal token is ever sent here.
 */
import { createContext, useContext } from 'react';
import { ApiError, ERROR_CODES, HEADERS, OPS_API_PREFIX, PORTAL_REQUEST_VALUE } from '@portal/plugin-api';

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

async function fail(res: Response): Promise<never> {
  const data = (await res.json().catch(() => ({}))) as Failure;
  throw new ApiError(typeof data.errorCode === 'number' ? data.errorCode : ERROR_CODES.unexpected, data.message, res.status, data.result);
}

/** A console call's `result`; an ApiError (code 0: no answer) otherwise. */
async function opsCall<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body);
  if (!res.ok) return fail(res);
  const data = (await res.json().catch(() => null)) as { result: T } | null;
  if (!data) throw new ApiError(0, undefined, res.status);
  return data.result;
}

/** A console call's body as a file (the audit log's export). */
async function opsDownload(path: string): Promise<Blob> {
  const res = await send('GET', path);
  if (!res.ok) return fail(res);
  return res.blob();
}

/** A dangerous action refused until the operator confirms with a second factor. */
export function needsConfirmation(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.mfaRequired && (error.result as { confirm?: unknown } | undefined)?.confirm === true;
}

/** How the console's views reach the server: the real calls, or canned answers in stories and tests. */
export interface OpsClient {
  call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T>;
  download(path: string): Promise<Blob>;
}

export const fetchOpsClient: OpsClient = { call: opsCall, download: opsDownload };

export const OpsClientContext = createContext<OpsClient>(fetchOpsClient);

export function useOps(): OpsClient {
  return useContext(OpsClientContext);
}
