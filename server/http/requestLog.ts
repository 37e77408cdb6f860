/**
 * One JSON line per request (pino, Fastify's logger): request id, method, route, status and
 * latency. What is logged of a request is its *route pattern* (`/api/oidc/interaction/:uid`),
 * never the URL: addresses carry secrets (activation and reset tokens, session codes,
 * authorization codes, the help-desk JWT, a partner app's tokens), and so do headers (only
 * the method and route are serialised, so no header is ever written).
 */
import type { Writable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

/** The route pattern of a request; a path of the SPA (no secrets in its segments) or a marker for other misses. */
export function routeLabel(req: Pick<FastifyRequest, 'routeOptions' | 'url' | 'method'>): string {
  const pattern = req.routeOptions?.url;
  if (pattern) return pattern;
  const path = req.url.split('?')[0] ?? '/';
  // Unknown API paths are whatever a client typed: not echoed.
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/dev/')) return '(unknown api path)';
  return /^\/[A-Za-z0-9/_.-]{0,80}$/.test(path) ? `(page) ${path}` : '(page)';
}

export function loggerOptions(enabled: boolean, stream?: Writable): FastifyServerOptions['logger'] {
  if (!enabled) return false;
  return {
    level: 'info',
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, route: routeLabel(req) }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** Replaces Fastify's two lines per request (incoming, completed; the first with the URL) by one. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, route: routeLabel(req), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });
}
