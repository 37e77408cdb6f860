/**
 * The browser half of the ceremonies. @simplewebauthn/browser is imported only here and only
 * when a ceremony starts (a click, or the autofill request on a browser that supports it), so
 * the login page pays nothing for it until then.
 */
import type { WebAuthnJson } from '@portal/plugin-api';
import { TIMED_OUT_CODE } from './problems';

type Browser = typeof import('@simplewebauthn/browser');
let loading: Promise<Browser> | null = null;
const browser = (): Promise<Browser> => (loading ??= import('@simplewebauthn/browser'));

/**
 * Runs a ceremony; a prompt that stayed open past the options' `timeout` fails with TIMED_OUT_CODE.
 * The browser reports a timeout and a closed prompt alike (NotAllowedError): only the clock tells.
 */
async function timed<T>(options: WebAuthnJson, ceremony: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await ceremony();
  } catch (error) {
    const timeout = typeof options['timeout'] === 'number' ? options['timeout'] : null;
    if (error instanceof Error && error.name === 'NotAllowedError' && timeout !== null && Date.now() - started >= timeout) {
      throw Object.assign(new Error('The passkey prompt timed out.', { cause: error }), { name: 'NotAllowedError', code: TIMED_OUT_CODE });
    }
    throw error;
  }
}

/** Asks for a passkey (modal, or through the email field's autofill) and returns the assertion. */
export async function getAssertion(options: WebAuthnJson, autofill = false): Promise<WebAuthnJson> {
  const { startAuthentication } = await browser();
  const response = await timed(options, () => startAuthentication({ optionsJSON: options as unknown as Parameters<Browser['startAuthentication']>[0]['optionsJSON'], useBrowserAutofill: autofill }));
  return response as unknown as WebAuthnJson;
}

/** Creates a passkey and returns the attestation. */
export async function createCredential(options: WebAuthnJson): Promise<WebAuthnJson> {
  const { startRegistration } = await browser();
  const response = await timed(options, () => startRegistration({ optionsJSON: options as unknown as Parameters<Browser['startRegistration']>[0]['optionsJSON'] }));
  return response as unknown as WebAuthnJson;
}

/** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
export async function autofillAvailable(): Promise<boolean> {
  const check = window.PublicKeyCredential?.isConditionalMediationAvailable;
  if (typeof check !== 'function') return false;
  try {
    return await check.call(window.PublicKeyCredential);
  } catch {
    return false;
  }
}

/** Stops a pending autofill request (leaving the form, or a step taking its place). */
export async function cancelCeremony(): Promise<void> {
  if (!loading) return;
  const { WebAuthnAbortService } = await loading;
  WebAuthnAbortService.cancelCeremony();
}
