/**
 * Prometheus metrics (prom-client). What happened is read where it is already known: the
 * route and the catalogue error code of every answer (sign-ins, MFA, captcha demands, refreshes),
 * plus the few events only the domain sees (a refresh token's reuse, a mail's fate) and the
 * outbox's backlog. Labels are bounded: route patterns and error-code names, never addresses or ids.
 *
 * Not on the public origin by default: served on `METRICS_PORT` (its own listener, same host),
 * or at `/metrics` of the portal with `Authorization: Bearer <METRICS_TOKEN>`; else not at all.
 */
import http from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Stores } from '../db/types';
import type { OutboxCounts } from '../mail/outbox';
import { routeLabel } from './requestLog';

const CODE_NAMES = new Map<number, string>(Object.entries(E).map(([name, code]) => [code as number, name]));
const MFA_CODES = new Set<number>([E.mfaCodeError, E.mfaProcessMissing, E.mfaTypeDisabled, E.mfaTooManyWrong]);

/** What the error handler learnt about a failed answer (the catalogue code and its result). */
export interface AnsweredFailure {
  code: number;
  result?: unknown;
}

export class PortalMetrics {
  readonly registry = new Registry();
  private readonly http = new Histogram({ name: 'uid_http_request_duration_seconds', help: 'Answer time by route pattern, method and status.', labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [this.registry] });
  readonly signIns = new Counter({ name: 'uid_sign_ins_total', help: 'POST /login answers by outcome (success or the error-code name).', labelNames: ['outcome'], registers: [this.registry] });
  readonly mfa = new Counter({ name: 'uid_mfa_verifications_total', help: 'Second-factor codes checked at sign-in, by outcome.', labelNames: ['outcome'], registers: [this.registry] });
  readonly opsActions = new Counter({ name: 'uid_ops_actions_total', help: 'Actions written to the ops console audit log, by action.', labelNames: ['action'], registers: [this.registry] });
  readonly lockouts = new Counter({ name: 'uid_lockouts_total', help: 'Sign-in locks started by a wrong password.', registers: [this.registry] });
  readonly captcha = new Counter({ name: 'uid_captcha_total', help: 'Captcha demanded by the risk rules, and answers solved or refused.', labelNames: ['event'], registers: [this.registry] });
  readonly refreshes = new Counter({ name: 'uid_token_refreshes_total', help: 'POST /refresh-token answers (ok, refused), and reuse_detected: a retired token presented again, its family revoked (also counted as refused).', labelNames: ['outcome'], registers: [this.registry] });
  readonly mails = new Counter({ name: 'uid_mails_total', help: 'Outbox delivery attempts by result: sent, retry (failed, tried again later), failed (given up); and unqueued: a mail the outbox could not take (the action that sent it decides whether it fails).', labelNames: ['result'], registers: [this.registry] });

  constructor(stores: Stores) {
    const { pools } = stores;
    new Gauge({
      name: 'uid_db_pool_connections',
      help: 'PostgreSQL pool connections by store and state (SQLite: none).',
      labelNames: ['store', 'state'],
      registers: [this.registry],
      collect() {
        for (const [store, pool] of pools) {
          this.set({ store, state: 'total' }, pool.totalCount);
          this.set({ store, state: 'idle' }, pool.idleCount);
          this.set({ store, state: 'waiting' }, pool.waitingCount);
        }
      },
    });
  }

  /** The outbox's backlog, read from the database at each scrape (all instances' mail: the table is shared). */
  watchOutbox(outbox: { counts(): Promise<OutboxCounts> }, now: () => number): void {
    let last: Promise<OutboxCounts> | null = null;
    // Both gauges are collected in one scrape: one query serves them.
    const counts = () => (last ??= outbox.counts().finally(() => setImmediate(() => (last = null))));
    new Gauge({
      name: 'uid_mail_outbox',
      help: 'Mails in the outbox: queued (waiting or between retries) and failed (given up, kept until the retention ends).',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const c = await counts();
        this.set({ state: 'queued' }, c.queued);
        this.set({ state: 'failed' }, c.failed);
      },
    });
    new Gauge({
      name: 'uid_mail_outbox_oldest_queued_seconds',
      help: 'Age of the oldest queued mail (0 when none waits).',
      registers: [this.registry],
      async collect() {
        const c = await counts();
        this.set(c.oldestQueuedAt === null ? 0 : Math.max(0, (now() - c.oldestQueuedAt) / 1000));
      },
    });
  }

  /** One answer: its latency, and what it says about sign-ins, MFA, captcha and refreshes. */
  observe(req: FastifyRequest, reply: FastifyReply, failure: AnsweredFailure | undefined): void {
    const route = routeLabel(req);
    this.http.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (failure?.code === E.captchaRequired) this.captcha.inc({ event: 'demanded' });
    const call = route.replace(/^\/api\/region\/[a-z]+\//, '/api/');
    const outcome = failure ? (CODE_NAMES.get(failure.code) ?? String(failure.code)) : reply.statusCode < 400 ? 'success' : `http_${reply.statusCode}`;
    if (call === '/api/login' && req.method === 'POST') {
      this.signIns.inc({ outcome });
      const body = req.body as { mfaProcessId?: unknown; code?: unknown } | undefined;
      if (body?.mfaProcessId && body.code !== undefined) this.mfa.inc({ outcome: failure && MFA_CODES.has(failure.code) ? outcome : 'success' });
      const result = failure?.result as { remainAttempts?: unknown; lockedMinutes?: unknown } | undefined;
      if (failure?.code === E.wrongCredentials && result?.remainAttempts === 0) this.lockouts.inc();
    }
    if (call === '/api/captcha/verify') this.captcha.inc({ event: failure || reply.statusCode >= 400 ? 'refused' : 'solved' });
    if (call === '/api/refresh-token') this.refreshes.inc({ outcome: failure ? 'refused' : 'ok' });
  }

  /** Process metrics (CPU, memory, event-loop lag): only when metrics are served, as they start timers. */
  withProcessMetrics(): this {
    collectDefaultMetrics({ register: this.registry, prefix: 'uid_' });
    return this;
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** `/metrics` on the portal, behind a bearer token (constant-time compared). */
export function metricsRoute(metrics: PortalMetrics, token: string) {
  return async (app: FastifyInstance) => {
    app.get('/metrics', async (req, reply) => {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'unauthorized' });
      return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(await metrics.text());
    });
  };
}

/** Its own listener for `/metrics` (an operator's network, not the public origin). */
export function metricsListener(metrics: PortalMetrics): http.Server {
  return http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404).end();
    metrics.text().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(500).end(),
    );
  });
}
