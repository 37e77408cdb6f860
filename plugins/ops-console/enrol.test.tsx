import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@portal/plugin-api';
import { ADMIN_ME, OPERATORS, type CannedAnswer, type CannedOps, renderConsole } from './testing';

/** Keys without a pause between them: the forms' texts are long and a loaded machine is slow. */
const user = userEvent.setup({ delay: null });

const SIGNED_OUT = new ApiError(-3092, 'Not signed in.', 401);
const ENROLMENT = { email: 'vik.viewer@vendor.example', role: 'viewer' };
const SECRET = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Unified%20ID:vik.viewer@vendor.example?secret=JBSWY3DPEHPK3PXP' };
const PASSWORD = 'a long enough password';

/** The invitation's page: the link's fragment in the address, then the console at /ops/enrol. */
async function show(answers: Record<string, CannedAnswer>, token: string | null) {
  if (token) window.location.hash = `#${token}`;
  const { ops, ...result } = await renderConsole('/ops/enrol', { 'GET /me': SIGNED_OUT, ...answers });
  // The token leaves the address bar in the first render, before any call answers.
  const hashAfterRender = window.location.hash;
  return { ...result, ops, hashAfterRender };
}

const posts = (ops: CannedOps, path: string) => ops.calls.filter((c) => c.method === 'POST' && c.path === path);
const ready = () => screen.findByRole('heading', { name: 'Set up your operator account' }).then(() => screen.findByLabelText(/^New password/));

async function choosePassword(password = PASSWORD, repeat = password) {
  await user.type(await ready(), password);
  await user.type(screen.getByLabelText(/^Repeat the password/), repeat);
}

/** A stand-in for the browser's WebAuthn in jsdom (the idea of the passkeys plugin's installFakeWebAuthn). */
function fakeWebAuthn(fail: Error | null = null) {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
  const created = { calls: 0 };
  const PublicKeyCredential = function PublicKeyCredential() {} as unknown as { isConditionalMediationAvailable(): Promise<boolean> };
  PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  Object.defineProperty(window, 'PublicKeyCredential', { value: PublicKeyCredential, configurable: true, writable: true });
  const create = async () => {
    created.calls++;
    if (fail) throw fail;
    return {
      id: 'Y3JlZC0x',
      rawId: bytes('cred-1'),
      type: 'public-key',
      response: { clientDataJSON: bytes('{"type":"webauthn.create"}'), attestationObject: bytes('attestation'), getTransports: () => ['internal'] },
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
    };
  };
  Object.defineProperty(navigator, 'credentials', { value: { create, get: create }, configurable: true, writable: true });
  return created;
}

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  delete (navigator as { credentials?: unknown }).credentials;
  window.history.replaceState(null, '', '/');
});

