import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

/**
 * Start the real portal (`npm start`'s script: reference server + built SPA) on a free
 * port with a throw-away database. `config` picks a deployment config served at run time.
 */
export async function startPortal(options: { config?: string; env?: Record<string, string> } = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uid-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      ...(options.config ? { PORTAL_CONFIG: options.config } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/login`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`portal did not start within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
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
