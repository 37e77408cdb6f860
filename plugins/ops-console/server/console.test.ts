/**
 * The ops console's server half against a real server: enrolling from an invitation with an
 * authenticator app or a passkey, signing in with both factors, roles, fresh confirmation of
 * dangerous actions, the last admin, the audit log (append-only in the store) and the refusal of
 * every end user's token and of a cross-site page.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { Client, DEMO_PASSWORD, mails, signIn, startServer, type TestServer } from '../../../server/test/harness';
import { SoftAuthenticator } from '../../../server/test/softAuthenticator';
import type { OperatorMe } from '../contract';
import { CLI_ACTOR, CLI_INVITE_MS, inviteOperator } from './operators';
import { consoleStore } from './tables';

const PASSWORD = 'Console-pass-2026!';
let t: TestServer;
beforeAll(async () => {
  // One proxy hop trusted: a test says which network a request comes from (X-Forwarded-For).
  t = await startServer({ trustProxy: 1 });
});
afterAll(async () => t.close());

const ops = (path: string) => `/api/ops${path}`;
const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);

function totpNow(secret: string, offsetSteps = 0): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: t.server.ctx.now() + offsetSteps * 30_000 });
}

async function invite(email: string, role: 'viewer' | 'operator' | 'support' | 'admin' = 'admin'): Promise<string> {
  const { link } = await inviteOperator(t.server.ctx, { email, role, by: CLI_ACTOR, reason: 'test', lastsMs: CLI_INVITE_MS });
  return tokenOf(link);
}

/** Enrols with an authenticator app; returns the signed-in client and the app's secret. */
async function enrolWithTotp(email: string, role: Parameters<typeof invite>[1] = 'admin'): Promise<{ c: Client; secret: string }> {
  const token = await invite(email, role);
  const c = new Client(t.base);
  const { secret } = (await c.post(ops('/enrol/totp'), { token })).body.result;
  const done = await c.post(ops('/enrol/complete'), { token, password: PASSWORD, factor: { type: 'totp', code: totpNow(secret) } });
  expect(done.status).toBe(200);
  return { c, secret };
}

