/**
 * `@portal/server-api/command`: what a plugin's command-line tool runs on (`npm run ops:add-admin`).
 * The server's context, built from the same environment as the server (stores, secrets key,
 * public origin, configs), without listening: the tool and a running server share the stores.
 */
import path from 'node:path';
import { buildServer } from '../app';
import type { Ctx } from '../context';
import { secretsSettingsFromEnv } from '../db/secretsAtRest';
import { opsConfigFromEnv, parseAppConfigs } from '../options';

export async function withServerContext<T>(run: (ctx: Ctx) => Promise<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  const opsConfigFile = opsConfigFromEnv(env.OPS_CONFIG);
  const server = await buildServer({
    port,
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : undefined,
    databaseUrl: env.DATABASE_URL,
    databaseUrls: { global: env.DATABASE_URL_GLOBAL, legacy: env.DATABASE_URL_LEGACY, use: env.DATABASE_URL_USE, aps: env.DATABASE_URL_APS, euw: env.DATABASE_URL_EUW },
    portalConfigFile: env.PORTAL_CONFIG ? path.resolve(env.PORTAL_CONFIG) : undefined,
    ...(env.PORTAL_APP_CONFIGS !== undefined ? { appConfigFiles: parseAppConfigs(env.PORTAL_APP_CONFIGS) } : {}),
    ...(opsConfigFile !== undefined ? { opsConfigFile } : {}),
    clientsFile: env.CLIENTS_FILE ? path.resolve(env.CLIENTS_FILE) : undefined,
    production,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    secretsKey: secretsSettingsFromEnv(env),
    // A tool makes no demo data and serves nothing.
    seedDemo: false,
    demoPages: false,
    logger: false,
  });
  try {
    return await run(server.ctx);
  } finally {
    await server.close();
  }
}
