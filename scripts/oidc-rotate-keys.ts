/**
 * `npm run oidc:rotate-keys`: makes a new current signing key for the OpenID provider. The old
 * key stays in the JWKS until the last ID token it signed has expired; a running server picks
 * the new key up on its next OpenID request. Uses the server's store settings (DATA_DIR,
 * DATABASE_URL, DATABASE_URL_GLOBAL) and its secrets key (SECRETS_KEY or SECRETS_KEY_FILE; in
 * development the data folder's), which seals the new key.
 */
import path from 'node:path';
import { openStores } from '../server/db/stores';
import { loadSecretBox, secretsSettingsFromEnv } from '../server/db/secretsAtRest';
import { ensureSigningKey, ID_TOKEN_SECONDS, rotateSigningKey } from '../server/oidc/signingKeys';
import { REPO_ROOT } from '../server/options';

const env = process.env;
const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(REPO_ROOT, 'server', 'data');
const stores = await openStores({
  dataDir,
  databaseUrl: env.DATABASE_URL,
  databaseUrls: { global: env.DATABASE_URL_GLOBAL },
});
try {
  const secrets = loadSecretBox(secretsSettingsFromEnv(env), { production: env.NODE_ENV === 'production', dataDir });
  const now = Date.now();
  await ensureSigningKey(stores.global, secrets, now);
  const kid = await rotateSigningKey(stores.global, secrets, now, ID_TOKEN_SECONDS);
  console.log(`New signing key ${kid}; the previous one stays published for ${ID_TOKEN_SECONDS} seconds.`);
} finally {
  await stores.close();
}
