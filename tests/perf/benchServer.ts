/**
 * The reference server as `npm run bench` measures it, in a process of its own (so the load
 * generator does not share its event loop): production argon2id parameters (testMode off),
 * the demo users seeded with them, logs off, behind a trusted proxy (each visitor's address in
 * X-Forwarded-For, so the per-client limits work as in production), and the captcha's risk thresholds
 * lifted (every visitor signs in the same account).
 *
 * Input: BENCH_DATA_DIR (a temporary folder the parent removes). Output: one line
 * `bench-listening <base URL>` on stdout. Stops on SIGTERM or when its stdin closes.
 */
import { buildServer } from '../../server/app';
import { freePort } from '../../server/test/harness';

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');
  const server = await buildServer({
    port: await freePort(),
    dataDir,
    distDir: `${dataDir}/dist`,
    testMode: false,
    seedDemo: true,
    demoPages: false,
    logger: false,
    // Each visitor comes from an address of its own (X-Forwarded-For, as a proxy in front reports it):
    // the per-client request limits keep their production values and each counter stays as small as in
    // production. (Lifted to a million for one address, their sliding windows held every hit of the
    // run: a growing JSON array rewritten on each request, 1.8 ms of SQL per sign-in, which production
    // never pays.) Concurrent sign-ins of one account each count as a failure until their password
    // checks out, so the captcha's account thresholds are lifted.
    trustProxy: 1,
    limits: { captchaAfterFailures: 1_000_000, captchaAfterAccountFailures: 1_000_000 },
  });
  const base = await server.listen();
  console.log(`bench-listening ${base}`);
  const stop = () => void server.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
