import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningPortal {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  /** What the server printed so far (start-up banner, errors). */
  output(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface PortalOptions {
  /** A deployment config file served at run time. */
  config?: string;
  /** Plugin switches over `config/default.json` (written to a config file in the data directory). */
  plugins?: Record<string, unknown>;
  /** Connected services (written to a `CLIENTS_FILE` in the data directory). */
  clients?: unknown[];
  env?: Record<string, string>;
  /** Serve as http://localhost:<port> (PUBLIC_ORIGIN and `url`): WebAuthn takes no IP address as its relying party. */
  localhost?: boolean;
}

/** `plugins` and `clients` as files in `dir`: the environment that points the server at them. */
function deploymentFiles(dir: string, options: PortalOptions): Record<string, string> {
  const env: Record<string, string> = {};
  if (options.plugins) {
    const config = JSON.parse(readFileSync('config/default.json', 'utf8')) as { plugins: Record<string, unknown> };
    Object.assign(config.plugins, options.plugins);
    env.PORTAL_CONFIG = path.join(dir, 'portal.json');
    writeFileSync(env.PORTAL_CONFIG, JSON.stringify(config));
  }
  if (options.clients) {
    env.CLIENTS_FILE = path.join(dir, 'clients.json');
    writeFileSync(env.CLIENTS_FILE, JSON.stringify(options.clients));
  }
  return env;
}

/**
 * Start the real portal (`npm start`'s script: reference server + built SPA) on a free
 * port with a throw-away database (and config files, when `plugins` or `clients` are given).
 */
export async function startPortal(options: PortalOptions = {}): Promise<RunningPortal> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uid-e2e-'));
  const deployment = deploymentFiles(dataDir, options);
  // The port is chosen before the server starts (its public origin names it), so another test file's
  // server may take it meanwhile: then this one exits with EADDRINUSE and starts again on another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const started = await launch(port, dataDir, deployment, options);
    if (started !== 'port taken') return started;
    if (attempt >= 5) throw new Error('portal: no free port after 5 attempts');
  }
}

async function launch(port: number, dataDir: string, deployment: Record<string, string>, options: PortalOptions): Promise<RunningPortal | 'port taken'> {
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      ...(options.config ? { PORTAL_CONFIG: options.config } : {}),
      ...deployment,
      // Named either way: the server's own default on loopback is localhost, and these tests browse 127.0.0.1 unless asked.
      PUBLIC_ORIGIN: options.localhost ? `http://localhost:${port}` : `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (/EADDRINUSE/.test(log)) return 'port taken';
      throw new Error(`portal exited early (${child.exitCode}):\n${log}`);
    }
    // Its own banner first: a server of another test on the same port would answer /login too.
    if (log.includes(`Listening on 127.0.0.1:${port}`)) {
      try {
        const res = await fetch(`${url}/login`);
        if (res.ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`portal did not start within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url: options.localhost ? `http://localhost:${port}` : url,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
