import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, holdWrites, login, mails, signIn, startLogin, startPeers, startServer, type Peers, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ limits: { captchaAfterRegistrations: 1000 } });
});
afterAll(async () => t.close());

const ATTACKER_PASSWORD = 'Attacker-pass-1';
const VICTIM_PASSWORD = 'Victim-pass-1';

const reg = (email: string, password: string, over: Record<string, unknown> = {}) => ({
  email,
  password,
  regionCode: 'DE',
  firstName: 'Vera',
  lastName: 'Owner',
  language: 'en_US',
  ...over,
});

/** The token of the newest activation link in the outbox of `to`. */
async function newestActivationToken(c: Client, to: string): Promise<string> {
  const link = (await mails(c, to)).flatMap((m) => m.links).find((l) => l.includes('module=activation'));
  if (!link) throw new Error(`no activation mail to ${to}`);
  return decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
}

async function signInCode(c: Client, email: string, password: string): Promise<number | undefined> {
  const { sessionCode } = await startLogin(c);
  return (await login(c, sessionCode, { email, password })).body.errorCode;
}

describe('registering an address someone else registered and never activated', () => {
  it('the owner who registers later and opens the newest link signs in with their password; the earlier registrant cannot', async () => {
    const email = 'pre.registered@example.com';
    const attacker = new Client(t.base);
    const victim = new Client(t.base);

    expect((await attacker.post('/api/register/captcha', reg(email, ATTACKER_PASSWORD, { firstName: 'Mallory' }))).status).toBe(200);
    const attackerLink = await newestActivationToken(attacker, email);

    t.clock.advance(2 * 3600_000);
    const second = await victim.post('/api/register/captcha', reg(email, VICTIM_PASSWORD));
    expect(second.body).toMatchObject({ errorCode: E.notActivated, result: { email, mailSent: true } });
    const victimLink = await newestActivationToken(victim, email);
    expect(victimLink).not.toBe(attackerLink);
    expect((await mails(victim, email))[0]!.text).toContain('Vera');

    // The earlier link was mailed with the earlier password: it activates nothing any more.
    expect((await victim.post('/api/activations/verify', { token: attackerLink })).body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'expired' } });

    // Registered twice while pending: the link asks for the newest registration's password.
    expect((await victim.post('/api/activations/verify', { token: victimLink })).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'password', reason: 'contested' } });
    expect((await victim.post('/api/activations/verify', { token: victimLink, password: VICTIM_PASSWORD })).body.result).toEqual({ email, serviceUrl: null });
    expect(await signInCode(attacker, email, ATTACKER_PASSWORD)).toBe(E.wrongCredentials);
    const tokens = await signIn(victim, email, VICTIM_PASSWORD);
    expect(tokens.accessToken).toBeTruthy();
    expect((await victim.get('/api/user-info', { auth: true })).body.result).toMatchObject({ email, firstName: 'Vera' });

    // Afterwards the old link still changes nothing, and a third registration is refused.
    expect((await attacker.post('/api/activations/verify', { token: attackerLink })).body.errorCode).toBe(E.alreadyActivated);
    expect((await attacker.post('/api/register/captcha', reg(email, ATTACKER_PASSWORD))).body.errorCode).toBe(E.userExists);
    expect(await signInCode(attacker, email, ATTACKER_PASSWORD)).toBe(E.wrongCredentials);
  });

  it('a changed registration within the resend wait mails its new link at once: the earlier link is dead, the new one activates the later password (issue 27)', async () => {
    const email = 'quick.second@example.com';
    const attacker = new Client(t.base);
    const victim = new Client(t.base);
    await attacker.post('/api/register/captcha', reg(email, ATTACKER_PASSWORD));
    const attackerLink = await newestActivationToken(attacker, email);

    const second = await victim.post('/api/register/captcha', reg(email, VICTIM_PASSWORD));
    expect(second.body).toMatchObject({ errorCode: E.notActivated, result: { email, mailSent: true, resendAfterSeconds: 60 } });
    expect((await victim.post('/api/activations/verify', { token: attackerLink })).body.result).toEqual({ reason: 'expired' });
    const victimLink = await newestActivationToken(victim, email);
    expect(victimLink).not.toBe(attackerLink);
    expect((await victim.post('/api/activations/verify', { token: victimLink, password: VICTIM_PASSWORD })).status).toBe(200);
    expect(await signInCode(attacker, email, ATTACKER_PASSWORD)).toBe(E.wrongCredentials);
    expect((await signIn(victim, email, VICTIM_PASSWORD)).accessToken).toBeTruthy();
  });

  it('other details with the same password are a change too: the new link goes out at once', async () => {
    const email = 'renamed.quickly@example.com';
    const c = new Client(t.base);
    await c.post('/api/register/captcha', reg(email, VICTIM_PASSWORD));
    const first = await newestActivationToken(c, email);
    const again = await c.post('/api/register/captcha', reg(email, VICTIM_PASSWORD, { lastName: 'Owner-Smith' }));
    expect(again.body).toMatchObject({ errorCode: E.notActivated, result: { mailSent: true, resendAfterSeconds: 60 } });
    const second = await newestActivationToken(c, email);
    expect(second).not.toBe(first);
    expect((await c.post('/api/activations/verify', { token: second })).body.result).toEqual({ email, serviceUrl: null });
  });

  it('the same registration again within the wait sends nothing, says when Resend can, and leaves the earlier link working', async () => {
    const email = 'double.click@example.com';
    const c = new Client(t.base);
    await c.post('/api/register/captcha', reg(email, VICTIM_PASSWORD));
    const link = await newestActivationToken(c, email);
    t.clock.advance(15_000);
    const again = await c.post('/api/register/captcha', reg(email, VICTIM_PASSWORD, { language: 'de_DE' }));
    expect(again.body).toMatchObject({ errorCode: E.notActivated, result: { email, mailSent: false, resendAfterSeconds: 45 } });
    expect(await mails(c, email)).toHaveLength(1);
    expect((await c.post('/api/activations/verify', { token: link })).body.result).toEqual({ email, serviceUrl: null });
  });

  it('a later registration in another region leaves the account where it is, with the region to confirm at sign-in', async () => {
    const email = 'other.region@example.com';
    const attacker = new Client(t.base);
    const victim = new Client(t.base);
    await attacker.post('/api/register/captcha', reg(email, 'Attacker-pass-10', { regionCode: 'SG' }));
    t.clock.advance(61_000);
    expect((await victim.post('/api/register/captcha', reg(email, VICTIM_PASSWORD))).body.result).toMatchObject({ mailSent: true });
    expect((await victim.post('/api/activations/verify', { token: await newestActivationToken(victim, email), password: VICTIM_PASSWORD })).status).toBe(200);
    const { sessionCode } = await startLogin(victim);
    const res = await login(victim, sessionCode, { email, password: VICTIM_PASSWORD });
    expect(res.body).toMatchObject({ errorCode: E.regionRequired, result: { email, regionCode: 'Euw' } });
  });
});

