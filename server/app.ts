/**
 * The reference server as a Fastify app. `buildServer(options)` opens (and migrates) the
 * stores, registers every API route under `/api` (global host) and `/api/region/<use|aps|euw>`
 * (regional hosts), the SPA, the plugins' server halves, the development mailbox and the demo pages.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyError } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { ERROR_CODES as E } from '../core/contract/errorCodes';
import { API_PREFIX } from '../core/contract/headers';
import { REGION_CODES, type RegionCode } from '../core/contract/regions';
import { pruneUnusedAvatars } from './domain/files';
import { createCtx, type Ctx } from './context';
import { pruneShared, startPruning } from './db/sharedState';
import { pruneOidcPayloads } from './oidc/adapter';
import { pruneSecurityEvents } from './domain/securityEvents';
import { pruneAddressLocks, rekeyAddressLocks } from './domain/passwordLock';
import { openStores } from './db/stores';
import { loadSecretBox, sealSecretsAtRest, sealTotpSecretsAtRest, type SecretBox } from './db/secretsAtRest';
import { passwordHasher } from './domain/crypto';
import { builtInClients, syncClients } from './domain/oauth';
import { APP_CLIENT_IDS } from '../core/contract/partnerApp';
import { ShapeError } from '../core/config/shape';
import { parseClients } from './config/clients';
import { configVocabulary } from './config/knownNames';
import { InvalidConfigs, ServedConfigs } from './config/servedConfigs';
import { brandingImageSources } from './http/brandingCsp';
import { ApiFailure, retryAfterOf } from './http/errors';
import { problemPageFor } from './http/pageErrors';
import { messageFor } from './http/messages';
import { checkPortalRequest } from './http/portalRequest';
import { apiSecurityHeaders, registerSpa } from './http/spa';
import { Mailer } from './mail/mailer';
import { fastifyTrustProxy, REPO_ROOT, resolveOptions, type ServerOptions, type ServerOptionsInput } from './options';
import { accountRoutes } from './routes/accounts';
import { authRoutes } from './routes/auth';
import { brandingRoutes } from './routes/branding';
import { demoRoutes } from './routes/demo';
import { devRoutes } from './routes/dev';
import { seedDemo, type DemoSummary } from './demo/seed';
import { clientKey } from './http/common';
import { OidcProvider, oidcRoutes } from './oidc/provider';
import { healthRoutes } from './http/health';
import { loggerOptions, logRequests } from './http/requestLog';
import { pluginGate } from './plugin-host/gate';
import { pluginRoutes } from './plugin-host/pluginRoutes';
import { allHalves, loadServerHalves, pluginMigrationsOf, setUpServerHalves } from './plugin-host/serverHalves';
import { startPluginJobs } from './plugin-host/jobs';
import type { ServerPlugin } from './plugin-api';
import { PluginSwitches, webConfigFile } from './plugin-host/switches';
import { metricsListener, metricsRoute, type AnsweredFailure } from './http/metrics';
import { consoleScope } from './ops/consoleScope';
import { guardOperatorAssets } from './ops/operatorAssets';
import { OPS_API_PREFIX } from '../core/contract/ops';

export interface BuiltServer {
  app: FastifyInstance;
  ctx: Ctx;
  demo: DemoSummary | null;
  /** Starts listening; resolves the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Path of the first string under `value` that holds a NUL character, or null. Such strings are
 * never valid input, and PostgreSQL cannot store or compare them (SQLite can): refusing them
 * here keeps both stores answering the same 400 instead of a 500 on one of them.
 */
