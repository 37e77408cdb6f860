/**
 * The MFA context asked for through the `claims` parameter (OpenID Connect Core 5.5), as a client
 * no one here wrote (openid-client) sends it. A voluntary `acr` reads like `acr_values`; an
 * essential one is met or the sign-in fails with `unmet_authentication_requirements` (5.5.1.1),
 * never a token naming a context the client refused, and never a loop back to the login page.
 * An account whose one factor beyond the password is a passkey is asked for it.
 */
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACR_MFA, ACR_PASSWORD } from '../oidc/signInContext';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, login, startLogin, type TestServer, startServer } from './harness';
import { clientConfig } from './oidcBrowser';
import { authorize, CALLBACK, openLoginPage } from './oidcAuthorize';
import { withPasskey } from './passkeyHelpers';
import { MFA_EMAIL } from './secondFactorHelpers';
import type { SoftAuthenticator } from './softAuthenticator';
import { regenerateRecoveryCodes } from '../../plugins/recovery-codes/server/recoveryCodes';

const accountOf = (email: string) => t.server.ctx.region('Euw').selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();

const MFA = { email: MFA_EMAIL, password: DEMO_PASSWORD };
const NO_MFA = { email: 'demo@example.com', password: DEMO_PASSWORD };
const acr = (request: Record<string, unknown>) => ({ claims: JSON.stringify({ id_token: { acr: request } }) });
const ESSENTIAL_MFA = acr({ essential: true, value: ACR_MFA });

const PASSWORD_ONLY = { amr: ['pwd'], acr: ACR_PASSWORD };
const WITH_SECOND_FACTOR = { amr: ['pwd', 'otp', 'mfa'], acr: ACR_MFA };
const UNMET = { claims: null, error: 'unmet_authentication_requirements' };

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ clients: [{ id: 'rp', name: 'RP', redirectUris: [CALLBACK] }] });
});
afterAll(async () => t.close());

describe('the claims parameter', () => {
  it('is advertised in discovery', async () => {
    const config = await clientConfig(t, 'rp', oidc.None());
    expect(config.serverMetadata().claims_parameter_supported).toBe(true);
    expect(config.serverMetadata().acr_values_supported).toEqual([ACR_PASSWORD, ACR_MFA]);
  });

  it('a voluntary MFA acr reads like acr_values: the second factor is asked of an account that has one', async () => {
    const asked = acr({ value: ACR_MFA });
    expect(await authorize(t, new Client(t.base), MFA, asked)).toMatchObject({ secondFactorAsked: true, trustOffered: false, claims: WITH_SECOND_FACTOR });
    expect(await authorize(t, new Client(t.base), NO_MFA, asked)).toMatchObject({ secondFactorAsked: false, claims: PASSWORD_ONLY });
  });
});

describe('an essential MFA acr', () => {
  it('asks the second factor, and a session without one signs in again for it', async () => {
    const c = new Client(t.base);
    expect(await authorize(t, c, MFA, ESSENTIAL_MFA)).toMatchObject({ loginPage: true, secondFactorAsked: true, claims: WITH_SECOND_FACTOR });
    // The session passed it: the same request is answered at once.
    expect(await authorize(t, c, MFA, ESSENTIAL_MFA)).toMatchObject({ loginPage: false, claims: WITH_SECOND_FACTOR });
  });

  it('an account without a second factor: the sign-in fails, it does not get a password token or a loop', async () => {
    const c = new Client(t.base);
    expect(await authorize(t, c, NO_MFA, ESSENTIAL_MFA)).toMatchObject({ loginPage: true, secondFactorAsked: false, ...UNMET });
    // Signed in now (the portal session stands): the same request fails at once.
    expect(await authorize(t, c, NO_MFA, ESSENTIAL_MFA)).toMatchObject({ loginPage: false, ...UNMET });
    // And an ordinary request of that session still works.
    expect(await authorize(t, c, NO_MFA)).toMatchObject({ loginPage: false, claims: PASSWORD_ONLY });
  });

  it('with prompt=none on a session without it: login_required', async () => {
    const c = new Client(t.base);
    await authorize(t, c, NO_MFA);
    expect(await authorize(t, c, NO_MFA, { ...ESSENTIAL_MFA, prompt: 'none' })).toMatchObject({ loginPage: false, claims: null, error: 'login_required' });
  });

});

