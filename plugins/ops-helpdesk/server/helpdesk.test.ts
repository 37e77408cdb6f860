/**
 * The help desk's calls against a real server (SQLite, and PostgreSQL with scripts/test-postgres.sh):
 * a look-up in whichever region the account lives (audited, rate limited, "no account" for an
 * unknown address), what each installed feature tells of it, and each action: refused without the
 * `helpdesk` permission and without a reason, recorded in the owner's activity as the help desk's,
 * mailed in the owner's language, appended to the audit log with the state before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E, type RegionCode, type SecurityEventsResult } from '@portal/plugin-api/contract';
import { accountRow, createAccount, type AccountTable } from '@portal/server-api';
import { Client, DEMO_PASSWORD, enrolOperator, mails, operatorCode, signIn, startServer, type TestServer } from '../../../server/test/harness';
import { HELPDESK_CALLS as C, type HelpdeskAccount, type HelpdeskActionResult, type HelpdeskLookup } from '../contract';
import { LOOKUP_LIMIT } from './routes';

let t: TestServer;
let support: { c: Client; secret: string };
let viewer: { c: Client; secret: string };
beforeAll(async () => {
  t = await startServer();
  support = await enrolOperator(t, 'sam.support@ops.example', 'support');
  viewer = await enrolOperator(t, 'vik.viewer@ops.example', 'viewer');
});
afterAll(async () => t.close());

const ops = (path: string) => `/api/ops${path}`;
const PASSWORD = 'Helpdesk-user-2026';

/** An account of `region`, activated unless `pending`, in `language`. */
async function person(email: string, region: RegionCode, extra: Partial<AccountTable> = {}, pending = false): Promise<AccountTable> {
  const ctx = t.server.ctx;
  const row = { ...accountRow(ctx, { email, passwordHash: await ctx.passwords.hash(PASSWORD), firstName: 'Ada', lastName: 'Lovelace', language: 'de_DE', activated: !pending, privacyVersion: ctx.options.privacyPolicyVersion }), ...extra };
  return createAccount(ctx, region, row);
}

async function lookUp(c: Client, email: string): Promise<HelpdeskAccount | null> {
  const res = await c.post<{ result: HelpdeskLookup }>(ops(C.lookup), { email });
  expect(res.status).toBe(200);
  return res.body.result.account;
}

async function activityOf(email: string, password = PASSWORD) {
  const user = new Client(t.base);
  await signIn(user, email, password);
  const id = (await user.get('/api/user-info', { auth: true })).body.result?.accountId as string | undefined;
  const events = await user.get<{ result: SecurityEventsResult }>(`/api/account/${id}/security-events`, { auth: true });
  return events.body.result.events;
}

async function auditOf(target: string) {
  return (await support.c.get(ops(`/audit?target=${encodeURIComponent(target)}`))).body.result.items as Array<{ action: string; actorEmail: string; actorRole: string; reason: string | null; before: unknown; after: unknown }>;
}

