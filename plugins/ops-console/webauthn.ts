/**
 * The passkey prompts, through @simplewebauthn/browser (loaded on the first prompt only).
 */
import type { WebAuthnJson } from '@portal/plugin-api';

type Browser = typeof import('@simplewebauthn/browser');
let loading: Promise<Browser> | null = null;
const browser = (): Promise<Browser> => (loading ??= import('@simplewebauthn/browser'));

export async function askPasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const { startAuthentication } = await browser();
  const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<Browser['startAuthentication']>[0]['optionsJSON'] });
  return response as unknown as WebAuthnJson;
}

export async function createPasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const { startRegistration } = await browser();
  const response = await startRegistration({ optionsJSON: options as unknown as Parameters<Browser['startRegistration']>[0]['optionsJSON'] });
  return response as unknown as WebAuthnJson;
}

/** The browser refused or the person closed the prompt: not an error to report loudly. */
export function promptClosed(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
