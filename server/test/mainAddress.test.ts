/**
 * `npm start`'s server on this machine answers as http://localhost:PORT, and prints that address to
 * open: browsers refuse passkeys (WebAuthn) on an IP address, so 127.0.0.1 would leave them silent
 * (found by trying the README's command as a person would). It still binds 127.0.0.1 only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../options';
import { freePort } from './harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-main-address-'));
let child: ChildProcess | null = null;
afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('server/main.ts on this machine', () => {
  it('prints http://localhost:PORT to open, and uses it as the passkeys\' relying party and the issuer', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/main.ts')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: path.join(dir, 'data'), SEED_DEMO: '0' },
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await expect.poll(() => out, { timeout: 60_000, interval: 100 }).toContain('Listening on');
    expect(out).toContain(`Portal:        http://localhost:${port}/`);
    // The ops console is named where it lives, with the command that makes its first admin.
    expect(out).toContain(`Ops console:   http://localhost:${port}/ops  (its first admin: npm run ops:add-admin <email>)`);
    expect(out).toContain(`Listening on 127.0.0.1:${port}: open http://localhost:${port}/`);
    expect(out).not.toMatch(/http:\/\/127\.0\.0\.1/);
    // No set-up: the secrets key is made in the data folder, and the start says so without printing it.
    const keyFile = path.join(dir, 'data', 'secrets.key');
    expect(out).toMatch(new RegExp(`Secrets key: {3}development key made in ${keyFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(key [0-9a-f]{16};`));
    expect(out).not.toContain(fs.readFileSync(keyFile, 'utf8').trim());
    const discovery = (await (await fetch(`http://127.0.0.1:${port}/api/oidc/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(discovery.issuer.startsWith(`http://localhost:${port}`)).toBe(true);
  }, 90_000);
});
