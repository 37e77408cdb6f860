import http from 'node:http';
import * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { authorizationRequest } from '../support/oidcRequest';
import { startPortal, type RunningPortal } from '../support/portal';
import { credentials, virtualAuthenticator } from '../support/virtualAuthenticator';
import { seedTokens, signInThroughApi } from '../support/signIn';

const EMAIL = 'demo@example.com';
const PASSWORD = 'Demo-pass-2024';

/** A connected service's callback (an OpenID Connect client on its own origin). */
const service = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('back at the service'));
let CALLBACK = '';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  CALLBACK = `http://127.0.0.1:${(service.address() as { port: number }).port}/callback`;
  browser = await launchChromium();
  // WebAuthn needs a host name as the relying party: the portal is served as localhost here.
  portal = await startPortal({ localhost: true, clients: [{ id: 'shop-spa', name: 'Shop app', redirectUris: [CALLBACK] }] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => service.close(resolve));
});

async function securityPage(page: Page, password = PASSWORD) {
  await page.goto(`${portal.url}/accountSetting/security`);
  await page.getByRole('heading', { name: 'Security settings' }).waitFor();
  await page.getByLabel(/^Account password/).fill(password);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await page.getByText(/^Locks again in \d:\d\d$/).waitFor();
}

async function signOut(page: Page) {
  await page.goto(`${portal.url}/accountSetting/account`);
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await page.waitForURL(/\/login/);
}

/** The portal's own login page (signed out). */
async function portalLogin(page: Page) {
  await page.goto(`${portal.url}/`);
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
}

describe('passkeys in Chromium (virtual authenticator)', () => {
  it('adds a passkey, signs in with it at a connected service, refuses it as another account’s and once removed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
    await seedTokens(page, portal.url, await signInThroughApi(context, portal.url, EMAIL, PASSWORD));

    // Add one on the security page.
    await securityPage(page);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const name = page.getByLabel(/^Passkey name/);
    expect(await name.inputValue()).toBe('Chrome on Linux');
    await name.fill('E2E key');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('E2E key').waitFor();
    await expect(list.textContent()).resolves.toContain('never used');
    const [credential] = await credentials(cdp, authenticatorId);
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // Signed out, the demo service's sign-in: the email field's autofill offers the passkey (conditional
    // mediation; the virtual authenticator picks it at once) and it signs in alone: no address, no password.
    await signOut(page);
    await page.goto(`${portal.url}/demo-service/`);
    await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await page.waitForURL(`${portal.url}/demo-service/**`);
    await page.getByText(EMAIL).first().waitFor();

    // From here a browser without passkey autofill: the button does it.
    await page.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
    });

    // The same key claiming to be another account's (its user handle) is refused.
    const other = await signInThroughApi(await browser.newContext(), portal.url, 'member@example.com', PASSWORD);
    const otherId = ((await (await context.request.get(`${portal.url}/api/user-info`, { headers: { Authorization: `Bearer ${other.accessToken}` } })).json()) as { result: { accountId: string } }).result.accountId;
    await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: credential!.credentialId });
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...credential!, userHandle: Buffer.from(otherId).toString('base64') } });
    await page.goto(`${portal.url}/`);
    await page.waitForURL(/\/accountSetting/);
    await signOut(page);
    await portalLogin(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'This passkey was not accepted.' }).waitFor();
    expect(page.url()).toContain('/login');

    // Its own again, the button signs in to the portal itself.
    const forged = (await credentials(cdp, authenticatorId))[0]!;
    await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: forged.credentialId });
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...forged, userHandle: credential!.userHandle } });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/accountSetting/);

    // Removed on the security page, it no longer signs in.
    await securityPage(page);
    await expect(list.textContent()).resolves.toMatch(/last used/);
    await page.getByRole('button', { name: 'Remove passkey E2E key' }).click();
    await page.getByRole('button', { name: 'Remove passkey', exact: true }).click();
    await page.getByText('You have no passkeys yet.').waitFor();
    await signOut(page);
    await portalLogin(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'This passkey was not accepted.' }).waitFor();
    await context.close();
  });
});

describe('a passkey as the one second factor, when a connected service asks for the MFA context', () => {
  it('the password, then the passkey alone (no code), and the ID token says pwd hwk mfa', async () => {
    const MEMBER = 'member@example.com';
    const context = await browser.newContext();
    const page = await context.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
    await seedTokens(page, portal.url, await signInThroughApi(context, portal.url, MEMBER, PASSWORD));
    await securityPage(page);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').first().waitFor();
    expect(await credentials(cdp, authenticatorId)).toHaveLength(1);

    // Signed out of the portal, in a browser without passkey autofill (the email field would sign in with it at once).
    await signOut(page);
    await page.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
    });
    const config = await oidc.discovery(new URL(`${portal.url}/api/oidc`), 'shop-spa', undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
    const request = await authorizationRequest(config, CALLBACK, { acr_values: 'urn:unified-id:acr:mfa' });
    await page.goto(request.url.toString());
    await page.getByLabel(/^Email/).fill(MEMBER);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // The step: no code boxes, no method choice, the passkey alone.
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByText('This service asks for a second step.').waitFor();
    // The sign-in button that led here is gone: the step's heading has the focus, to be read out.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Two-step verification');
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verify' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Confirm with a passkey' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm with a passkey' }).click();

    await page.waitForURL(`${CALLBACK}**`);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce, idTokenExpected: true });
    expect(tokens.claims()).toMatchObject({ email: MEMBER, amr: ['pwd', 'hwk', 'mfa'], acr: 'urn:unified-id:acr:mfa' });
    await context.close();
  });
});
