/**
 * GET routes a browser is sent to (the spec's hand-off, the help desk's, mailed links): where such
 * a request fails and the browser navigated there, it goes to the portal's sign-in problem page in
 * its language instead of seeing the JSON; an API caller (fetch, a back end) still gets the JSON.
 */
import type { FastifyError, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { SignInProblem } from '../../core/contract/signInProblem';
import { isLanguageCode } from '../../core/i18n/languages';
import type { Ctx } from '../context';
import { problemUrl } from '../oidc/problemPage';
import { ApiFailure, type ProblemHint } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET a browser navigates to: its failures become the sign-in problem page for a navigation. */
    page?: true;
  }
}

/** The q of each media range of an Accept header, in the header's order. */
function acceptRanges(accept: string): Array<{ type: string; q: number }> {
  return accept.split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    return { type, q: Number.isFinite(value) ? value : 0 };
  });
}

/**
 * Whether the request is a browser's navigation: `Sec-Fetch-Mode: navigate` where the browser
 * sends it (a fetch() says `cors` or `same-origin`), else an Accept that prefers HTML to JSON.
 */
export function isNavigation(headers: IncomingHttpHeaders): boolean {
  const mode = headers['sec-fetch-mode'];
  if (typeof mode === 'string' && mode !== '') return mode === 'navigate';
  const ranges = acceptRanges(headers.accept ?? '');
  const html = ranges.findIndex((r) => r.type === 'text/html' && r.q > 0);
  if (html < 0) return false;
  const json = ranges.findIndex((r) => r.type === 'application/json' && r.q > 0);
  return json < 0 || ranges[html]!.q > ranges[json]!.q || (ranges[html]!.q === ranges[json]!.q && html < json);
}

/** The kind of a failure no thrower named (ApiFailure.problem): by its code, never its text. */
function kindOfCode(code: number, status: number): SignInProblem {
  switch (code) {
    case E.unsupportedResponseType:
      return 'responseType';
    case E.unsupportedScope:
      return 'scope';
    case E.invalidServiceUrl:
      return 'returnTo';
    case E.regionUnavailable:
      return 'unavailable';
    default:
      // A rate limit says "try again in a moment" as a server failure does.
      return status >= 500 || status === 429 ? 'serverError' : 'invalidRequest';
  }
}

/** What the problem page shows of `err`: a kind, and the service to go back to where the thrower knew it. */
export function problemHintOf(err: ApiFailure | FastifyError | Error): ProblemHint {
  if (err instanceof ApiFailure) return err.problem ?? { kind: kindOfCode(err.code, err.status) };
  const fe = err as FastifyError;
  if (fe.validation) return { kind: 'invalidRequest' };
  const status = fe.statusCode ?? 500;
  return { kind: status >= 500 ? 'serverError' : 'invalidRequest' };
}

/** The portal language the request named (`lang`, else `language`), read from the raw query: a failed schema check leaves no parsed one. */
function languageOf(req: FastifyRequest): string | null {
  const query = new URL(req.url, 'http://portal.invalid').searchParams;
  for (const name of ['lang', 'language']) {
    const value = query.get(name);
    if (isLanguageCode(value)) return value;
  }
  return null;
}

/** Where a failed navigation to a page route goes (303), or null where the JSON stays the answer. */
export function problemPageFor(ctx: Pick<Ctx, 'options'>, req: FastifyRequest, err: ApiFailure | FastifyError | Error): string | null {
  if (req.method !== 'GET' || req.routeOptions.config?.page !== true || !isNavigation(req.headers)) return null;
  const hint = problemHintOf(err);
  return problemUrl(ctx, hint.kind, undefined, { language: languageOf(req), service: hint.service ?? null });
}