describe('ops console: enrolment and sign-in', () => {
  it('enrols with an authenticator app, then signs in with the password and a new code (the same code never twice)', async () => {
    const { c, secret } = await enrolWithTotp('first-admin@ops.example');
    const me = await c.get<{ result: OperatorMe }>(ops('/me'));
    expect(me.body.result).toMatchObject({ email: 'first-admin@ops.example', role: 'admin', totp: true, passkeys: 0 });

    const fresh = new Client(t.base);
    expect((await fresh.post(ops('/sign-in'), { email: 'first-admin@ops.example', password: 'wrong-password-1' })).body.errorCode).toBe(E.wrongCredentials);
    const step = await fresh.post(ops('/sign-in'), { email: 'First-Admin@ops.example', password: PASSWORD });
    expect(step.body.result).toEqual({ methods: ['totp'] });
    // The password alone opens nothing.
    expect((await fresh.get(ops('/me'))).status).toBe(401);
    // The code taken at enrolment is spent: the next step's works.
    expect((await fresh.post(ops('/sign-in/totp'), { type: 'totp', code: totpNow(secret) })).body.errorCode).toBe(E.mfaCodeError);
    t.clock.advance(30_000);
    const done = await fresh.post(ops('/sign-in/totp'), { type: 'totp', code: totpNow(secret) });
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie()[0]).toMatch(/^uid_ops=[^;]+; Path=\/; HttpOnly; SameSite=Strict/);
    expect((await fresh.get(ops('/me'))).body.result.email).toBe('first-admin@ops.example');
  });

  it('enrols with a passkey and signs in with it', async () => {
    const token = await invite('passkey-admin@ops.example');
    const c = new Client(t.base);
    const authenticator = new SoftAuthenticator(t.server.ctx.options.publicOrigin);
    const { options } = (await c.post(ops('/enrol/passkey/options'), { token })).body.result;
    const response = authenticator.create(options);
    expect((await c.post(ops('/enrol/complete'), { token, password: PASSWORD, factor: { type: 'passkey', response } })).status).toBe(200);
    // The link is spent.
    expect((await new Client(t.base).post(ops('/enrol/check'), { token })).body.errorCode).toBe(E.invalidToken);

    const later = new Client(t.base);
    expect((await later.post(ops('/sign-in'), { email: 'passkey-admin@ops.example', password: PASSWORD })).body.result.methods).toEqual(['passkey']);
    const assertion = (await later.post(ops('/sign-in/passkey/options'))).body.result.options;
    const signedIn = await later.post(ops('/sign-in/passkey'), { type: 'passkey', response: authenticator.get(assertion) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result).toMatchObject({ email: 'passkey-admin@ops.example', passkeys: 1 });
    // A challenge answers once.
    expect((await later.post(ops('/confirm'), { type: 'passkey', response: authenticator.get(assertion) })).body.errorCode).toBe(E.mfaCodeError);
  });

  it('refuses a weak password and a wrong code at enrolment, and an expired or unknown link', async () => {
    const token = await invite('weak@ops.example', 'viewer');
    const c = new Client(t.base);
    const { secret } = (await c.post(ops('/enrol/totp'), { token })).body.result;
    expect((await c.post(ops('/enrol/complete'), { token, password: 'short', factor: { type: 'totp', code: totpNow(secret) } })).body.errorCode).toBe(E.invalidPasswordFormat);
    expect((await c.post(ops('/enrol/complete'), { token, password: PASSWORD, factor: { type: 'totp', code: '000000' } })).body.errorCode).toBe(E.mfaCodeError);
    expect((await c.post(ops('/enrol/check'), { token: 'x'.repeat(43) })).body.errorCode).toBe(E.invalidToken);
    t.clock.advance(CLI_INVITE_MS + 1000);
    expect((await c.post(ops('/enrol/check'), { token })).body.errorCode).toBe(E.invalidToken);
  });

  it('ends the second step after five wrong codes', async () => {
    const { secret } = await enrolWithTotp('five@ops.example', 'viewer');
    t.clock.advance(30_000);
    const c = new Client(t.base);
    await c.post(ops('/sign-in'), { email: 'five@ops.example', password: PASSWORD });
    for (let i = 0; i < 5; i++) expect((await c.post(ops('/sign-in/totp'), { type: 'totp', code: '123456' })).body.errorCode).toBe(E.mfaCodeError);
    expect((await c.post(ops('/sign-in/totp'), { type: 'totp', code: totpNow(secret) })).status).toBe(401);
  });
});

