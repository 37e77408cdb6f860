import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, mails, signIn, startServer, withMailQueueDown, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ limits: { captchaAfterRegistrations: 1000 } });
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const md5 = (b: Buffer) => crypto.createHash('md5').update(b).digest('hex');

function upload(file: Buffer, name: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)]), name);
  return form;
}

const reg = (over: Record<string, unknown> = {}) => ({ email: 'new.user@example.com', password: 'Good-pass-1', regionCode: 'DE', firstName: 'New', lastName: 'User', language: 'fr_FR', ...over });

describe('registration', () => {
  it('enforces the server-side rules of spec section 5', async () => {
    const c = new Client(t.base);
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ email: 'not-an-email' }, E.invalidEmail],
      [{ email: `${'a'.repeat(60)}@example.com` }, E.invalidEmail],
      [{ email: 'someone@corp.internal' }, E.invalidEmail],
      [{ password: 'short1' }, E.invalidPasswordFormat],
      [{ password: 'onlyletters' }, E.invalidPasswordFormat],
      [{ password: 'Has space 1' }, E.invalidPasswordFormat],
      [{ password: `Aa1${'x'.repeat(30)}` }, E.invalidPasswordFormat],
      [{ password: 'Good-pas1', regionCode: 'SG' }, E.invalidPasswordFormat],
      [{ regionCode: 'ZZ' }, E.regionCodeInvalid],
      [{ firstName: '' }, E.invalidParameter],
      [{ firstName: 'a'.repeat(101) }, E.invalidParameter],
      [{ lastName: 'Emoji 😀' }, E.invalidParameter],
      [{ lastName: 'semi;colon' }, E.invalidParameter],
      [{ phone: '1234567890123456' }, E.invalidParameter],
      [{ productLine: '<script>' }, E.invalidProductLine],
    ];
    for (const [over, code] of cases) {
      const res = await c.post('/api/register/captcha', reg(over));
      expect([JSON.stringify(over), res.body.errorCode]).toEqual([JSON.stringify(over), code]);
    }
    const sg = await c.post('/api/register/captcha', reg({ email: 'sg.user@example.com', password: 'Good-pass-10', regionCode: 'SG' }));
    expect(sg.body.result).toEqual({ email: 'sg.user@example.com', region: 'Aps', activated: false });
  });

  it('registers, mails the activation link in the user language and activates once', async () => {
    const c = new Client(t.base);
    const res = await c.post('/api/register/captcha', reg());
    expect(res.body.result).toEqual({ email: 'new.user@example.com', region: 'Euw', activated: false });
    const mail = (await mails(c, 'new.user@example.com'))[0]!;
    expect(mail.subject).toBe('Activez votre Unified ID');
    expect(mail.text).toContain('Bonjour New');
    expect(await t.server.ctx.region('Use').selectFrom('accounts').select('id').where('email', '=', 'new.user@example.com').executeTakeFirst()).toBeUndefined();
    const again = await c.post('/api/register/captcha', reg());
    expect(again.body.errorCode).toBe(E.notActivated);
    const wait = await c.post('/api/activations/email', { email: 'new.user@example.com', language: 'en_US' });
    expect(wait.body.errorCode).toBe(E.rateLimited);
    t.clock.advance(61_000);
    const resent = await c.post('/api/activations/email', { email: 'new.user@example.com', language: 'en_US' });
    expect(resent.body.result.resendAfterSeconds).toBe(60);
    const latest = (await mails(c, 'new.user@example.com'))[0]!;
    expect(latest.subject).toBe('Activate your Unified ID');
    const token = new URL(latest.links[0]!).hash.replace('#token=', '');
    const done = await c.post('/api/activations/verify', { token });
    expect(done.body.result).toEqual({ email: 'new.user@example.com', serviceUrl: null });
    expect((await c.post('/api/activations/email', { email: 'new.user@example.com' })).body.errorCode).toBe(E.alreadyActivated);
    expect((await c.post('/api/activations/email', { email: 'ghost@example.com' })).body.errorCode).toBe(E.accountNotExist);
    expect((await c.post('/api/register/captcha', reg())).body.errorCode).toBe(E.userExists);
    expect((await c.post('/api/register/captcha', reg({ email: 'NEW.User@Example.com' }))).body.errorCode).toBe(E.userExists);
  });

  it('registers one of two racing requests for the same email', async () => {
    const c = new Client(t.base);
    const results = await Promise.all(Array.from({ length: 5 }, () => c.post('/api/register/captcha', reg({ email: 'twin@example.com' }))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.errorCode === E.userExists || r.body.errorCode === E.notActivated)).toHaveLength(4);
  });

  it('asks for a captcha after several registrations from one client', async () => {
    const t2 = await startServer({ limits: { captchaAfterRegistrations: 1 }, seedDemo: false });
    try {
      const c = new Client(t2.base);
      expect((await c.post('/api/register/captcha', reg({ email: 'one@example.com', terminalUUID: 'T1' }))).status).toBe(200);
      const second = await c.post('/api/register/captcha', reg({ email: 'two@example.com', terminalUUID: 'T1' }));
      expect(second.body.errorCode).toBe(E.captchaRequired);
      expect(second.body.result.serviceRegion).toBe('Euw');
    } finally {
      await t2.close();
    }
  });

  it('rolls the account back when the activation mail cannot be queued', async () => {
    const c = new Client(t.base);
    const res = await withMailQueueDown(t, () => c.post('/api/register/captcha', reg({ email: 'nomail@example.com' })));
    expect(res.body.errorCode).toBe(E.registerFailed);
    expect(await t.server.ctx.stores.global.selectFrom('directory').select('email').where('email', '=', 'nomail@example.com').executeTakeFirst()).toBeUndefined();
    expect((await c.post('/api/register/captcha', reg({ email: 'nomail@example.com' }))).status).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a link, waits 60 s between mails, sets the new password and ends sessions', async () => {
    const c = new Client(t.base);
    const tokens = await signIn(c, 'admin@example.com', DEMO_PASSWORD);
    expect((await c.post('/api/auth/password-reset-request', { email: 'ghost@example.com' })).body.errorCode).toBe(E.userNotExistOnReset);
    const res = await c.post('/api/auth/password-reset-request', { email: 'admin@example.com', language: 'de_DE' });
    expect(res.status).toBe(200);
    const wait = await c.post('/api/auth/password-reset-request', { email: 'admin@example.com' });
    expect(wait.body.errorCode).toBe(E.resetMailWait);
    expect(wait.body.result.retryAfterSeconds).toBeGreaterThan(0);
    const mail = (await mails(c, 'admin@example.com'))[0]!;
    expect(mail.subject).toBe('Passwort Ihrer Unified ID zurücksetzen');
    const link = new URL(mail.links[0]!);
    expect(link.searchParams.get('lang')).toBe('de_DE');
    const token = decodeURIComponent(link.hash.replace('#token=', ''));
    const weak = await c.post('/api/password-reset', { token, password: 'weak' });
    expect(weak.body.errorCode).toBe(E.invalidPasswordFormat);
    const mismatch = await c.post('/api/password-reset', { token, password: 'Reset-pass-1', confirmPassword: 'Reset-pass-9' });
    expect(mismatch.body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'confirmPassword' } });
    const done = await c.post('/api/password-reset', { token, password: 'Reset-pass-1', confirmPassword: 'Reset-pass-1' });
    expect(done.body.result).toEqual({ email: 'admin@example.com', serviceUrl: null });
    expect((await c.post('/api/password-reset', { token, password: 'Reset-pass-2' })).body.errorCode).toBe(E.tokenExpired);
    expect((await c.get('/api/user-info', { auth: `Bearer ${tokens.accessToken}` })).status).toBe(401);
    const fresh = await signIn(new Client(t.base), 'admin@example.com', 'Reset-pass-1');
    expect(fresh.accessToken).toBeTruthy();
  });

  it('reports a reset mail that cannot be queued with -5001 and lets the user retry at once', async () => {
    const c = new Client(t.base);
    expect((await withMailQueueDown(t, () => c.post('/api/auth/password-reset-request', { email: 'member@example.com' }))).body.errorCode).toBe(E.resetMailFailed);
    expect((await c.post('/api/auth/password-reset-request', { email: 'member@example.com' })).status).toBe(200);
  });
});

