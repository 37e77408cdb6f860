/**
 * The reference server as `npm run bench` measures it, in a process of its own (so the load
 * generator does not share its event loop): production argon2id parameters (testMode off),
 * the demo users seeded with them, logs off, and the per-client request limits and captcha risk
 * thresholds lifted (every benchmark request comes from 127.0.0.1 and signs in one account).
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
    // Concurrent sign-ins of one account each count as a failure until their password checks
    // out, so the captcha's risk thresholds are lifted with the rate limits.
    limits: { authPerMinute: 1_000_000, apiPerMinute: 1_000_000, captchaAfterFailures: 1_000_000, captchaAfterAccountFailures: 1_000_000 },
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