describe('ops console: roles, confirmation and the audit log', () => {
  let admin: { c: Client; secret: string };
  beforeAll(async () => {
    admin = await enrolWithTotp('roles-admin@ops.example');
  });

  it('asks an admin to confirm before inviting, then mails the invitation and records it', async () => {
    t.clock.advance(6 * 60_000);
    const body = { email: 'Viewer@Ops.example', role: 'viewer', reason: 'New colleague in ops' };
    const refused = await admin.c.post(ops('/operators'), body);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: E.mfaRequired, result: { confirm: true } });
    expect((await admin.c.post(ops('/confirm'), { type: 'totp', code: totpNow(admin.secret) })).status).toBe(200);
    expect((await admin.c.post(ops('/operators'), { ...body, reason: ' ' })).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'reason' } });
    const invited = await admin.c.post(ops('/operators'), body);
    expect(invited.body.result).toMatchObject({ email: 'viewer@ops.example', role: 'viewer', status: 'invited', createdBy: 'roles-admin@ops.example' });
    const [mail] = await mails(admin.c, 'viewer@ops.example');
    expect(mail!.subject).toBe('You are invited to the Unified ID ops console');
    expect(mail!.links.some((l) => l.includes('/ops/enrol#'))).toBe(true);
    const audit = (await admin.c.get(ops('/audit?target=operator:viewer@ops.example'))).body.result.items;
    expect(audit[0]).toMatchObject({ action: 'operator.invite', actorEmail: 'roles-admin@ops.example', actorRole: 'admin', reason: 'New colleague in ops', after: { role: 'viewer' } });
  });

  it('lets a viewer read but change nothing', async () => {
    const viewer = await enrolWithTotp('reader@ops.example', 'viewer');
    expect((await viewer.c.get(ops('/operators'))).status).toBe(200);
    expect((await viewer.c.get(ops('/audit'))).status).toBe(200);
    const refused = await viewer.c.post(ops('/operators'), { email: 'x@ops.example', role: 'admin', reason: 'let me in' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: E.permissionDenied, result: { needs: 'operators', role: 'viewer' } });
    const id = (await viewer.c.get(ops('/me'))).body.result.id as string;
    expect((await viewer.c.req('PUT', ops(`/operators/${id}`), { body: { role: 'admin', reason: 'promote myself' } })).body.errorCode).toBe(E.permissionDenied);
  });

  it('changes a role (signing the operator out) and never leaves the console without an admin', async () => {
    const other = await enrolWithTotp('promoted@ops.example', 'viewer');
    const otherId = (await other.c.get(ops('/me'))).body.result.id as string;
    await admin.c.post(ops('/confirm'), { type: 'totp', code: totpNow(admin.secret, 1) });
    const changed = await admin.c.req('PUT', ops(`/operators/${otherId}`), { body: { role: 'support', reason: 'Joins the help desk' } });
    expect(changed.body.result).toMatchObject({ role: 'support', status: 'active' });
    expect((await other.c.get(ops('/me'))).status).toBe(401);
    const adminId = (await admin.c.get(ops('/me'))).body.result.id as string;
    // Every other admin of this file's server is disabled first: this one is then the last.
    const admins = (await admin.c.get(ops('/operators'))).body.result.filter((o: { role: string; status: string; id: string }) => o.role === 'admin' && o.status === 'active' && o.id !== adminId);
    for (const o of admins) expect((await admin.c.req('PUT', ops(`/operators/${o.id}`), { body: { disabled: true, reason: 'Left the team' } })).status).toBe(200);
    const last = await admin.c.req('PUT', ops(`/operators/${adminId}`), { body: { role: 'viewer', reason: 'Step down' } });
    expect(last.body).toMatchObject({ errorCode: E.permissionDenied, result: { lastAdmin: true } });
  });

  it('keeps the audit log append-only in the store, and exports it as JSON lines', async () => {
    const db = consoleStore(t.server.ctx);
    await expect(db.updateTable('ops_console_audit').set({ reason: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('ops_console_audit').execute()).rejects.toThrow(/append-only/);
    const exported = await admin.c.get(ops('/audit/export?actor=roles-admin@ops.example'));
    expect(exported.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = exported.text.trim().split('\n').map((l) => JSON.parse(l) as { actorEmail: string; action: string });
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.every((l) => l.actorEmail === 'roles-admin@ops.example')).toBe(true);
    expect(lines.map((l) => l.action)).toContain('operator.role');
    // The export itself is recorded, with its filter.
    const recorded = (await admin.c.get(ops('/audit?target=audit'))).body.result.items;
    expect(recorded[0]).toMatchObject({ action: 'audit.export', actorEmail: 'roles-admin@ops.example', after: { actor: 'roles-admin@ops.example' } });
  });
});

/** Every method and path under /api/ops, read from the server's route tree (printRoutes nests by common prefix). */
function consoleRoutes(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const stack: string[] = [];
  for (const line of t.server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[└├]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    if (m[3] && path.startsWith('/api/ops/')) for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push([method, path]);
  }
  return out;
}