describe('the invitation link', () => {
  // First in the file: the view keeps a token it took for the page's life (a later render has no fragment).
  it('without a token says the invitation is not valid, and asks nothing', async () => {
    const { ops } = await show({}, null);
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid any more. Ask an administrator for a new one.');
    expect(posts(ops, '/enrol/check')).toHaveLength(0);
  });

  it('takes the token out of the address at once and checks it with POST /enrol/check', async () => {
    const { ops, hashAfterRender } = await show({ 'POST /enrol/check': ENROLMENT }, 'tok-check');
    expect(hashAfterRender).toBe('');
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain('tok-check');
    expect(await screen.findByText('You are invited as Viewer with the address vik.viewer@vendor.example. Choose a password and a second factor.')).toBeInTheDocument();
    expect(posts(ops, '/enrol/check').map((c) => c.body)).toEqual([{ token: 'tok-check' }]);
    // The passkey is the first choice.
    expect(screen.getByRole('radio', { name: /A passkey on this device/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Create passkey and finish' })).toBeInTheDocument();
  });

  it('says an invalid or used link in the console’s words (-20651), with no form', async () => {
    await show({ 'POST /enrol/check': new ApiError(-20651, 'Invalid token.', 400) }, 'tok-used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid any more. Ask an administrator for a new one.');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});

describe('choosing a password and a second factor', () => {
  it('refuses a password shorter than 12 characters and a repeat that differs, inline and without a call', async () => {
    const { ops } = await show({ 'POST /enrol/check': ENROLMENT, 'POST /enrol/complete': null }, 'tok-rules');
    await choosePassword('elevenchars', 'elevenchars');
    await user.click(screen.getByRole('button', { name: 'Create passkey and finish' }));
    // The rule shows as the field's hint too: the error is the field's described text, twice on the page.
    await waitFor(() => expect(screen.getAllByText('At least 12 characters, not all the same.').length).toBeGreaterThan(1));
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), PASSWORD);
    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), `${PASSWORD}!`);
    await user.click(screen.getByRole('button', { name: 'Create passkey and finish' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(posts(ops, '/enrol/complete')).toHaveLength(0);
    expect(posts(ops, '/enrol/passkey/options')).toHaveLength(0);
  });

  it('with the authenticator app: POST /enrol/totp shows the key; a short code is refused; 6 digits complete the enrolment and open the console', async () => {
    let enrolled = false;
    const { ops, location } = await show(
      {
        'GET /me': () => (enrolled ? ADMIN_ME : SIGNED_OUT),
        'POST /enrol/check': ENROLMENT,
        'POST /enrol/totp': SECRET,
        'POST /enrol/complete': () => {
          enrolled = true;
          return null;
        },
        'GET /operators': OPERATORS,
      },
      'tok-app',
    );
    await choosePassword();
    await user.click(screen.getByRole('radio', { name: 'An authenticator app' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent(SECRET.secret);
    expect(screen.getByRole('link', { name: 'Open in an authenticator app on this device' })).toHaveAttribute('href', SECRET.uri);
    expect(posts(ops, '/enrol/totp').map((c) => c.body)).toEqual([{ token: 'tok-app' }]);
    // Back to the passkey and to the app again: the key is asked for once.
    await user.click(screen.getByRole('radio', { name: /A passkey on this device/ }));
    await user.click(screen.getByRole('radio', { name: 'An authenticator app' }));
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SECRET.secret);
    expect(posts(ops, '/enrol/totp')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Enter the 6 digits your authenticator app shows.')).toBeInTheDocument();
    expect(posts(ops, '/enrol/complete')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^6-digit code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeInTheDocument();
    expect(posts(ops, '/enrol/complete').map((c) => c.body)).toEqual([{ token: 'tok-app', password: PASSWORD, factor: { type: 'totp', code: '246810' } }]);
    expect(location.history?.at(-1)).toBe('/ops/operators');
  });

  it('with a passkey: options for the token, the browser, then POST /enrol/complete with the attestation', async () => {
    const webauthn = fakeWebAuthn();
    let enrolled = false;
    const { ops } = await show(
      {
        'GET /me': () => (enrolled ? { ...ADMIN_ME, id: 'op-3', email: ENROLMENT.email, role: 'viewer', permissions: ['read'] } : SIGNED_OUT),
        'POST /enrol/check': ENROLMENT,
        'POST /enrol/passkey/options': { options: { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Unified ID', id: 'localhost' }, user: { id: 'b3AtMw', name: 'vik', displayName: 'vik' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] } },
        'POST /enrol/complete': () => {
          enrolled = true;
          return null;
        },
        'GET /operators': OPERATORS,
      },
      'tok-passkey',
    );
    await choosePassword();
    await user.click(screen.getByRole('button', { name: 'Create passkey and finish' }));
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeInTheDocument();
    expect(posts(ops, '/enrol/complete')).toHaveLength(1);
    expect(webauthn.calls).toBe(1);
    expect(posts(ops, '/enrol/passkey/options').map((c) => c.body)).toEqual([{ token: 'tok-passkey' }]);
    const body = posts(ops, '/enrol/complete')[0]!.body as { token: string; password: string; factor: { type: string; response: { id: string } } };
    expect(body).toMatchObject({ token: 'tok-passkey', password: PASSWORD, factor: { type: 'passkey' } });
    expect(body.factor.response.id).toBe('Y3JlZC0x');
  });

  it('a closed passkey prompt says so and completes nothing', async () => {
    const closed = new Error('The operation either timed out or was not allowed.');
    closed.name = 'NotAllowedError';
    fakeWebAuthn(closed);
    const { ops } = await show({ 'POST /enrol/check': ENROLMENT, 'POST /enrol/passkey/options': { options: { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Unified ID' }, user: { id: 'b3AtMw', name: 'vik', displayName: 'vik' }, pubKeyCredParams: [] } } }, 'tok-closed');
    await choosePassword();
    await user.click(screen.getByRole('button', { name: 'Create passkey and finish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey prompt was closed before it finished. Try again.');
    expect(posts(ops, '/enrol/complete')).toHaveLength(0);
  });
});