describe('help desk: finding an account', () => {
  it('finds an account in whichever region it lives, with what each feature tells of it; an unknown address is "no account"; every look-up is audited', async () => {
    await person('use.person@example.com', 'Use');
    const found = await lookUp(viewer.c, 'Use.Person@Example.com');
    expect(found).toMatchObject({ email: 'use.person@example.com', region: 'Use', status: 'active', lockedUntil: null, twoFactor: { enabled: false, methods: [] }, sessions: [], language: 'de_DE' });
    // The installed features answer through the accountFacts point.
    expect(found!.facts.map((f) => f.id).sort()).toEqual(['company', 'passkeys', 'recoveryCodes', 'trustedDevices']);
    expect(found!.facts.find((f) => f.id === 'passkeys')).toMatchObject({ count: 0 });

    expect(await lookUp(viewer.c, 'nobody@example.com')).toBeNull();
    const audit = await auditOf('account:nobody@example.com');
    expect(audit[0]).toMatchObject({ action: 'account.lookup', actorEmail: 'vik.viewer@ops.example', actorRole: 'viewer', after: { found: false } });
    expect((await auditOf('account:use.person@example.com'))[0]).toMatchObject({ action: 'account.lookup', after: { found: true, region: 'Use' } });
  });

  it('limits look-ups per operator', async () => {
    const busy = await enrolOperator(t, 'busy.reader@ops.example', 'viewer');
    for (let i = 0; i < LOOKUP_LIMIT; i++) expect((await busy.c.post(ops(C.lookup), { email: `someone${i}@example.com` })).status).toBe(200);
    const refused = await busy.c.post(ops(C.lookup), { email: 'one.more@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe(E.rateLimited);
    // Another operator is not held up.
    expect((await viewer.c.post(ops(C.lookup), { email: 'one.more@example.com' })).status).toBe(200);
  });

  it('counts an action as a look-up and audits it whatever it finds: its 404 or 409 tells whether an account exists (attack review of issue 28)', async () => {
    const prober = await enrolOperator(t, 'pia.prober@ops.example', 'support');
    const missing = await prober.c.post(ops(C.unlock), { email: 'nobody.here@example.com', reason: 'checking account' });
    expect(missing.status).toBe(404);
    expect((await auditOf('account:nobody.here@example.com'))[0]).toMatchObject({ action: 'account.unlock', actorEmail: 'pia.prober@ops.example', reason: 'checking account', after: { refused: E.accountNotExist } });
    for (let i = 1; i < LOOKUP_LIMIT; i++) await prober.c.post(ops(C.unlock), { email: `probe${i}@example.com`, reason: 'checking account' });
    const stopped = await prober.c.post(ops(C.unlock), { email: 'probe.last@example.com', reason: 'checking account' });
    expect([stopped.status, stopped.body.errorCode]).toEqual([429, E.rateLimited]);
  });
});

describe('help desk: actions', () => {
  it('unlocks a locked account: the owner signs in again, reads it in their activity and gets the mail in their language; audited with before and after', async () => {
    const now = t.server.ctx.now();
    await person('locked.person@example.com', 'Euw', { failed_attempts: 5, locked_until: now + 30 * 60_000, lock_count: 1 });
    const before = await lookUp(support.c, 'locked.person@example.com');
    expect(before!.lockedUntil).toBe(now + 30 * 60_000);

    // A reason is required.
    expect((await support.c.post(ops(C.unlock), { email: 'locked.person@example.com', reason: ' ' })).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'reason' } });
    const res = await support.c.post<{ result: HelpdeskActionResult }>(ops(C.unlock), { email: 'locked.person@example.com', reason: 'Ticket 4711: locked out' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ done: 'unlock', account: { lockedUntil: null } });
    // Nothing more to unlock.
    expect((await support.c.post(ops(C.unlock), { email: 'locked.person@example.com', reason: 'Ticket 4711 again' })).body).toMatchObject({ result: { nothingToDo: 'unlock' } });

    const [mail] = await mails(support.c, 'locked.person@example.com');
    expect(mail!.subject).toBe('Ihr Unified-ID-Konto wurde von unserem Helpdesk entsperrt');
    expect(mail!.links.some((l) => l.endsWith('/accountSetting/security'))).toBe(true);

    const events = await activityOf('locked.person@example.com');
    expect(events.find((e) => e.kind === 'account_unlocked')).toMatchObject({ detail: { by: 'helpdesk' }, ip: null });

    const [again, entry] = (await auditOf('account:locked.person@example.com')).filter((e) => e.action === 'account.unlock');
    // The second, with nothing to do, is in the log too.
    expect(again).toMatchObject({ reason: 'Ticket 4711 again', after: { refused: E.badRequest } });
    expect(entry).toMatchObject({ actorEmail: 'sam.support@ops.example', actorRole: 'support', reason: 'Ticket 4711: locked out', before: { lockedUntil: now + 30 * 60_000 }, after: { lockedUntil: null } });
  });

  it('refuses every action to a viewer (403 -40005), whatever the body', async () => {
    await person('viewer.target@example.com', 'Euw', { locked_until: t.server.ctx.now() + 60_000 });
    for (const path of [C.unlock, C.resendActivation, C.signOut, C.removeTwoFactor, C.revokeTrustedDevices]) {
      const res = await viewer.c.post(ops(path), { email: 'viewer.target@example.com', reason: 'I want to help' });
      expect([path, res.status, res.body.errorCode, res.body.result]).toEqual([path, 403, E.permissionDenied, { needs: 'helpdesk', role: 'viewer' }]);
    }
    expect((await lookUp(viewer.c, 'viewer.target@example.com'))!.lockedUntil).not.toBeNull();
  });

  it('resends the activation mail of a pending account only', async () => {
    await person('pending.person@example.com', 'Aps', {}, true);
    expect((await lookUp(support.c, 'pending.person@example.com'))!.status).toBe('pending');
    const res = await support.c.post<{ result: HelpdeskActionResult }>(ops(C.resendActivation), { email: 'pending.person@example.com', reason: 'Mail never arrived' });
    expect(res.status).toBe(200);
    const [mail] = await mails(support.c, 'pending.person@example.com');
    expect(mail!.links.some((l) => l.includes('activation'))).toBe(true);
    expect(res.body.result.account.activity[0]).toMatchObject({ kind: 'activation_mail_sent', detail: { by: 'helpdesk' } });
    await person('active.person@example.com', 'Aps');
    expect((await support.c.post(ops(C.resendActivation), { email: 'active.person@example.com', reason: 'Mail never arrived' })).body.errorCode).toBe(E.alreadyActivated);
    expect((await support.c.post(ops(C.resendActivation), { email: 'nobody.at.all@example.com', reason: 'Mail never arrived' })).body.errorCode).toBe(E.accountNotExist);
  });

  it('signs an account out everywhere: its token stops working', async () => {
    const user = new Client(t.base);
    await signIn(user, 'demo@example.com', DEMO_PASSWORD);
    expect((await user.get('/api/user-info', { auth: true })).status).toBe(200);
    const found = await lookUp(support.c, 'demo@example.com');
    expect(found!.sessions.length).toBeGreaterThan(0);
    const res = await support.c.post<{ result: HelpdeskActionResult }>(ops(C.signOut), { email: 'demo@example.com', reason: 'Lost laptop, ticket 12' });
    expect(res.body.result).toMatchObject({ done: 'signOut', account: { sessions: [] } });
    expect(res.body.result.count).toBe(found!.sessions.length);
    expect((await user.get('/api/user-info', { auth: true })).status).toBe(401);
    expect(res.body.result.account.activity[0]).toMatchObject({ kind: 'sessions_ended', detail: { by: 'helpdesk', count: found!.sessions.length } });
    expect((await mails(support.c, 'demo@example.com'))[0]!.subject).toBe('Our help desk signed you out of Unified ID everywhere');
  });

  it('removes two-step verification only after a fresh second factor, with its trusted browsers', async () => {
    const account = await person('twofactor.person@example.com', 'Euw', { mfa_enabled: 1, mfa_email: 1, mfa_primary: 2 });
    const ctx = t.server.ctx;
    for (const trusted of ctx.extensions.all('trustedBrowser')) await trusted.remember(ctx, 'Euw', account.id, { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' });
    const before = await lookUp(support.c, 'twofactor.person@example.com');
    expect(before).toMatchObject({ twoFactor: { enabled: true, methods: [2] } });
    expect(before!.facts.find((f) => f.id === 'trustedDevices')).toMatchObject({ count: 1, items: [{ name: 'Chrome 131, Windows' }] });

    t.clock.advance(6 * 60_000);
    const body = { email: 'twofactor.person@example.com', reason: 'Phone lost, identity checked' };
    const refused = await support.c.post(ops(C.removeTwoFactor), body);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: E.mfaRequired, result: { confirm: true } });
    t.clock.advance(30_000);
    expect((await support.c.post(ops('/confirm'), { type: 'totp', code: operatorCode(t, support.secret) })).status).toBe(200);
    const res = await support.c.post<{ result: HelpdeskActionResult }>(ops(C.removeTwoFactor), body);
    expect(res.status).toBe(200);
    expect(res.body.result.account.twoFactor).toEqual({ enabled: false, methods: [] });
    expect(res.body.result.account.facts.find((f) => f.id === 'trustedDevices')).toMatchObject({ count: 0 });
    const kinds = res.body.result.account.activity.map((e) => [e.kind, e.detail?.by]);
    expect(kinds).toEqual(expect.arrayContaining([['mfa_disabled', 'helpdesk'], ['second_factor_reset', 'helpdesk']]));
    expect((await mails(support.c, 'twofactor.person@example.com'))[0]!.subject).toBe('Unser Helpdesk hat die Zwei-Faktor-Authentifizierung Ihres Unified-ID-Kontos entfernt');
    // The owner signs in with the password alone now.
    const user = new Client(t.base);
    await signIn(user, 'twofactor.person@example.com', PASSWORD);
    expect(user.accessToken).toBeTruthy();
  });

  it('revokes trusted browsers', async () => {
    const account = await person('trusted.person@example.com', 'Use');
    const ctx = t.server.ctx;
    for (const trusted of ctx.extensions.all('trustedBrowser')) {
      await trusted.remember(ctx, 'Use', account.id, { ip: null, userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' });
      await trusted.remember(ctx, 'Use', account.id, { ip: null, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15' });
    }
    const res = await support.c.post<{ result: HelpdeskActionResult }>(ops(C.revokeTrustedDevices), { email: 'trusted.person@example.com', reason: 'Shared computer' });
    expect(res.body.result).toMatchObject({ done: 'revokeTrustedDevices', count: 2 });
    expect(res.body.result.account.activity[0]).toMatchObject({ kind: 'trusted_device_revoked', detail: { by: 'helpdesk', count: 2 } });
    expect((await support.c.post(ops(C.revokeTrustedDevices), { email: 'trusted.person@example.com', reason: 'Shared computer' })).body.result).toEqual({ nothingToDo: 'revokeTrustedDevices' });
    expect((await mails(support.c, 'trusted.person@example.com'))[0]!.subject).toBe('Unser Helpdesk hat Ihre vertrauenswürdigen Browser widerrufen');
  });
});

describe('help desk: what is refused at the door', () => {
  it("refuses an end user's token on every help-desk call", async () => {
    const user = new Client(t.base);
    await signIn(user, 'demo@example.com', DEMO_PASSWORD);
    for (const path of Object.values(C)) {
      const res = await user.post(ops(path), { email: 'demo@example.com', reason: 'let me in' }, { auth: true });
      expect([path, res.status, res.body.errorCode]).toEqual([path, 401, E.unauthorized]);
    }
    // Without any console session either.
    expect((await new Client(t.base).post(ops(C.lookup), { email: 'demo@example.com' })).status).toBe(401);
  });
});
