import { ApiError, type LoginPageServices } from '@portal/plugin-api';
import { cannedHttp, press, untilText } from '@portal/plugin-api/testing';

/**
 * A stand-in for the browser's WebAuthn in jsdom tests and stories: what
 * navigator.credentials.create()/get() return on a device with a platform authenticator
 * (opaque bytes; the server side is tested with real signatures in server/test/passkeys.test.ts).
 */
export interface FakeWebAuthn {
  /** `delayMs`: how long the prompt stays open before it answers (a timeout is a failure after the options' `timeout`). */
  get: { calls: number; fail: Error | null; delayMs?: number };
  create: { calls: number; fail: Error | null; delayMs?: number };
  restore(): void;
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

function credential(kind: 'get' | 'create') {
  const response =
    kind === 'get'
      ? { clientDataJSON: bytes('{"type":"webauthn.get"}'), authenticatorData: bytes('auth-data'), signature: bytes('signature'), userHandle: bytes('acc-7') }
      : { clientDataJSON: bytes('{"type":"webauthn.create"}'), attestationObject: bytes('attestation'), getTransports: () => ['internal'] };
  return { id: 'Y3JlZC0x', rawId: bytes('cred-1'), type: 'public-key', response, authenticatorAttachment: 'platform', getClientExtensionResults: () => ({}) };
}

/** Installs a fake WebAuthn (optionally with autofill support); `restore()` takes it away again. */
export function installFakeWebAuthn(options: { autofill?: boolean } = {}): FakeWebAuthn {
  const state: FakeWebAuthn = {
    get: { calls: 0, fail: null },
    create: { calls: 0, fail: null },
    restore() {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
      delete (navigator as { credentials?: unknown }).credentials;
    },
  };
  const PublicKeyCredential = function PublicKeyCredential() {} as unknown as { isConditionalMediationAvailable(): Promise<boolean> };
  PublicKeyCredential.isConditionalMediationAvailable = async () => options.autofill === true;
  Object.defineProperty(window, 'PublicKeyCredential', { value: PublicKeyCredential, configurable: true, writable: true });
  const answer = (kind: 'get' | 'create') => async () => {
    state[kind].calls++;
    const delay = state[kind].delayMs;
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (state[kind].fail) throw state[kind].fail;
    return credential(kind);
  };
  Object.defineProperty(navigator, 'credentials', { value: { get: answer('get'), create: answer('create') }, configurable: true, writable: true });
  return state;
}

/** A DOMException-like error of the browser's WebAuthn, by its name (SecurityError, InvalidStateError, NotSupportedError…). */
export function webAuthnError(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** What the browser throws when the person dismisses the passkey prompt. */
export function notAllowed(): Error {
  const error = new Error('The operation either timed out or was not allowed.');
  error.name = 'NotAllowedError';
  return error;
}

/** The login page the MFA step's passkey stories sit on (a session code, every view and plugin). */
export const storyLoginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('session_code=sc-story'),
};

/** A passkey of another account was chosen at the MFA step: refused (-20601); `button` starts the ceremony. */
export function refusedStory(button: string) {
  return {
    parameters: {
      http: cannedHttp({ '/login/passkey/options': { options: { challenge: 'Y2hhbGxlbmdl' } }, '/login/passkey/verify': new ApiError(-20601, 'The passkey was not accepted.', 400, { passkey: true }) }),
    },
    play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      await press(canvasElement, button);
      await untilText(canvasElement, 'This passkey was not accepted.');
    },
  };
}
