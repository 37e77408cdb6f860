/**
 * A second (third, …) server process on the store of a test server: started by
 * `startPeers()` in harness.ts with `node --import tsx`, so that tests can send one burst of
 * requests to several processes that share one SQLite file or one PostgreSQL database — the
 * way several API processes share a store in a deployment, and the only way two requests
 * really run at the same time on SQLite (one process runs its synchronous SQLite queries one
 * request after the other).
 *
 * Input: PEER_OPTIONS (JSON: dataDir, publicOrigin, databaseUrl?, limits?, enumerationProtection?, trustProxy?) in the environment, never on the
 * command line. Output: one line `peer-listening <base URL>` on stdout. Stops on SIGTERM or
 * when its stdin closes (the test process ended).
 */
import type { TrustProxy } from '../options';
import { buildServer } from '../app';
import { freePort, redactText, rememberSecretUrl } from './harness';

interface PeerOptions {
  dataDir: string;
  publicOrigin: string;
  databaseUrl?: string;
  limits?: Record<string, number>;
  enumerationProtection?: boolean;
  trustProxy?: TrustProxy;
}

async function main(): Promise<void> {
  const raw = process.env.PEER_OPTIONS;
  if (!raw) throw new Error('PEER_OPTIONS is not set');
  const options = JSON.parse(raw) as PeerOptions;
  delete process.env.PEER_OPTIONS;
  rememberSecretUrl(options.databaseUrl);
  const server = await buildServer({
    port: await freePort(),
    dataDir: options.dataDir,
    publicOrigin: options.publicOrigin,
    testMode: true,
    seedDemo: false,
    distDir: `${options.dataDir}/dist`,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    limits: options.limits ?? {},
    enumerationProtection: options.enumerationProtection ?? false,
    trustProxy: options.trustProxy ?? false,
  });
  const base = await server.listen();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  process.stdout.write(`peer-listening ${base}\n`);
}

main().catch((err: unknown) => {
  // The message only, redacted: a connection error must not print the connection's password.
  process.stderr.write(`peer failed: ${redactText(err instanceof Error ? err.message : String(err))}\n`);
  process.exit(1);
});
