/**
 * A trusted device ("Don't ask again on this device") against what a connected service asks for
 * over OpenID Connect: a multi-factor sign-in (`acr_values` naming the MFA context) always asks
 * the second factor; a re-authentication (`prompt=login`, an exceeded `max_age`) skips it on a
 * trusted device unless the deployment says `trustedDeviceAtReauth: 'ask'`. The ID token's
 * `amr`/`acr` say what really happened: a skipped second factor is `pwd` alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACR_MFA, ACR_PASSWORD } from '../oidc/signInContext';
import { Client, DEMO_PASSWORD, type TestServer, startServer } from './harness';
import { authorize, CALLBACK } from './oidcAuthorize';
import { MFA_EMAIL, signInWithTotp } from './secondFactorHelpers';

const MFA = { email: MFA_EMAIL, password: DEMO_PASSWORD };
const NO_MFA = { email: 'demo@example.com', password: DEMO_PASSWORD };
const ASK_MFA = { acr_values: ACR_MFA };

/** A browser trusted for the two-factor account, signed out (no portal session). */
async function trustedBrowser(t: TestServer): Promise<Client> {
  const c = new Client(t.base);
  await signInWithTotp(t, c, { trustDevice: true });
  expect([...c.cookies.keys()].some((name) => name.startsWith('uid_td_'))).toBe(true);
  c.cookies.delete('uid_sso');
  return c;
}

const PASSWORD_ONLY = { amr: ['pwd'], acr: ACR_PASSWORD };
const WITH_SECOND_FACTOR = { amr: ['pwd', 'otp', 'mfa'], acr: ACR_MFA };

describe('by default (a trusted device skips re-authentication’s second factor)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ clients: [{ id: 'rp', name: 'RP', redirectUris: [CALLBACK] }] });
  });
  afterAll(async () => t.close());

  it('a plain sign-in skips the second factor and says so: amr pwd, the password acr', async () => {
    const c = await trustedBrowser(t);
    expect(await authorize(t, c, MFA)).toMatchObject({ loginPage: true, secondFactorAsked: false, claims: PASSWORD_ONLY });
  });

  it.each([[{ prompt: 'login' }], [{ max_age: '0' }]])('%o while signed in: the password again, no second factor, amr pwd', async (extra) => {
    const c = await trustedBrowser(t);
    await authorize(t, c, MFA);
    expect(await authorize(t, c, MFA, extra)).toMatchObject({ loginPage: true, secondFactorAsked: false, claims: PASSWORD_ONLY });
  });

  it('acr_values naming the MFA context: the second factor is asked on a trusted device, and the token says mfa', async () => {
    const c = await trustedBrowser(t);
    expect(await authorize(t, c, MFA, ASK_MFA)).toMatchObject({ loginPage: true, secondFactorAsked: true, claims: WITH_SECOND_FACTOR });
  });

  it('does not offer "Don\'t ask again" where the second factor is demanded, and trusts nothing asked anyway', async () => {
    const c = new Client(t.base);
    expect(await authorize(t, c, MFA)).toMatchObject({ secondFactorAsked: true, trustOffered: true });
    const other = new Client(t.base);
    expect(await authorize(t, other, MFA, ASK_MFA, false, true)).toMatchObject({ secondFactorAsked: true, trustOffered: false, claims: WITH_SECOND_FACTOR });
    expect([...other.cookies.keys()].some((name) => name.startsWith('uid_td_'))).toBe(false);
  });

  it('acr_values naming the MFA context while signed in without a second factor: a fresh sign-in that asks it', async () => {
    const c = await trustedBrowser(t);
    expect(await authorize(t, c, MFA)).toMatchObject({ claims: PASSWORD_ONLY });
    expect(await authorize(t, c, MFA, ASK_MFA)).toMatchObject({ loginPage: true, secondFactorAsked: true, claims: WITH_SECOND_FACTOR });
    // That sign-in passed it: the session now answers the same request at once.
    expect(await authorize(t, c, MFA, ASK_MFA)).toMatchObject({ loginPage: false, claims: WITH_SECOND_FACTOR });
  });

  it('acr_values with prompt=none while signed in without a second factor: login_required, not a token that says pwd', async () => {
    const c = await trustedBrowser(t);
    await authorize(t, c, MFA);
    expect(await authorize(t, c, MFA, { ...ASK_MFA, prompt: 'none' })).toMatchObject({ loginPage: false, claims: null, error: 'login_required' });
  });

  it('acr_values with prompt=login: the second factor is asked even on a trusted device', async () => {
    const c = await trustedBrowser(t);
    await authorize(t, c, MFA);
    expect(await authorize(t, c, MFA, { ...ASK_MFA, prompt: 'login' })).toMatchObject({ loginPage: true, secondFactorAsked: true, claims: WITH_SECOND_FACTOR });
  });

  it('"use another account" at that re-authentication does not get around it', async () => {
    const c = await trustedBrowser(t);
    await authorize(t, c, MFA);
    expect(await authorize(t, c, MFA, ASK_MFA, true)).toMatchObject({ secondFactorAsked: true, claims: WITH_SECOND_FACTOR });
  });

  it('an account without a second factor is not asked one it does not have: the token says pwd', async () => {
    const c = new Client(t.base);
    expect(await authorize(t, c, NO_MFA, ASK_MFA)).toMatchObject({ loginPage: true, secondFactorAsked: false, claims: PASSWORD_ONLY });
    // And its session is not sent back to the login page for it, again and again.
    expect(await authorize(t, c, NO_MFA, ASK_MFA)).toMatchObject({ loginPage: false, claims: PASSWORD_ONLY });
  });
});

describe("trustedDeviceAtReauth: 'ask' (re-authentication asks the second factor again)", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ clients: [{ id: 'rp', name: 'RP', redirectUris: [CALLBACK] }], trustedDeviceAtReauth: 'ask' });
  });
  afterAll(async () => t.close());

  it('a plain sign-in on a trusted device still skips it', async () => {
    const c = await trustedBrowser(t);
    expect(await authorize(t, c, MFA)).toMatchObject({ secondFactorAsked: false, claims: PASSWORD_ONLY });
  });

  it.each([[{ prompt: 'login' }], [{ max_age: '0' }]])('%o while signed in: the password and the second factor, amr pwd otp mfa', async (extra) => {
    const c = await trustedBrowser(t);
    await authorize(t, c, MFA);
    expect(await authorize(t, c, MFA, extra)).toMatchObject({ loginPage: true, secondFactorAsked: true, claims: WITH_SECOND_FACTOR });
  });

  it('prompt=login signed out, and "use another account" at a re-authentication, ask it too', async () => {
    expect(await authorize(t, await trustedBrowser(t), MFA, { prompt: 'login' })).toMatchObject({ secondFactorAsked: true, claims: WITH_SECOND_FACTOR });
    const c = await trustedBrowser(t);
    await authorize(t, c, MFA);
    expect(await authorize(t, c, MFA, { prompt: 'login' }, true)).toMatchObject({ secondFactorAsked: true, claims: WITH_SECOND_FACTOR });
  });

  it('the device stays trusted for sign-ins that are not re-authentications', async () => {
    const c = await trustedBrowser(t);
    await authorize(t, c, MFA);
    await authorize(t, c, MFA, { prompt: 'login' });
    c.cookies.delete('uid_sso');
    expect(await authorize(t, c, MFA)).toMatchObject({ secondFactorAsked: false, claims: PASSWORD_ONLY });
  });
});
