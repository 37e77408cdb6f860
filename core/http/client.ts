import { HEADERS, PORTAL_REQUEST_VALUE } from '../contract/headers';
import type { RegionCode } from '../contract/regions';
import type { DeploymentConfig } from '../config/types';
import { ApiError, CLIENT_CODES, isAbortError } from './ApiError';
import { viewerLocation } from './viewer';

export const REQUEST_TIMEOUT_MS = 30_000;
/** Codes that end the session wherever they come from (spec section 4). */
export const FORCED_SIGN_OUT_CODES: ReadonlySet<number> = new Set([-3092, -20651]);

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Common calls go to the global host; account data to the account's region. */
  scope?: 'global' | 'regional';
  /** Force a region instead of the signed-in account's one (e.g. registration). */
  region?: RegionCode;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Which stored token goes in Authorization: the access token, the refresh token (validity check) or none. */
  auth?: 'access' | 'refresh' | 'none';
  /** Sensitive calls carry the 5-minute security token. */
  securityToken?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** `blob`: a file download; the result is the body as a Blob (failures are still JSON). */
  responseType?: 'json' | 'blob';
  /**
   * A POST that changes nothing (the spec reads the session timeout with POST /account/{id}/defaultTime):
   * a page that shares reads (SharedReadsScope) keeps its answers, as it does for a GET.
   */
  readOnly?: boolean;
}

/** What the client needs from the session; core/session implements it. */
export interface SessionPort {
  tokenType(): string | null;
  accessToken(): string | null;
  refreshToken(): string | null;
  securityToken(): string | null;
  region(): RegionCode | null;
  /**
   * One refresh for every waiting request (and every tab); resolves the new access token, or null
   * when the server refused the refresh token. Rejects when the refresh could not be done for now
   * (rate limit, network, server failure, after waiting and retrying): the session stays.
   */
  refresh(staleAccessToken: string | null): Promise<string | null>;
  /** Clear the session and tell the user, once, however many calls fail together. */
  expire(reason: 'refresh-failed' | 'forced'): void;
}

export interface HttpClientDeps {
  config: () => DeploymentConfig;
  session: SessionPort;
  fetchImpl?: typeof fetch;
}

/** The portal's HTTP client: JSON envelopes, the region's hosts, tokens, refresh and the security token; errors are ApiErrors. */
export class HttpClient {
  constructor(private readonly deps: HttpClientDeps) {}

  get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }
  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST', body });
  }
  put<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT', body });
  }
  delete<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE', body });
  }

  /** Base URL for a call: the global host, or the regional host of the account (default Europe). */
  baseUrl(options: Pick<RequestOptions, 'scope' | 'region'>): string {
    const { api } = this.deps.config();
    if ((options.scope ?? 'global') === 'global' && !options.region) return api.global;
    const region = options.region ?? this.deps.session.region() ?? api.defaultRegion;
    return api.regions[region];
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const auth = options.auth ?? 'access';
    const sentToken = auth === 'access' ? this.deps.session.accessToken() : null;
    try {
      return await this.send<T>(path, options);
    } catch (err) {
      // The validity and refresh calls are never retried (spec section 4).
      if (!(err instanceof ApiError) || err.status !== 401 || auth !== 'access') throw err;
      // An invalid or revoked token (-20651) is not refreshed: the session is over.
      if (FORCED_SIGN_OUT_CODES.has(err.code)) throw err;
      // A refresh that could not be done for now rejects: the call fails with that error, the session stays.
      const fresh = await this.deps.session.refresh(sentToken);
      if (!fresh) {
        this.deps.session.expire('refresh-failed');
        throw err;
      }
      return this.send<T>(path, options);
    }
  }

  private async send<T>(path: string, options: RequestOptions): Promise<T> {
    const url = this.url(path, options);
    const headers = this.headers(options);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await (this.deps.fetchImpl ?? fetch)(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        credentials: 'include',
        signal,
      });
    } catch (err) {
      if (options.signal?.aborted) throw err; // the caller aborted: pass through untouched
      if (timeout.aborted || (err as { name?: string }).name === 'TimeoutError') {
        throw new ApiError(CLIENT_CODES.timeout, undefined, 0);
      }
      if (isAbortError(err)) throw err;
      throw new ApiError(CLIENT_CODES.network, undefined, 0);
    }
    if (options.responseType === 'blob' && response.ok) {
      try {
        return (await response.blob()) as T;
      } catch {
        throw new ApiError(CLIENT_CODES.network, undefined, response.status);
      }
    }
    return this.read<T>(response);
  }

  private async read<T>(response: Response): Promise<T> {
    let body: unknown = undefined;
    const text = await response.text();
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new ApiError(CLIENT_CODES.network, undefined, response.status);
      }
    }
    const failure = body as { errorCode?: unknown; message?: unknown; result?: unknown } | undefined;
    if (failure && typeof failure.errorCode === 'number' && failure.errorCode !== 0) {
      let result = failure.result;
      // A 429 whose wait only its Retry-After header names (seconds) reads as one with retryAfterSeconds.
      const retryAfter = response.status === 429 ? Number(response.headers.get('Retry-After')) : 0;
      if (retryAfter > 0 && (result === undefined || (typeof result === 'object' && result !== null && !('retryAfterSeconds' in result)))) result = { ...result, retryAfterSeconds: retryAfter };
      const error = new ApiError(failure.errorCode, typeof failure.message === 'string' ? failure.message : undefined, response.status, result);
      if (FORCED_SIGN_OUT_CODES.has(error.code)) this.deps.session.expire('forced');
      throw error;
    }
    if (!response.ok) throw new ApiError(CLIENT_CODES.network, undefined, response.status);
    return (body as { result?: T } | undefined)?.result as T;
  }

  private url(path: string, options: RequestOptions): string {
    const base = this.baseUrl(options).replace(/\/$/, '');
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query.set(k, String(v));
    const qs = query.toString();
    return `${base}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
  }

  private headers(options: RequestOptions): Headers {
    const headers = new Headers(options.headers);
    headers.set('Accept', options.responseType === 'blob' ? '*/*' : 'application/json');
    headers.set(HEADERS.portalRequest, PORTAL_REQUEST_VALUE);
    if (!options.form && options.body !== undefined) headers.set('Content-Type', 'application/json');
    const s = this.deps.session;
    const token = options.auth === 'refresh' ? s.refreshToken() : options.auth === 'none' ? null : s.accessToken();
    if (token) headers.set(HEADERS.authorization, `${s.tokenType() ?? 'Bearer'} ${token}`);
    if (options.securityToken) {
      const st = s.securityToken();
      if (st) headers.set(HEADERS.securityToken, st);
    }
    const viewer = viewerLocation();
    if (viewer.city) headers.set(HEADERS.viewerCity, encodeURIComponent(viewer.city));
    if (viewer.country) headers.set(HEADERS.viewerCountry, viewer.country);
    return headers;
  }
}
