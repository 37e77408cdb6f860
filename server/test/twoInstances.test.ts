/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: the test server
 * (this process, demo data seeded) and a peer process (server/test/peer.ts, SEED_DEMO off) with
 * the same PUBLIC_ORIGIN and limits. Requests alternate between them, and every rule that
 * security depends on holds as on one instance: the account lock counts exactly, the captcha
 * risk and the per-client rate limits are counted together, sessions and refresh tokens of one
 * are honoured by the other, reuse detection and the demo help desk's replay guard span both; and killing one (SIGKILL) mid-run
 * loses nothing it acknowledged. Runs in the PostgreSQL stage only (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { humanTrace } from './captchaTraces';
import { authorizeUrl, Client, DEMO_PASSWORD, pkce, signIn, startPeers, startServer, TEST_DATABASE_URL, type Peers, type Res, type TestServer } from './harness';
import { captchaStore } from '../../plugins/captcha/server/tables';

describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let t: TestServer;
  let peers: Peers;
  /** Base URLs of the two instances: `at(i)` alternates between them. */
  let one: string;
  let two: string;
  const at = (i: number) => (i % 2 === 0 ? one : two);

  beforeAll(async () => {
    t = await startServer({ trustProxy: 1, limits: { captchaAfterFailures: 3, captchaAfterRegistrations: 3, authPerMinute: 20 } });
    peers = await startPeers(t, 1);
    one = t.base;
    two = peers.bases[0]!;
  }, 60_000);
  afterAll(async () => {
    await peers?.stop();
    await t?.close();
  }, 30_000);

  /** A login session opened at `base` (redirect URIs are the public origin's, the first instance's). */
  async function loginSessionAt(base: string): Promise<string> {
    const res = await new Client(base).get(`${base}${authorizeUrl(one, { challenge: pkce().challenge })}`);
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!).searchParams.get('session_code')!;
  }

  /** A sign-in posted to `base` from `ip` on a login session opened at the other instance. */
  async function signInAt(base: string, ip: string, body: Record<string, unknown>): Promise<{ send(): Promise<Res> }> {
    const sessionCode = await loginSessionAt(base === one ? two : one);
    const c = new Client(base);
    return { send: () => c.post('/api/login', body, { headers: { session_code: sessionCode, 'X-Forwarded-For': ip } }) };
  }

  const codes = (results: Res[]) => results.map((r) => r.body?.errorCode as number | undefined);

  it('locks an account after exactly five wrong passwords when 50 arrive at once, split across both', async () => {
    const attempts = await Promise.all(Array.from({ length: 50 }, (_, i) => signInAt(at(i), `10.50.${i}.1`, { email: 'demo@example.com', password: 'Wrong-pass-1' })));
    const results = await Promise.all(attempts.map((a) => a.send()));
    const wrong = results.filter((r) => r.body.errorCode === E.wrongCredentials);
    expect(wrong.map((r) => r.body.result.failedAttempts as number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(codes(results).filter((c) => c === E.accountLocked)).toHaveLength(45);
    const row = await t.server.ctx.region('Euw').selectFrom('accounts').select(['failed_attempts', 'locked_until']).where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(5);
    expect(row.locked_until).toBeGreaterThan(Date.now());
    // Locked on both: the right password is refused by either.
    for (const base of [one, two]) expect((await (await signInAt(base, '10.51.0.1', { email: 'demo@example.com', password: DEMO_PASSWORD })).send()).body.errorCode).toBe(E.accountLocked);
  });

  it('demands the captcha after the configured failures from one client, whichever instance counted them; a puzzle of one opens a sign-in on the other', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 3; i++) {
      const res = await (await signInAt(at(i), ip, { email: 'admin@example.com', password: 'Wrong-pass-1' })).send();
      expect(res.body.errorCode).toBe(E.wrongCredentials);
    }
    const demanded = await (await signInAt(at(3), ip, { email: 'admin@example.com', password: DEMO_PASSWORD })).send();
    expect(demanded.body.errorCode).toBe(E.captchaRequired);
    expect((await (await signInAt(at(4), ip, { email: 'admin@example.com', password: DEMO_PASSWORD })).send()).body.errorCode).toBe(E.captchaRequired);

    // The frame's calls spread over both: challenge on one, images and answer on the other.
    const subject = new URL(demanded.body.result.captchaUrl as string).searchParams.get('for')!;
    const headers = { 'X-Forwarded-For': ip };
    const challenge = (await new Client(one).get(`/api/captcha/challenge?for=${subject}`, { headers })).body.result;
    const onTwo = new Client(two);
    for (const url of [challenge.imageUrl, challenge.pieceUrl] as string[]) expect((await onTwo.get(`${two}${new URL(url).pathname}`, { headers })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 800)); // the drag takes 680 ms: not verifiable sooner after the images
    const { target_x } = await captchaStore(t.server.ctx).selectFrom('captcha_challenges').select('target_x').where('id', '=', challenge.challengeId).executeTakeFirstOrThrow();
    const solved = await onTwo.post('/api/captcha/verify', { challengeId: challenge.challengeId, x: target_x, trail: humanTrace(target_x) }, { headers });
    expect(solved.status).toBe(200);
    const signedIn = await (await signInAt(one, ip, { email: 'admin@example.com', password: DEMO_PASSWORD, captchaToken: solved.body.result.token })).send();
    expect(signedIn.status).toBe(200);
    // The token was spent on one: the other refuses it.
    const again = await (await signInAt(two, ip, { email: 'admin@example.com', password: DEMO_PASSWORD, captchaToken: solved.body.result.token })).send();
    expect(again.body.errorCode).toBe(E.captchaRequired);
  });

  it('asks for the captcha after the configured registrations from one client when they arrive at once on both', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        new Client(at(i)).post('/api/register/captcha', { email: `twice.${i}@example.org`, password: 'Good-pass-1', regionCode: 'DE', firstName: 'New', lastName: 'User', language: 'en_US' }, { headers: { 'X-Forwarded-For': '192.0.2.80' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(codes(results).filter((c) => c === E.captchaRequired)).toHaveLength(5);
  });

  it('shares the per-client rate limit: 30 calls at once from one client, split across both, get 20 answers', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => new Client(at(i)).post('/api/auth/password-reset-request', { email: `nobody.${i}@example.com` }, { headers: { 'X-Forwarded-For': '198.51.100.30' } })),
    );
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
    expect(results.filter((r) => r.status !== 429).map((r) => r.body.errorCode)).toEqual(Array(20).fill(E.userNotExistOnReset));
    // Another client is not held back, on either instance.
    for (const base of [one, two]) expect((await new Client(base).post('/api/auth/password-reset-request', { email: 'nobody@example.com' }, { headers: { 'X-Forwarded-For': '198.51.100.31' } })).status).not.toBe(429);
  });

  it('honours the SSO cookie and the refresh token of one instance on the other', async () => {
    const browser = new Client(one);
    const first = await signIn(browser, 'owner@example.com', DEMO_PASSWORD);
    // The cookie, on the other instance: signed in, and the hand-off goes straight to the code.
    const elsewhere = new Client(two);
    elsewhere.cookies = new Map(browser.cookies);
    const logged = await elsewhere.post('/api/logged');
    expect(logged.body.result).toMatchObject({ loggedIn: true, email: 'owner@example.com' });
    const { verifier, challenge } = pkce();
    const handOff = await elsewhere.get(`${two}${authorizeUrl(one, { challenge })}`);
    expect(handOff.status).toBe(302);
    const code = new URL(handOff.headers.get('location')!).searchParams.get('code')!;
    const token = await elsewhere.post('/api/token', { grant_type: 'authorization_code', client_id: 'portal', code, code_verifier: verifier, redirect_uri: `${one}/token` });
    expect(token.status).toBe(200);
    // A refresh token issued by one, rotated by the other; the new access token works on the first.
    const rotated = await elsewhere.post('/api/refresh-token', { refreshToken: first.refreshToken });
    expect(rotated.status).toBe(200);
    expect((await browser.get('/api/user-info', { auth: `Bearer ${rotated.body.result.accessToken}` })).body.result.email).toBe('owner@example.com');
    // The demo help desk's replay guard is shared too: a JWT taken by one is refused by the other.
    const hop = await elsewhere.get(`${two}/api/helpdesk/sso?brand_id=7&locale_id=1&return_to=${encodeURIComponent(`${one}/demo-helpdesk/`)}`);
    const jwtPath = `${new URL(hop.headers.get('location')!).pathname}${new URL(hop.headers.get('location')!).search}`;
    expect((await browser.get(`${one}${jwtPath}`)).status).toBe(200);
    expect((await elsewhere.get(`${two}${jwtPath}`)).status).toBe(401);
  });

  it('detects refresh-token reuse across both: a retired token presented to one revokes what the other issued', async () => {
    const c = new Client(one);
    const first = await signIn(c, 'member@example.com', DEMO_PASSWORD);
    const second = await new Client(one).post('/api/refresh-token', { refreshToken: first.refreshToken });
    const third = await new Client(two).post('/api/refresh-token', { refreshToken: second.body.result.refreshToken });
    expect([second.status, third.status]).toEqual([200, 200]);
    // The first token again, after its successor was itself rotated elsewhere: theft.
    const replay = await new Client(one).post('/api/refresh-token', { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    expect((await new Client(two).post('/api/refresh-token', { refreshToken: third.body.result.refreshToken })).status).toBe(401);
    expect((await new Client(two).get('/api/user-info', { auth: `Bearer ${third.body.result.accessToken}` })).body.errorCode).toBe(E.invalidToken);
  });

  it('loses nothing the killed instance acknowledged', async () => {
    // Four sign-ins on the first (one after another: parallel ones from one client would count as
    // failures until they succeed, and the fourth would meet the captcha); their refresh tokens
    // rotate on the second, one after another per family, until it is killed.
    const families: Array<{ acknowledged: string; rotations: number }> = [];
    for (let i = 0; i < 4; i++) families.push({ acknowledged: (await signIn(new Client(one), 'applicant@example.com', DEMO_PASSWORD)).refreshToken, rotations: 0 });
    let total = 0;
    const rotating = families.map(async (family) => {
      const c = new Client(two);
      for (;;) {
        let res: Res;
        try {
          res = await c.post('/api/refresh-token', { refreshToken: family.acknowledged });
        } catch {
          return; // the instance is gone: this call was never answered
        }
        expect(res.status).toBe(200);
        family.acknowledged = res.body.result.refreshToken as string;
        family.rotations++;
        total++;
      }
    });
    while (total < 40) await new Promise((resolve) => setTimeout(resolve, 10));
    await peers.kill(0); // mid-run: calls are in flight
    await Promise.all(rotating);
    expect(families.every((f) => f.rotations > 0)).toBe(true);
    // Every acknowledged rotation is in the database: its token works on the survivor (a rotation
    // that was in flight and committed before the kill is within the reuse grace: the same pair).
    const afterKill = await Promise.all(families.map((f) => new Client(one).post('/api/refresh-token', { refreshToken: f.acknowledged })));
    expect(afterKill.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const res of afterKill) expect((await new Client(one).get('/api/user-info', { auth: `Bearer ${res.body.result.accessToken}` })).body.result.email).toBe('applicant@example.com');
  }, 30_000);
});
