/**
 * Probes for a load balancer or an orchestrator, outside /api (no portal header, no rate limit
 * budget of the API): `/healthz` says the process answers; `/readyz` that every database it is
 * configured with answers and mail has somewhere to go. JSON only, nothing about accounts.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Ctx } from '../context';

/** How long one database may take to answer before the instance counts as not ready. */
const PROBE_MS = 2000;

async function answers(db: Kysely<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_MS)));
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(ctx: Ctx) {
  return async (app: FastifyInstance) => {
    app.get('/healthz', async (_req, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));
    app.get('/readyz', async (_req, reply) => {
      const { stores } = ctx;
      const names = ['global', 'legacy', ...Object.keys(stores.regions).map((r) => `region:${r}`)];
      const dbs: Array<Kysely<unknown>> = [stores.global, stores.legacy, ...Object.values(stores.regions)] as Array<Kysely<unknown>>;
      const results = await Promise.all(dbs.map(answers));
      const databases = Object.fromEntries(names.map((name, i) => [name, results[i] ? 'up' : 'down']));
      // Production must send mail by SMTP; the development mailbox is a mailer too. A backlog in
      // the outbox is no reason to leave the rotation (it shows in the metrics instead).
      const mail = ctx.options.production && ctx.mailer.devMailbox ? 'unconfigured' : 'configured';
      const ready = results.every(Boolean) && mail === 'configured';
      return reply
        .code(ready ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send({ status: ready ? 'ready' : 'not ready', databases, mail });
    });
  };
}