describe('someone registering the address again after its owner', () => {
  it("the owner's next click does not activate the later password: the link wants the newest registration's password", async () => {
    const email = 'owner.first@example.com';
    const owner = new Client(t.base);
    const attacker = new Client(t.base);
    await owner.post('/api/register/captcha', reg(email, VICTIM_PASSWORD));
    const ownerLink = await newestActivationToken(owner, email);

    t.clock.advance(61_000);
    await attacker.post('/api/register/captcha', reg(email, ATTACKER_PASSWORD, { firstName: 'Mallory' }));
    const attackerLink = await newestActivationToken(owner, email); // mailed to the owner's inbox
    expect(attackerLink).not.toBe(ownerLink);
    expect((await owner.post('/api/activations/verify', { token: ownerLink, password: VICTIM_PASSWORD })).body).toMatchObject({ errorCode: E.tokenExpired });

    // The owner follows the newest mail: without a password, or with their own, nothing is activated.
    expect((await owner.post('/api/activations/verify', { token: attackerLink })).body.errorCode).toBe(E.invalidParameter);
    expect((await owner.post('/api/activations/verify', { token: attackerLink, password: VICTIM_PASSWORD })).body).toMatchObject({ errorCode: E.wrongCredentials, result: { field: 'password', reason: 'contested' } });
    expect(await signInCode(attacker, email, ATTACKER_PASSWORD)).toBe(E.notActivated);

    // The owner registers again and activates the newest link with their password; the attacker's fails.
    t.clock.advance(61_000);
    await owner.post('/api/register/captcha', reg(email, VICTIM_PASSWORD));
    const ownersAgain = await newestActivationToken(owner, email);
    expect((await owner.post('/api/activations/verify', { token: ownersAgain, password: VICTIM_PASSWORD })).body.result).toEqual({ email, serviceUrl: null });
    expect(await signInCode(attacker, email, ATTACKER_PASSWORD)).toBe(E.wrongCredentials);
    expect((await signIn(owner, email, VICTIM_PASSWORD)).accessToken).toBeTruthy();
  });

  it('a registration that was never contested activates from its link alone, as the spec says; so does one repeated with the same password', async () => {
    const c = new Client(t.base);
    await c.post('/api/register/captcha', reg('plain.one@example.com', VICTIM_PASSWORD));
    expect((await c.post('/api/activations/verify', { token: await newestActivationToken(c, 'plain.one@example.com') })).body.result).toEqual({ email: 'plain.one@example.com', serviceUrl: null });

    await c.post('/api/register/captcha', reg('plain.twice@example.com', VICTIM_PASSWORD));
    t.clock.advance(61_000);
    expect((await c.post('/api/register/captcha', reg('plain.twice@example.com', VICTIM_PASSWORD))).body).toMatchObject({ errorCode: E.notActivated, result: { mailSent: true } });
    const token = await newestActivationToken(c, 'plain.twice@example.com');
    expect((await c.post('/api/activations/verify', { token })).body.result).toEqual({ email: 'plain.twice@example.com', serviceUrl: null });
  });
});