describe('profile', () => {
  it('reads and updates the profile with validation', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const me = (await c.get('/api/user-info', { auth: true })).body.result;
    expect(me).toMatchObject({ email: 'demo@example.com', firstName: 'Dana', identityProvider: 'vendorId', region: 'Euw', language: 'en_US' });
    const upd = await c.post('/api/account/updateInfo', { email: me.email, accountId: me.accountId, firstName: 'Dora', nickname: 'dd', jobTitle: 'CTO', country: 'fr', timezone: 'Europe/Paris', phone: '12345678', language: 'de_DE' }, { auth: true });
    expect(upd.body.result).toMatchObject({ firstName: 'Dora', nickname: 'dd', jobTitle: 'CTO', country: 'FR', timezone: 'Europe/Paris', phone: '12345678', language: 'de_DE' });
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ nickname: 'bad<nick' }, E.invalidNickname],
      [{ phone: '12' }, E.invalidParameter],
      [{ country: 'QQ' }, E.regionCodeInvalid],
      [{ language: 'xx_XX' }, E.invalidParameter],
      [{ accountId: 'someone-else' }, E.accountError],
      [{ email: 'other@example.com' }, E.accountError],
    ];
    for (const [over, code] of cases) {
      expect((await c.post('/api/account/updateInfo', { email: me.email, accountId: me.accountId, ...over }, { auth: true })).body.errorCode).toBe(code);
    }
  });

  it('reports conflicting account information', async () => {
    const c = new Client(t.base);
    await signIn(c, 'member@example.com', DEMO_PASSWORD).catch(async () => signIn(c, 'member@example.com', DEMO_PASSWORD));
    const info = await c.post('/api/accounts/conflictInfo', { email: 'member@example.com' }, { auth: true });
    expect(info.body.result).toEqual({ conflict: false, errorCode: null, reasons: [] });
    expect((await c.post('/api/accounts/conflictInfo', { email: 'x@example.com' }, { auth: true })).body.errorCode).toBe(E.accountError);
  });

  it('uploads avatars by magic bytes with MD5, size and name checks, and serves them safely', async () => {
    const c = new Client(t.base);
    await signIn(c, 'us@example.com', DEMO_PASSWORD);
    const me = (await c.get('/api/user-info', { auth: true })).body.result;
    const send = (file: Buffer, name: string, hash = md5(file)) => c.req('POST', '/api/accounts/avatar/upload', { auth: true, form: upload(file, name, { md5: hash, accountId: me.accountId }) });
    // Refused by content, with the reason the page shows (UploadRefusedResult), not just -10020.
    for (const fake of [Buffer.from('GIF89a......'), Buffer.from('<svg onload=alert(1)>'), Buffer.from('%PDF-1.4 xxx')]) {
      const refused = await send(fake, 'x.png');
      expect(refused.body).toMatchObject({ errorCode: E.invalidParameter, message: 'The avatar must be a PNG or JPG image.', result: { field: 'file', reason: 'type' } });
    }
    expect((await send(PNG, 'x.png', 'a'.repeat(32))).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'md5', reason: 'checksum' } });
    expect((await send(PNG, `${'n'.repeat(256)}.png`)).body.errorCode).toBe(E.avatarNameTooLong);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooBig = await send(big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errorCode).toBe(E.avatarTooLarge);
    const up = await send(JPG, 'me.gif');
    expect(up.status).toBe(200);
    const { avatarFileId, url } = up.body.result;
    expect(url).toBe(`${t.base}/api/files/use/${avatarFileId}`);
    const file = await c.get(url);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="me.gif"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, max-age=300');
    // An <img> sends no token: the unguessable URL alone shows the avatar.
    expect((await new Client(t.base).get(url)).status).toBe(200);
    const other = await c.post('/api/accounts/avatar/update', { avatarFileId, accountId: 'someone' }, { auth: true });
    expect(other.body.errorCode).toBe(E.accountError);
    const set = await c.post('/api/accounts/avatar/update', { avatarFileId, accountId: me.accountId }, { auth: true });
    expect(set.body.result.avatar).toBe(url);
    const fs = await import('node:fs');
    const stored = fs.readdirSync(`${t.dataDir}/uploads/use`);
    expect(stored).toContain(`${avatarFileId}.jpg`);
    expect((await c.get('/api/files/use/..%2F..%2Fglobal.sqlite')).status).toBe(404);
  });
});

describe('regions', () => {
  it('looks up data regions for countries and visitors', async () => {
    const c = new Client(t.base);
    expect((await c.get('/api/region?countryCode=sg')).body.result).toEqual({ regionCode: 'Aps', countryCode: 'SG' });
    expect((await c.get('/api/region?countryCode=US')).body.result.regionCode).toBe('Use');
    expect((await c.get('/api/region?countryCode=ZZ')).body.errorCode).toBe(E.regionCodeInvalid);
    expect((await c.get('/api/region')).body.errorCode).toBe(E.invalidParameter);
    expect((await c.get('/api/accounts/region', { headers: { 'Viewer-Country': 'BR' } })).body.result).toEqual({ regionCode: 'Use', countryCode: 'BR' });
    expect((await c.get('/api/accounts/region', { headers: { 'Accept-Language': 'de-AT,de;q=0.9' } })).body.result.regionCode).toBe('Euw');
    const list = (await c.get('/api/region/white-list')).body.result;
    expect(Object.keys(list)).toEqual(['Use', 'Aps', 'Euw']);
    const all = [...list.Use, ...list.Aps, ...list.Euw];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(240);
  });
});
