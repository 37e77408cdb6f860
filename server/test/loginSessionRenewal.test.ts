/**
 * Issue 27: a login page left open longer than its login session lives. The sign-in that follows
 * is answered -20679 with a fresh session code carrying the same request (client, redirect,
 * state, PKCE challenge), so the page keeps what was typed and its next submit works; before, the
 * answer held nothing and the page could only start over with an empty form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { LOGIN_REQUEST_MAX_AGE_MS, LOGIN_SESSION_RENEWABLE_MS } from '../domain/oauth';
import { DEFAULT_LIMITS } from '../options';
import { Client, DEMO_PASSWORD, finishHandOff, login, mails, startLogin, startServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ limits: { captchaAfterRegistrations: 1000 } });
});
afterAll(async () => t.close());

const DEMO = { email: 'demo@example.com', password: DEMO_PASSWORD };
const pastItsLife = () => t.clock.advance(DEFAULT_LIMITS.loginSessionSeconds * 1000 + 1000);

describe('an expired session code on POST /login', () => {
  it('answers -20679 with a fresh session code of the same request; the next sign-in hands off with the PKCE of the first', async () => {
    const c = new Client(t.base);
    const { verifier, sessionCode } = await startLogin(c);
    pastItsLife();
    const expired = await login(c, sessionCode, DEMO);
    expect(expired.status).toBe(400);
    expect(expired.body.errorCode).toBe(E.tokenExpired);
    const fresh = expired.body.result?.sessionCode as string;
    expect(fresh).toMatch(/^[\w-]{20,}$/);
    expect(fresh).not.toBe(sessionCode);
    // The old code is spent: it renews once, never again.
    const again = await login(c, sessionCode, DEMO);
    expect(again.body).toMatchObject({ errorCode: E.tokenExpired });
    expect(again.body.result?.sessionCode).toBeUndefined();

    const res = await login(c, fresh, DEMO);
    expect(res.status).toBe(200);
    expect(res.body.result.redirectParams.session_code).toBe(fresh);
    const tokens = await finishHandOff(c, res.body.result, verifier);
    expect(tokens.accessToken).toBeTruthy();
  });

  it('renews a connected service’s login session for that service (its branding and its redirect)', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c, { clientId: 'demo-service', redirectUri: `${t.base}/demo-service/callback` });
    pastItsLife();
    const fresh = (await login(c, sessionCode, DEMO)).body.result.sessionCode as string;
    expect((await c.get(`/api/client/custom/banner-and-logo?sessionCode=${fresh}`)).body.result).toMatchObject({ clientId: 'demo-service', title: 'Demo Service' });
  });

  it('never renews an unknown code, nor a login session already used to sign in', async () => {
    const c = new Client(t.base);
    expect((await login(c, 'unknown-code-1234567890', DEMO)).body.result?.sessionCode).toBeUndefined();
    const other = new Client(t.base);
    const { sessionCode } = await startLogin(other);
    expect((await login(other, sessionCode, DEMO)).status).toBe(200);
    pastItsLife();
    const res = await login(new Client(t.base), sessionCode, DEMO);
    expect(res.body.errorCode).toBe(E.tokenExpired);
    expect(res.body.result?.sessionCode).toBeUndefined();
  });

  it("renews only within a day of the code's end: an older one is spent for good", async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    t.clock.advance(DEFAULT_LIMITS.loginSessionSeconds * 1000 + LOGIN_SESSION_RENEWABLE_MS + 60_000);
    const res = await login(c, sessionCode, DEMO);
    expect(res.body.errorCode).toBe(E.tokenExpired);
    expect(res.body.result?.sessionCode).toBeUndefined();
  });

  it('a request lives at most a day however often it is renewed: a leaked code cannot be kept alive for ever', async () => {
    const c = new Client(t.base);
    let { sessionCode } = await startLogin(c);
    const renewals = Math.ceil(LOGIN_REQUEST_MAX_AGE_MS / (DEFAULT_LIMITS.loginSessionSeconds * 1000 + 1000));
    let renewed = 0;
    for (let i = 0; i < renewals + 2; i++) {
      pastItsLife();
      const fresh = (await login(c, sessionCode, DEMO)).body.result?.sessionCode as string | undefined;
      if (!fresh) break;
      sessionCode = fresh;
      renewed++;
    }
    expect(renewed).toBeGreaterThan(0);
    expect(renewed).toBeLessThan(renewals + 2);
    expect(renewed * (DEFAULT_LIMITS.loginSessionSeconds * 1000 + 1000)).toBeLessThanOrEqual(LOGIN_REQUEST_MAX_AGE_MS + DEFAULT_LIMITS.loginSessionSeconds * 1000 + 1000);
  });

  it('a registration sent with an expired session code still links its mail back to the service it started from', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c, { clientId: 'demo-service', redirectUri: `${t.base}/demo-service/callback` });
    pastItsLife();
    const email = 'late.register@example.com';
    const res = await c.post(
      '/api/register/captcha',
      { email, password: 'Late-pass-2024', regionCode: 'DE', firstName: 'Lena', lastName: 'Late', language: 'en_US' },
      { headers: { session_code: sessionCode } },
    );
    expect(res.status).toBe(200);
    const link = (await mails(c, email)).flatMap((m) => m.links).find((l) => l.includes('module=activation'))!;
    expect(new URL(link).searchParams.get('client')).toBe('demo-service');
  });
});