describe('a registration racing the activation of an earlier link', () => {
  let r: TestServer;
  let peers: Peers;
  beforeAll(async () => {
    r = await startServer({ limits: { captchaAfterRegistrations: 1000 }, seedDemo: false });
    peers = await startPeers(r, 2);
  }, 60_000);
  afterAll(async () => {
    await peers?.stop();
    await r?.close();
  });

  // Writes held until both requests have read (the link valid, the account pending): either the
  // link activates the earlier password and the registration finds an active account, or the
  // registration replaces the password and the link is refused; never both.
  it.each([0, 1, 2])('round %i: the link activates the password it was mailed with, or nothing', async (round) => {
    const email = `race.${round}@example.com`;
    const c = new Client(r.base);
    await c.post('/api/register/captcha', reg(email, ATTACKER_PASSWORD));
    const link = await newestActivationToken(c, email);
    const release = await holdWrites(r, 'euw', ['accounts', 'one_time_tokens']);
    let held = true;
    try {
      const sent = Promise.all([
        new Client(peers.bases[0]!).post('/api/activations/verify', { token: link }),
        new Client(peers.bases[1]!).post('/api/register/captcha', reg(email, VICTIM_PASSWORD)),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 400));
      held = false;
      await release();
      const [activation, registration] = await sent;
      const signInWith = async (password: string) => {
        const s = new Client(r.base);
        const { sessionCode } = await startLogin(s);
        return (await login(s, sessionCode, { email, password })).body.errorCode as number | undefined;
      };
      if (activation.status === 200) {
        expect(registration.body.errorCode).toBe(E.userExists);
        expect(await signInWith(VICTIM_PASSWORD)).toBe(E.wrongCredentials);
        expect(await signInWith(ATTACKER_PASSWORD)).toBeUndefined();
      } else {
        expect(activation.body).toMatchObject({ errorCode: E.tokenExpired });
        expect(registration.body.errorCode).toBe(E.notActivated);
        expect(await signInWith(ATTACKER_PASSWORD)).toBe(E.wrongCredentials);
        expect(await signInWith(VICTIM_PASSWORD)).toBe(E.notActivated);
      }
    } finally {
      if (held) await release();
    }
  });
});
