/**
 * Chrome DevTools' virtual authenticator for the passkey e2e tests: a platform authenticator with
 * user verification (what a phone or laptop offers), and the credentials it holds.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  privateKey: string;
  userHandle: string;
  signCount: number;
}

export async function virtualAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

export async function credentials(cdp: CDPSession, authenticatorId: string): Promise<VirtualCredential[]> {
  return ((await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: VirtualCredential[] }).credentials;
}