describe('ops console: what is refused at the door', () => {
  it("refuses an end user's token on every console route, and answers nothing to a cross-site page", async () => {
    const user = new Client(t.base);
    await signIn(user, 'demo@example.com', DEMO_PASSWORD);
    expect(user.accessToken).toBeTruthy();
    const paths = consoleRoutes().map(([m, path]) => [m, path.replace(':id', 'x')] as const);
    expect(paths.length).toBeGreaterThanOrEqual(17);
    for (const [method, path] of paths) {
      const res = await user.req(method, path, { auth: true, body: method === 'GET' ? undefined : {} });
      expect([method, path, res.status, res.body.errorCode]).toEqual([method, path, 401, E.unauthorized]);
    }
    // The portal's SSO cookie is no operator either.
    expect((await user.get(ops('/me'))).status).toBe(401);
    // Without the portal's header (a form post, a no-cors fetch, an <img>): refused before anything.
    const { c } = await enrolWithTotp('door@ops.example', 'viewer');
    expect((await c.get(ops('/me'), { portal: false })).status).toBe(403);
    expect((await c.post(ops('/sign-out'), {}, { portal: false, headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await c.get(ops('/me'))).status).toBe(200);
  });

  it("limits password guesses per address and network, yet a stranger's guesses elsewhere do not keep the operator out", async () => {
    await enrolWithTotp('guessed@ops.example', 'viewer');
    const attacker = new Client(t.base, { 'X-Forwarded-For': '203.0.113.7' });
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await attacker.post(ops('/sign-in'), { email: 'guessed@ops.example', password: `wrong-${i}-password` })).body.errorCode;
    expect(last).toBe(E.rateLimited);
    // The attacker's network is stopped for this address; the operator, elsewhere, signs in.
    expect((await attacker.post(ops('/sign-in'), { email: 'guessed@ops.example', password: PASSWORD })).body.errorCode).toBe(E.rateLimited);
    const operator = new Client(t.base, { 'X-Forwarded-For': '198.51.100.20' });
    expect((await operator.post(ops('/sign-in'), { email: 'guessed@ops.example', password: PASSWORD })).body.result).toEqual({ methods: ['totp'] });
  });

  it('counts wrong second factors per operator, across sign-ins: a new sign-in brings no new guesses', async () => {
    const { secret } = await enrolWithTotp('factor-guess@ops.example', 'viewer');
    t.clock.advance(30_000);
    const c = new Client(t.base, { 'X-Forwarded-For': '192.0.2.44' });
    const wrong = () => c.post(ops('/sign-in/totp'), { type: 'totp', code: totpNow(secret) === '000000' ? '000001' : '000000' });
    for (let round = 0; round < 2; round++) {
      expect((await c.post(ops('/sign-in'), { email: 'factor-guess@ops.example', password: PASSWORD })).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await wrong()).body.errorCode).toBe(E.mfaCodeError);
    }
    expect((await c.post(ops('/sign-in'), { email: 'factor-guess@ops.example', password: PASSWORD })).status).toBe(200);
    // Ten wrong in 15 minutes: even the right code waits now.
    expect((await c.post(ops('/sign-in/totp'), { type: 'totp', code: totpNow(secret) })).body.errorCode).toBe(E.rateLimited);
  });
});