export function nulField(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulField(inner, `${at}/${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

function apiPlugin(ctx: Ctx, hostRegion: RegionCode | null, halves: readonly ServerPlugin[]) {
  return async (api: FastifyInstance) => {
    api.addHook('onRequest', async (req) => {
      req.hostRegion = hostRegion;
      const wait = await ctx.apiRate.take(`api:${clientKey(req)}`, ctx.options.limits.apiPerMinute);
      if (wait !== null) throw new ApiFailure(E.rateLimited, undefined, { retryAfterSeconds: wait });
      checkPortalRequest(ctx, req);
    });
    // Before the body is read or checked: a plugin that is off says nothing of its inputs.
    api.addHook('onRequest', pluginGate(ctx));
    api.addHook('preValidation', async (req) => {
      const field = nulField(req.params, 'params') ?? nulField(req.query, 'querystring') ?? nulField(req.body, 'body');
      if (field) throw new ApiFailure(E.invalidParameter, `${messageFor(E.invalidParameter)} (${field})`, { field });
    });
    for (const routes of [authRoutes, accountRoutes, brandingRoutes]) {
      await api.register(routes(ctx));
    }
    // The plugins' routes answer only where their plugin is on; a plugin off in every served config has none.
    for (const half of halves) {
      const routes = half.routes;
      if (routes && ctx.switches.onAnywhere(half.id)) await api.register(pluginRoutes(half.id, (scope) => routes(scope, ctx)));
    }
  };
}

/**
 * Every config the server will serve, checked with the browser's own shapes before anything
 * opens: a bad one throws InvalidConfigs (main.ts prints it and exits non-zero).
 */
async function checkConfigs(options: ServerOptions, warn: (message: string) => void): Promise<ServedConfigs> {
  const vocabulary = await configVocabulary(REPO_ROOT);
  const builtIn = builtInClients({ options });
  // The partner apps' ids too: their tokens reach the whole API (clientAuth.ts), so no service may take one (attack review of issue 28).
  const reservedClientIds = [...builtIn.map((c) => c.id), ...Object.values(APP_CLIENT_IDS)];
  let given = options.clients;
  try {
    given = parseClients(options.clients, vocabulary.known, reservedClientIds, options.production);
  } catch (err) {
    if (err instanceof ShapeError) throw new InvalidConfigs([`clients option: field '${err.path}': ${err.message}`]);
    throw err;
  }
  const fixedClients = [...builtIn, ...given];
  const branding = { publicOrigin: options.publicOrigin, production: options.production, themeNames: vocabulary.known.themes };
  try {
    brandingImageSources(fixedClients, branding);
  } catch (err) {
    throw new InvalidConfigs([`clients option: ${(err as Error).message}`]);
  }
  const served = ServedConfigs.load({
    // Checked and followed even when not injected into the page: the server obeys its plugin switches.
    portalConfigFile: webConfigFile(options),
    appConfigFiles: options.appConfigFiles,
    consoleConfigFile: options.opsConfigFile,
    clientsFile: options.clientsFile,
    reservedClientIds: [...fixedClients.map((c) => c.id), ...Object.values(APP_CLIENT_IDS)],
    fixedClients,
    branding,
    vocabulary,
    warn,
  });
  options.clients = [...given, ...served.clientList()];
  return served;
}

export async function buildServer(input: ServerOptionsInput = {}): Promise<BuiltServer> {
  const options = resolveOptions(input);
  // Config problems are the operator's to fix, so they are always said, with or without LOG=1.
  const configs = await checkConfigs(options, (message) => console.warn(message));
  // The plugins' server halves (plugins/<id>/server/), before the stores: their tables are migrated with the core's.
  // An outside plugin's half only where a served config turns it on (its tables too); a repository's half always (its data outlives a switch).
  const named = new PluginSwitches((file) => configs.deployment(file), webConfigFile(options), options.appConfigFiles, options.opsConfigFile);
  const halves = allHalves(await loadServerHalves(REPO_ROOT, (id) => named.onAnywhere(id)), options.extraServerPlugins);
  const stores = await openStores({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, databaseUrls: options.databaseUrls, pluginMigrations: pluginMigrationsOf(halves) });
  // The key that seals the secrets in the global store; every secret is opened (and what is plain or
  // under a previous key sealed anew) before anything uses one: a wrong key stops the start here.
  let secrets: SecretBox;
  try {
    secrets = loadSecretBox(options.secretsKey, { production: options.production, dataDir: options.dataDir });
    await sealSecretsAtRest(stores.global, secrets);
    await sealTotpSecretsAtRest(Object.values(stores.regions), secrets);
  } catch (err) {
    await stores.close();
    throw err;
  }
  const mailer = new Mailer({ smtpUrl: options.smtpUrl, from: options.mailFrom, dataDir: options.dataDir, now: options.now, db: stores.global, outbox: options.mailOutbox, worker: options.mailWorker });
  const ctx = await createCtx(options, stores, mailer, passwordHasher(options.testMode), configs, secrets);
  // Lock rows an older version keyed by the address: by its digest before any sign-in looks for them.
  await rekeyAddressLocks(ctx);
  // Their contributions first; their routes are registered with the API's below.
  setUpServerHalves(halves, ctx.extensions);
  // From here on, a plugin off in every served config stays off until a restart (its routes are not registered).
  ctx.switches.markStarted();
  const jobs = startPluginJobs(options.pluginJobs ? halves : [], ctx);
  // Expired shared rows, OpenID provider state, address lock rows and security events past their 90 days, deleted beside the requests (never in their path).
  const pruning = startPruning(
    [(now) => pruneShared(stores.global, now), (now) => pruneOidcPayloads(stores.global, now), (now) => pruneAddressLocks(ctx, now), ...Object.values(stores.regions).map((db) => (now: number) => pruneSecurityEvents(db, now)), ...REGION_CODES.map((region) => (now: number) => pruneUnusedAvatars(ctx, region, now))],
    options.now,
  );
  const given = options.clients.filter((c) => !configs.clientList().includes(c));
  configs.watchClients(async (served) => {
    options.clients = [...given, ...served];
    await syncClients(ctx);
  });
  // The newest stored config versions from here on (the files seed them): what another instance or an operator stored applies here too.
  await configs.attachVersions(stores.global, { now: options.now, pollMs: options.limits.configPollMs });
  options.clients = [...given, ...configs.clientList()];
  await syncClients(ctx);
  const demo = options.seedDemo ? await seedDemo(ctx) : null;
  const oidc = new OidcProvider(ctx);
  await oidc.start();

  const app = Fastify({
    logger: loggerOptions(options.logger, options.logStream),
    // Fastify's own request lines carry the URL; logRequests writes one line without it.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false } },
  });
  app.decorateRequest('hostRegion', null);
  if (options.logger) logRequests(app);
  // What each failed answer was, for the metrics (the error handler knows it; onResponse reports it).
  const answeredFailures = new WeakMap<object, AnsweredFailure>();
  app.addHook('onResponse', async (req, reply) => ctx.metrics.observe(req, reply, answeredFailures.get(req)));
  mailer.onResult = (result) => ctx.metrics.mails.inc({ result });
  ctx.metrics.watchOutbox(mailer.outbox, options.now);
  mailer.worker.start();
  if (options.metricsToken) await app.register(metricsRoute(ctx.metrics.withProcessMetrics(), options.metricsToken));
  const metricsServer = options.metricsPort !== undefined ? metricsListener(ctx.metrics.withProcessMetrics()) : null;
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: 5 * 1024 * 1024 + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12 } });

  app.setErrorHandler((err: FastifyError | ApiFailure | Error, req, reply) => {
    // A browser that navigated to a page route (the hand-offs, mailed links) sees the portal's problem page, not the JSON.
    const page = problemPageFor(ctx, req, err);
    if (page) {
      if (err instanceof ApiFailure) answeredFailures.set(req, { code: err.code, result: err.result });
      else if (!(err as FastifyError).validation && ((err as FastifyError).statusCode ?? 500) >= 500) req.log.error({ err }, 'unexpected error');
      return reply.redirect(page, 303);
    }
    if (err instanceof ApiFailure) {
      answeredFailures.set(req, { code: err.code, result: err.result });
      const wait = retryAfterOf(err);
      if (wait !== null) reply.header('Retry-After', String(wait));
      return reply.status(err.status).send({ errorCode: err.code, message: err.message, ...(err.result !== undefined ? { result: err.result } : {}) });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const first = fe.validation[0];
      const field = first ? `${fe.validationContext ?? 'body'}${first.instancePath || ''}${(first.params as { missingProperty?: string })?.missingProperty ? `/${(first.params as { missingProperty?: string }).missingProperty}` : ''}` : fe.validationContext;
      return reply.status(400).send({ errorCode: E.invalidParameter, message: `${messageFor(E.invalidParameter)} (${field})`, result: { field } });
    }
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ errorCode: E.badRequest, message: 'The request body is too large.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ errorCode: E.badRequest, message: messageFor(E.badRequest) });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ errorCode: E.unexpected, message: messageFor(E.unexpected) });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    apiSecurityHeaders(ctx, req, reply);
    return payload;
  });

  await app.register(apiPlugin(ctx, null, halves), { prefix: API_PREFIX });
  for (const region of REGION_CODES) {
    await app.register(apiPlugin(ctx, region, halves), { prefix: `${API_PREFIX}/region/${region.toLowerCase()}` });
  }
  // The ops console's API: its own scope and checks (operators' sessions, roles), none of the portal's.
  await app.register(consoleScope(ctx, halves), { prefix: OPS_API_PREFIX });
  await app.register(devRoutes(ctx));
  if (options.demoPages) await app.register(demoRoutes(ctx));
  await app.register(healthRoutes(ctx));
  await app.register(oidcRoutes(ctx, oidc));
  // Before the static files: the console's signed-in code goes to signed-in operators only.
  guardOperatorAssets(app, ctx, halves);
  await registerSpa(app, ctx);

  let closed: Promise<void> | null = null;
  return {
    app,
    ctx,
    demo,
    async listen() {
      await app.listen({ host: options.host, port: options.port });
      if (metricsServer) await new Promise<void>((resolve, reject) => metricsServer.once('error', reject).listen(options.metricsPort, options.host, () => resolve()));
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      return `http://${options.host}:${port}`;
    },
    close() {
      closed ??= shutDown(app, options.shutdownGraceMs, async () => {
        configs.close();
        if (metricsServer?.listening) {
          metricsServer.closeAllConnections();
          await new Promise((resolve) => metricsServer.close(resolve));
        }
      }).then(async ({ left }) => {
        // Requests have ended: what they started after their answers may still queue mail.
        await ctx.afterAnswer.idle();
        await jobs.stop();
        await mailer.worker.stop(left);
        await pruning.stop();
        await stores.close();
      });
      return closed;
    },
  };
}

/**
 * Stops accepting connections and lets requests under way finish, for at most `graceMs`: then
 * their connections are cut. Connections that fall idle meanwhile (keep-alive) are closed as
 * they do, so they never hold the close up. Resolves with the time left of the grace.
 */
async function shutDown(app: FastifyInstance, graceMs: number, alongside: () => Promise<void>): Promise<{ left: number }> {
  const started = Date.now();
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await Promise.all([app.close(), alongside()]);
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
  return { left: Math.max(0, graceMs - (Date.now() - started)) };
}
