import { createContext } from 'react';
import type { HttpClient, RequestOptions } from './client';

/** The `forget` of the SharedReadsScope around a part, for useLoaded: a reload asked for on purpose reads fresh. */
export const ForgetSharedReadsContext = createContext<(() => void) | null>(null);

/** An HTTP client whose identical reads share one answer, and how to drop what it keeps. */
export interface SharedReads {
  client: HttpClient;
  /** Forget every kept answer: the next read asks the server. */
  forget(): void;
}

type Read = Omit<RequestOptions, 'method' | 'body'>;

/** What makes two reads the same: where they go and what they send (not their abort signal or time-out). */
function readKey(path: string, options: Read): string {
  // A query parameter that is undefined is not sent (client.ts): `{ before: undefined }` is no query.
  const query = Object.entries(options.query ?? {})
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([path, options.scope ?? 'global', options.region ?? null, options.auth ?? 'access', options.securityToken ?? false, options.responseType ?? 'json', query, options.headers ?? null]);
}

function abortError(): DOMException {
  return new DOMException('The call was aborted.', 'AbortError');
}

/** `answer` for one caller: their own signal aborts their wait, never the shared call. */
function forCaller<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(abortError());
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * `http` for one page whose parts read the same resources (the Security page: each overview line
 * and its card, each in its own lazily loaded chunk, so they do not ask at the same moment). A GET
 * gets the answer of the same GET made before, on its way or answered, until `forget()`; a failed
 * read is not kept. Any other call (a change) first forgets everything, so a read after a change
 * always asks the server; a POST marked `readOnly` is no change. The keeper (SharedReadsScope)
 * also forgets when a part reloads on purpose (useLoaded's reload).
 */
export function shareReads(http: HttpClient): SharedReads {
  const kept = new Map<string, Promise<unknown>>();
  const read = <T,>(path: string, options: Read = {}): Promise<T> => {
    const key = readKey(path, options);
    const earlier = kept.get(key);
    if (earlier) return forCaller(earlier as Promise<T>, options.signal);
    const { signal, ...shared } = options;
    const answer = http.get<T>(path, shared);
    kept.set(key, answer);
    answer.catch(() => {
      if (kept.get(key) === answer) kept.delete(key);
    });
    return forCaller(answer, signal);
  };
  // A change forgets what was kept when it starts and again when it ends: a read made while it was on its
  // way may hold the state before it.
  const change = <T,>(call: () => Promise<T>): Promise<T> => {
    kept.clear();
    const answer = call();
    answer.then(
      () => kept.clear(),
      () => kept.clear(),
    );
    return answer;
  };
  const client = Object.create(http) as HttpClient;
  Object.assign(client, {
    get: read,
    post: <T,>(path: string, body?: unknown, options?: Read) => (options?.readOnly ? http.post<T>(path, body, options) : change(() => http.post<T>(path, body, options))),
    put: <T,>(path: string, body?: unknown, options?: Read) => change(() => http.put<T>(path, body, options)),
    delete: <T,>(path: string, body?: unknown, options?: Read) => change(() => http.delete<T>(path, body, options)),
    request: <T,>(path: string, options: RequestOptions = {}) => {
      const { method = 'GET', body, ...rest } = options;
      if (method === 'GET' && body === undefined) return read<T>(path, rest);
      return options.readOnly ? http.request<T>(path, options) : change(() => http.request<T>(path, options));
    },
  });
  return { client, forget: () => kept.clear() };
}
