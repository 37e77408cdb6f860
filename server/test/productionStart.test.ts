/**
 * `NODE_ENV=production` through server/main.ts as an operator starts it: what is missing is
 * refused in one message before anything listens; a complete set-up starts without the demo
 * users (whose passwords this repository publishes) and without the demo pages.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../options';
import { freePort } from './harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-prod-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const main = path.join(REPO_ROOT, 'server/main.ts');
const base = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: '0' };
/** The key that seals the secrets in the database (server/db/secretsAtRest.ts). */
const SECRETS_KEY = 'mZ0f3Qb1v9Xw2Lr8Kc5Tn7Jy4Hs6Ad0Gp1Ue3Io5YqE=';

describe('server/main.ts in production', () => {
  it('refuses to start without its settings, naming every one, before listening or writing data', () => {
    const data = path.join(dir, 'refused');
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], { cwd: REPO_ROOT, env: { ...base, DATA_DIR: data, PUBLIC_ORIGIN: 'http://id.example.com' }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n').filter((l) => !l.includes('oidc-provider WARNING'));
    expect(lines[0]).toBe('The portal did not start: production (NODE_ENV=production) needs these settings.');
    expect(lines.slice(1).map((l) => l.trim().split(' ')[0])).toEqual(['PUBLIC_ORIGIN', 'HELPDESK_SECRET', 'SECRETS_KEY', 'SMTP_URL', 'PRIVACY_POLICY_URL']);
    expect(run.stdout).not.toContain('Listening');
    expect(fs.existsSync(data)).toBe(false);
  });

  it('starts with them: no demo users, no demo pages', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: REPO_ROOT,
      env: {
        ...base,
        PORT: String(port),
        DATA_DIR: path.join(dir, 'started'),
        PUBLIC_ORIGIN: 'https://id.example.com',
        TRUST_PROXY: '1',
        HELPDESK_SECRET: 'zQ0mH7yq3VbTn8Kc1RxW5pLs2dJf9gAe6uYo4iNt0Bk',
        SECRETS_KEY,
        SMTP_URL: 'smtp://127.0.0.1:9',
        PRIVACY_POLICY_URL: 'https://www.example.com/privacy',
      },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await expect.poll(() => out, { timeout: 60_000, interval: 200 }).toContain('Listening on');
      expect(out).not.toContain('Demo users');
      expect(out).not.toContain('demo@example.com');
      // Which key seals the secrets, by its id: never the key, and no development key file.
      expect(out).toMatch(/Secrets key: {3}SECRETS_KEY \(key [0-9a-f]{16}\)/);
      expect(out).not.toContain(SECRETS_KEY);
      expect(fs.existsSync(path.join(dir, 'started', 'secrets.key'))).toBe(false);
      expect(out).not.toContain('Demo service');
      // No ops console unless OPS_CONFIG names one: neither its page's config nor its API.
      expect(out).not.toContain('Ops console');
      expect((await fetch(`http://127.0.0.1:${port}/api/ops/me`, { headers: { 'X-UID-Request': '1' } })).status).toBe(404);
      for (const page of ['/demo-service/', '/demo-helpdesk/']) {
        const res = await fetch(`http://127.0.0.1:${port}${page}`);
        expect(await res.text()).not.toContain('Demo');
      }
      // Nor is the demo service a client there.
      const demoClient = await fetch(`http://127.0.0.1:${port}/api/authorize?client_id=demo-service&redirect_uri=${encodeURIComponent('https://id.example.com/demo-service/callback')}&response_type=code&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`, { redirect: 'manual' });
      expect(demoClient.status).toBe(400);
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-UID-Request': '1' }, body: JSON.stringify({ email: 'demo@example.com', password: 'Demo-pass-2024' }) });
      expect(login.status).not.toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('refuses a start whose SECRETS_KEY did not seal the stored secrets, in one message, making none anew', async () => {
    // The data folder of the start above, whose secrets SECRETS_KEY sealed; another key does not open them.
    const data = path.join(dir, 'started');
    await expect.poll(() => fs.existsSync(path.join(data, 'global.sqlite')), { timeout: 60_000 }).toBe(true);
    const wrong = 'WltcXV5fYGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHk=';
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      cwd: REPO_ROOT,
      env: { ...base, DATA_DIR: data, PUBLIC_ORIGIN: 'https://id.example.com', HELPDESK_SECRET: 'zQ0mH7yq3VbTn8Kc1RxW5pLs2dJf9gAe6uYo4iNt0Bk', SECRETS_KEY: wrong, SMTP_URL: 'smtp://127.0.0.1:9', PRIVACY_POLICY_URL: 'https://www.example.com/privacy' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n').filter((l) => !l.includes('oidc-provider WARNING'));
    expect(lines[0]).toBe('The portal did not start: the secrets key (SECRETS_KEY) does not fit.');
    expect(lines[1]).toMatch(/was sealed with key [0-9a-f]{16}, which is neither the current secrets key/);
    expect(run.stderr).not.toContain('    at ');
    expect(run.stdout).not.toContain('Listening');
  }, 90_000);

  it('seeds demo users on a closed test network that says UNSAFE_DEMO_IN_PRODUCTION=1, and prints none of their secrets', async () => {
    const port = await freePort();
    const data = path.join(dir, 'demo-in-production');
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: REPO_ROOT,
      env: {
        ...base,
        PORT: String(port),
        DATA_DIR: data,
        PUBLIC_ORIGIN: 'https://id.example.com',
        HELPDESK_SECRET: 'zQ0mH7yq3VbTn8Kc1RxW5pLs2dJf9gAe6uYo4iNt0Bk',
        SECRETS_KEY,
        SMTP_URL: 'smtp://127.0.0.1:9',
        PRIVACY_POLICY_URL: 'https://www.example.com/privacy',
        SEED_DEMO: '1',
        UNSAFE_DEMO_IN_PRODUCTION: '1',
      },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await expect.poll(() => out, { timeout: 60_000, interval: 200 }).toContain('Listening on');
      const demo = JSON.parse(fs.readFileSync(path.join(data, 'demo.json'), 'utf8')) as { totpSecret: string; values: Record<string, string> };
      expect(out).toContain(`their passwords and codes are in ${path.join(data, 'demo.json')}`);
      for (const secret of ['Demo-pass-2024', 'Legacy-pass-2024', demo.totpSecret, demo.values.inviteCode!]) expect(out).not.toContain(secret);
    } finally {
      child.kill('SIGTERM');
    }
    // A production start hashes the demo passwords with the real argon2 parameters: as long as the poll allows.
  }, 90_000);
});