describe('an account whose one factor beyond the password is a passkey', () => {
  const member = { email: 'member@example.com', password: DEMO_PASSWORD };
  const WITH_PASSKEY = { amr: ['pwd', 'hwk', 'mfa'], acr: ACR_MFA };
  let device: SoftAuthenticator;
  beforeAll(async () => {
    ({ device } = await withPasskey(t, member.email));
  });

  it('is asked for the passkey after the password when a service demands the MFA context: a step with no code method', async () => {
    const c = new Client(t.base);
    expect(await authorize(t, c, member)).toMatchObject({ secondFactorAsked: false, claims: PASSWORD_ONLY });
    const account = await t.server.ctx.region('Euw').selectFrom('accounts').select('mfa_enabled').where('email', '=', member.email).executeTakeFirstOrThrow();
    expect(account.mfa_enabled).toBe(0); // two-step verification is off: the passkey is its one second factor
    for (const asked of [{ acr_values: ACR_MFA }, ESSENTIAL_MFA]) {
      const other = new Client(t.base);
      expect(await authorize(t, other, { ...member, passkey: device }, asked)).toMatchObject({ loginPage: true, secondFactorAsked: true, trustOffered: false, claims: WITH_PASSKEY });
    }
    // Signed in with the password alone, the session is sent back to sign in for it.
    expect(await authorize(t, c, { ...member, passkey: device }, ESSENTIAL_MFA)).toMatchObject({ loginPage: true, secondFactorAsked: true, claims: WITH_PASSKEY });
    // And that sign-in's session meets it from now on.
    expect(await authorize(t, c, member, ESSENTIAL_MFA)).toMatchObject({ loginPage: false, claims: WITH_PASSKEY });
  });

  it('the step offers the passkey alone, and a code is refused', async () => {
    const c = new Client(t.base);
    const sessionCode = await openLoginPage(t, c, { acr_values: ACR_MFA });
    const challenge = await login(c, sessionCode, member);
    expect(challenge.body.errorCode).toBe(E.mfaRequired);
    expect(challenge.body.result).toMatchObject({ supportedMFATypes: [], passkey: true });
    expect(challenge.body.result.primaryMFAType).toBeUndefined();
    expect(challenge.body.result.trustDeviceDays).toBeUndefined();
    const code = await login(c, sessionCode, { ...member, mfaType: 3, code: '123456', mfaProcessId: challenge.body.result.MFAProcessId });
    expect(code.body.errorCode).toBe(E.mfaTypeDisabled);
  });

  it('a leftover recovery code is no way through the passkey step, and the token says only what was used (issue 26)', async () => {
    const { codes } = await regenerateRecoveryCodes(t.server.ctx, 'Euw', (await accountOf(member.email)).id);
    const c = new Client(t.base);
    const sessionCode = await openLoginPage(t, c, { acr_values: ACR_MFA });
    const challenge = await login(c, sessionCode, member);
    expect(challenge.body.errorCode).toBe(E.mfaRequired);
    // Not offered…
    expect(challenge.body.result.recoveryCodes).toBeUndefined();
    // …and not accepted.
    const recovery = await login(c, sessionCode, { ...member, recoveryCode: codes[0], mfaProcessId: challenge.body.result.MFAProcessId });
    expect([recovery.status, recovery.body.errorCode]).toEqual([400, E.mfaTypeDisabled]);
    // The code stays unspent; the passkey passes the step and the ID token names it: pwd, hwk, mfa.
    expect(await authorize(t, new Client(t.base), { ...member, passkey: device }, { acr_values: ACR_MFA })).toMatchObject({ secondFactorAsked: true, claims: WITH_PASSKEY });
  });

  it('without a demand, the password alone signs in as before', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    expect((await login(c, sessionCode, member)).status).toBe(200);
  });

  it('a passkey sign-in meets an essential MFA context at once', async () => {
    expect(await authorize(t, new Client(t.base), { email: member.email, passkey: device }, ESSENTIAL_MFA)).toMatchObject({ secondFactorAsked: false, claims: { amr: ['hwk', 'mfa'], acr: ACR_MFA } });
  });
});

describe('other essential acr requests', () => {
  it('the password context only: a session that passed a second factor gets the password context it meets', async () => {
    const c = new Client(t.base);
    await authorize(t, c, MFA);
    expect(await authorize(t, c, MFA, acr({ essential: true, value: ACR_PASSWORD }))).toMatchObject({ loginPage: false, claims: { acr: ACR_PASSWORD } });
  });

  it('either context: the higher one met', async () => {
    const c = new Client(t.base);
    expect(await authorize(t, c, NO_MFA, acr({ essential: true, values: [ACR_MFA, ACR_PASSWORD] }))).toMatchObject({ claims: PASSWORD_ONLY });
    const m = new Client(t.base);
    expect(await authorize(t, m, MFA, acr({ essential: true, values: [ACR_PASSWORD, ACR_MFA] }))).toMatchObject({ claims: WITH_SECOND_FACTOR });
  });

  it('a context the portal does not know: unmet, at once for a session and after a sign-in', async () => {
    const unknown = acr({ essential: true, value: 'urn:example:acr:gold' });
    const c = new Client(t.base);
    expect(await authorize(t, c, NO_MFA, unknown)).toMatchObject({ loginPage: true, ...UNMET });
    expect(await authorize(t, c, NO_MFA, unknown)).toMatchObject({ loginPage: false, ...UNMET });
  });
});
