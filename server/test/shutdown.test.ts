/**
 * SIGTERM as an orchestrator sends it to server/main.ts: new connections are refused, a
 * request under way is answered, idle keep-alive connections do not hold the exit up, and a
 * request that never ends is cut at SHUTDOWN_GRACE_MS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../options';
import { freePort } from './harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-shutdown-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Started {
  child: ChildProcess;
  port: number;
  /** Resolves with the exit code and the time of the exit. */
  exited: Promise<{ code: number | null; at: number }>;
  output(): string;
}

async function startMain(graceMs: number): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/main.ts')], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: path.join(dir, String(port)), SEED_DEMO: '0', SHUTDOWN_GRACE_MS: String(graceMs) },
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  await expect.poll(() => out, { timeout: 60_000, interval: 100 }).toContain('Listening on');
  return { child, port, exited, output: () => out };
}

/** A POST whose body is only half sent: the request is under way until `finish()`. */
async function halfSentRequest(port: number): Promise<{ finish(): void; response: Promise<string> }> {
  const body = JSON.stringify({ email: 'nobody@example.com' });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  const response = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.write(
    [
      'POST /api/auth/password-reset-request HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      'X-UID-Request: 1',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body.slice(0, 10),
    ].join('\r\n'),
  );
  // A keep-alive client: the socket closes when the server closes it.
  return { finish: () => socket.write(body.slice(10)), response };
}

/** A keep-alive connection that has had its answer and now sits idle. */
async function idleKeepAlive(port: number): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await new Promise<void>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    }).on('error', reject);
  });
  return agent;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown of server/main.ts', () => {
  it('answers the request under way, refuses new connections, and exits without waiting for idle keep-alive connections', async () => {
    const server = await startMain(30_000);
    const agent = await idleKeepAlive(server.port);
    const slow = await halfSentRequest(server.port);
    await sleep(200);
    server.child.kill('SIGTERM');
    await sleep(500);
    expect(server.child.exitCode).toBeNull();
    await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
    slow.finish();
    const answered = Date.now();
    const response = await slow.response;
    // The request's own answer (no such account), not a 503 of a closing server.
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(response).toContain('"errorCode":-3086');
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    // Far inside the 30 s grace (and the 72 s keep-alive): neither the idle connection nor the answered one held it up.
    expect(at - answered).toBeLessThan(10_000);
    agent.destroy();
  }, 90_000);

  it('cuts a request that never ends at SHUTDOWN_GRACE_MS, then exits', async () => {
    const server = await startMain(1500);
    const stuck = await halfSentRequest(server.port);
    await sleep(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeGreaterThanOrEqual(1400);
    // Cut at the grace, well before main.ts's backstop (grace + 5 s, exit code 1).
    expect(at - signalled).toBeLessThan(1500 + 4500);
    expect(await stuck.response).toBe('');
    expect(server.output()).toContain('SIGTERM: shutting down');
  }, 90_000);
});
