import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@portal/plugin-api';
import { ADMIN_ME, OPERATORS, type CannedAnswer, type CannedOps, renderConsole } from './testing';

/** Keys without a pause between them: the forms' texts are long and a loaded machine is slow. */
const user = userEvent.setup({ delay: null });

const SIGNED_OUT = new ApiError(-3092, 'Not signed in.', 401);

/** The console at /ops, as the portal mounts it (nested under its route), with canned calls. */
async function show(answers: Record<string, CannedAnswer>) {
  const shown = await renderConsole('/ops', answers);
  await screen.findByRole('heading', { name: 'Sign in to the ops console' });
  return shown;
}

const posts = (ops: CannedOps, path: string) => ops.calls.filter((c) => c.method === 'POST' && c.path === path);
const emailField = () => screen.getByLabelText(/^Email address/) as HTMLInputElement;
const passwordField = () => screen.getByLabelText(/^Password/) as HTMLInputElement;

async function signInWithPassword(email = 'ana.admin@vendor.example', password = 'correct horse battery') {
  await user.type(emailField(), email);
  await user.type(passwordField(), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('the sign-in form', () => {
  it('shows the sign-in when GET /me answers 401', async () => {
    const { ops } = await show({ 'GET /me': SIGNED_OUT });
    expect(ops.calls).toEqual([{ method: 'GET', path: '/me', body: undefined }]);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('names the empty fields inline and makes no call', async () => {
    const { ops } = await show({ 'GET /me': SIGNED_OUT, 'POST /sign-in': { methods: ['totp'] } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(posts(ops, '/sign-in')).toHaveLength(0);
    // An address alone still asks for the password.
    await user.type(emailField(), 'ana.admin@vendor.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByText('Enter your email address.')).toBeNull());
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(posts(ops, '/sign-in')).toHaveLength(0);
  });

  it('says a wrong password in the console’s words and keeps the typed address', async () => {
    const { ops } = await show({ 'GET /me': SIGNED_OUT, 'POST /sign-in': new ApiError(-20601, 'Wrong credentials.', 400) });
    await signInWithPassword('ana.admin@vendor.example', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email address or password.');
    expect(posts(ops, '/sign-in').map((c) => c.body)).toEqual([{ email: 'ana.admin@vendor.example', password: 'wrong password' }]);
    expect(emailField().value).toBe('ana.admin@vendor.example');
    expect(screen.getByRole('heading', { name: 'Sign in to the ops console' })).toBeInTheDocument();
  });
});

/** A stand-in for the browser's WebAuthn in jsdom (the idea of the passkeys plugin's installFakeWebAuthn): an assertion. */
function fakeWebAuthn() {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
  const asked = { calls: 0 };
  const PublicKeyCredential = function PublicKeyCredential() {} as unknown as { isConditionalMediationAvailable(): Promise<boolean> };
  PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  Object.defineProperty(window, 'PublicKeyCredential', { value: PublicKeyCredential, configurable: true, writable: true });
  const get = async () => {
    asked.calls++;
    return {
      id: 'Y3JlZC0x',
      rawId: bytes('cred-1'),
      type: 'public-key',
      response: { clientDataJSON: bytes('{"type":"webauthn.get"}'), authenticatorData: bytes('auth-data'), signature: bytes('signature'), userHandle: bytes('op-1') },
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
    };
  };
  Object.defineProperty(navigator, 'credentials', { value: { get, create: get }, configurable: true, writable: true });
  return asked;
}

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  delete (navigator as { credentials?: unknown }).credentials;
});

describe('the second step', () => {
  it('names the methods the server offers', async () => {
    await show({ 'GET /me': SIGNED_OUT, 'POST /sign-in': { methods: ['passkey', 'totp'] } });
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeInTheDocument();
    expect(screen.getByText('Use your passkey, or enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use passkey' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^6-digit code/)).toBeInTheDocument();
  });

  it('with only a passkey: no code field', async () => {
    await show({ 'GET /me': SIGNED_OUT, 'POST /sign-in': { methods: ['passkey'] } });
    await signInWithPassword();
    expect(await screen.findByText('Use the passkey you set up for the console.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use passkey' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^6-digit code/)).toBeNull();
  });

  it('refuses a code that is not 6 digits inline, without a call', async () => {
    const { ops } = await show({ 'GET /me': SIGNED_OUT, 'POST /sign-in': { methods: ['totp'] }, 'POST /sign-in/totp': ADMIN_ME });
    await signInWithPassword();
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use passkey' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6 digits your authenticator app shows.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^6-digit code/), '12a3');
    expect((screen.getByLabelText(/^6-digit code/) as HTMLInputElement).value).toBe('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6 digits your authenticator app shows.')).toBeInTheDocument();
    expect(posts(ops, '/sign-in/totp')).toHaveLength(0);
  });

  it('a right code sends POST /sign-in/totp and opens the console on the operators', async () => {
    let signedIn = false;
    const { ops, location } = await show({
      'GET /me': () => (signedIn ? ADMIN_ME : SIGNED_OUT),
      'POST /sign-in': { methods: ['totp'] },
      'POST /sign-in/totp': () => {
        signedIn = true;
        return ADMIN_ME;
      },
      'GET /operators': OPERATORS,
    });
    await signInWithPassword();
    await user.type(await screen.findByLabelText(/^6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeInTheDocument();
    expect(posts(ops, '/sign-in/totp').map((c) => c.body)).toEqual([{ type: 'totp', code: '123456' }]);
    expect(await screen.findByText('sam.support@vendor.example')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/ops/operators');
  });

  it('a passkey: options, the browser, then POST /sign-in/passkey with the assertion opens the console', async () => {
    const webauthn = fakeWebAuthn();
    const { ops } = await show({
      'GET /me': SIGNED_OUT,
      'POST /sign-in': { methods: ['passkey', 'totp'] },
      'POST /sign-in/passkey/options': { options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' } },
      'POST /sign-in/passkey': ADMIN_ME,
      'GET /operators': OPERATORS,
    });
    await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Use passkey' }));
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeInTheDocument();
    expect(webauthn.calls).toBe(1);
    expect(posts(ops, '/sign-in/passkey/options')).toHaveLength(1);
    const body = posts(ops, '/sign-in/passkey')[0]!.body as { type: string; response: { id: string } };
    expect(body.type).toBe('passkey');
    expect(body.response.id).toBe('Y3JlZC0x');
    expect(posts(ops, '/sign-in/totp')).toHaveLength(0);
  });

  it('says a refused code in the console’s words and stays on the step', async () => {
    const { ops } = await show({ 'GET /me': SIGNED_OUT, 'POST /sign-in': { methods: ['totp'] }, 'POST /sign-in/totp': new ApiError(-20607, 'Code refused.', 400) });
    await signInWithPassword();
    await user.type(await screen.findByLabelText(/^6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code or passkey was not accepted.');
    expect(posts(ops, '/sign-in/totp')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Operators' })).toBeNull();
  });

  it('"Start over" returns to the form', async () => {
    await show({ 'GET /me': SIGNED_OUT, 'POST /sign-in': { methods: ['totp'] } });
    await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the ops console' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    // The password is not kept after the first step.
    expect(passwordField().value).toBe('');
  });
});