/** A GET of exactly this path (fetch would normalise `./`, `../` and `%2e` before sending). */
function rawGet(base: string, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http.get({ hostname, port, path: rawPath }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

describe("ops console: the signed-in console's code", () => {
  it("goes to a signed-in operator only, marked private; the sign-in page's is anyone's", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-ops-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    for (const name of ['plugin-ops-console-SignedInConsole-abc123.js', 'plugin-ops-console-SignedInConsole-abc123.js.map', 'plugin-ops-console-ConsoleApp-def456.js']) fs.writeFileSync(path.join(dist, 'assets', name), 'export {};');
    const own = await startServer({ distDir: dist });
    try {
      const stranger = new Client(own.base);
      const code = '/assets/plugin-ops-console-SignedInConsole-abc123.js';
      expect((await stranger.get(code)).status).toBe(404);
      expect((await stranger.get(`${code}.map`)).status).toBe(404);
      // Spelled otherwise, the same file: still not served (the attack review's bypasses).
      for (const spelled of ['/assets/%70lugin-ops-console-SignedInConsole-abc123.js', '/assets/%70lugin-ops-console-SignedInConsole-abc123.js.map', '/assets//plugin-ops-console-SignedInConsole-abc123.js', '/assets/./plugin-ops-console-SignedInConsole-abc123.js', '/assets/x/../plugin-ops-console-SignedInConsole-abc123.js', '/assets/%2e/plugin-ops-console-SignedInConsole-abc123.js', '/%61ssets/plugin-ops-console-SignedInConsole-abc123.js', '/assets/plugin-ops-console-%53ignedInConsole-abc123.js']) {
        expect([spelled, await rawGet(own.base, spelled)]).toEqual([spelled, 404]);
      }
      expect((await stranger.get('/assets/plugin-ops-console-ConsoleApp-def456.js')).status).toBe(200);
      // A password alone (the second step pending) is no operator yet.
      const { link } = await inviteOperator(own.server.ctx, { email: 'code@ops.example', role: 'viewer', by: CLI_ACTOR, reason: 'test', lastsMs: CLI_INVITE_MS });
      const operator = new Client(own.base);
      const token = tokenOf(link);
      const { secret } = (await operator.post(ops('/enrol/totp'), { token })).body.result;
      const code6 = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: own.server.ctx.now() });
      await operator.post(ops('/enrol/complete'), { token, password: PASSWORD, factor: { type: 'totp', code: code6 } });
      const served = await operator.get(code);
      expect([served.status, served.headers.get('cache-control')]).toEqual([200, 'private, max-age=31536000, immutable']);
      await operator.post(ops('/sign-out'));
      await operator.post(ops('/sign-in'), { email: 'code@ops.example', password: PASSWORD });
      expect((await operator.get(code)).status).toBe(404);
    } finally {
      await own.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('ops console: two admins at once', () => {
  it('never both leave: of two admins disabling each other at the same time, one is refused', async () => {
    const own = await startServer();
    try {
      const enrol = async (email: string) => {
        const { link } = await inviteOperator(own.server.ctx, { email, role: 'admin', by: CLI_ACTOR, reason: 'test', lastsMs: CLI_INVITE_MS });
        const token = tokenOf(link);
        const c = new Client(own.base);
        const { secret } = (await c.post(ops('/enrol/totp'), { token })).body.result;
        const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: own.server.ctx.now() });
        await c.post(ops('/enrol/complete'), { token, password: PASSWORD, factor: { type: 'totp', code } });
        return { c, id: (await c.get(ops('/me'))).body.result.id as string };
      };
      const a = await enrol('admin-a@ops.example');
      const b = await enrol('admin-b@ops.example');
      const [byA, byB] = await Promise.all([a.c.req('PUT', ops(`/operators/${b.id}`), { body: { disabled: true, reason: 'You go' } }), b.c.req('PUT', ops(`/operators/${a.id}`), { body: { disabled: true, reason: 'No, you go' } })]);
      // The one who went second is refused: as the last admin (both checked in at once) or as disabled already (one after the other).
      const [first, second] = byA.status === 200 ? [byA, byB] : [byB, byA];
      expect(first.status).toBe(200);
      if (second.status === 403) expect(second.body.result).toEqual({ lastAdmin: true });
      else expect(second.status).toBe(401);
      const admins = await consoleStore(own.server.ctx).selectFrom('ops_console_operators').select('email').where('role', '=', 'admin').where('status', '=', 'active').execute();
      expect(admins).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
