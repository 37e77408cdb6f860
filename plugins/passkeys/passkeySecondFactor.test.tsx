import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, type MfaRequiredResult } from '@portal/plugin-api';
import { renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import passkeys from './index';
import PasskeySecondFactor from './PasskeySecondFactor';
import { installFakeWebAuthn, notAllowed, webAuthnError, type FakeWebAuthn } from './testing';

const RESULT: MfaRequiredResult = { supportedMFATypes: [3], primaryMFAType: 3, MFAEmail: 'an***@partner.test', MFAProcessId: 'euw.process-1', expiresIn: 600, passkey: true };

let webauthn: FakeWebAuthn | null = null;
afterEach(() => {
  webauthn?.restore();
  webauthn = null;
});

async function renderStep(result: MfaRequiredResult, post: (path: string, body: unknown) => unknown) {
  const http = { post: vi.fn(async (path: string, body: unknown) => post(path, body)) } as unknown as HttpClient & { post: ReturnType<typeof vi.fn> };
  const retry = vi.fn(async () => undefined);
  const registry = await testRegistry([passkeys]);
  const page = testLoginPage({ query: new URLSearchParams('session_code=sc-1') });
  renderPortal(page.wrap(<PasskeySecondFactor result={result} retry={retry} />), { registry, http });
  return { http, retry };
}

describe('a passkey as the second factor (the MFA step)', () => {
  it('asks for this process’s passkeys and retries the sign-in with the proof', async () => {
    webauthn = installFakeWebAuthn();
    const { http, retry } = await renderStep(RESULT, (path) => (path === '/login/passkey/options' ? { options: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }] } } : { email: 'ana@partner.test', passkeyProof: 'proof-mfa' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey instead' }, { timeout: 5000 }));
    await waitFor(() => expect(retry).toHaveBeenCalledWith({ passkeyProof: 'proof-mfa', mfaProcessId: 'euw.process-1' }));
    expect(http.post.mock.calls.map(([path, body]) => [path, (body as { mfaProcessId?: string }).mfaProcessId])).toEqual([
      ['/login/passkey/options', 'euw.process-1'],
      ['/login/passkey/verify', 'euw.process-1'],
    ]);
  });

  it('says so when the passkey is not this account’s', async () => {
    webauthn = installFakeWebAuthn();
    const { retry } = await renderStep(RESULT, (path) => {
      if (path === '/login/passkey/options') return { options: { challenge: 'Y2hhbGxlbmdl' } };
      throw new ApiError(-20601, 'The passkey was not accepted.', 400, { passkey: true });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey instead' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use one of this account’s passkeys, or enter a code.');
    expect(retry).not.toHaveBeenCalled();
  });

  it('offers nothing when the account has no passkey', async () => {
    webauthn = installFakeWebAuthn();
    await renderStep({ ...RESULT, passkey: undefined }, () => null);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers nothing without WebAuthn beside a code form', async () => {
    await renderStep(RESULT, () => null);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the passkey as the step\'s one method (a service demands a second factor of a passkey-only account)', () => {
  const ALONE: MfaRequiredResult = { supportedMFATypes: [], MFAEmail: 'an***@partner.test', MFAProcessId: 'euw.process-2', expiresIn: 600, passkey: true };

  it('is "Confirm with a passkey", and says neither "instead" nor "enter a code" when it fails', async () => {
    webauthn = installFakeWebAuthn();
    webauthn.get.fail = notAllowed();
    const { retry } = await renderStep(ALONE, () => ({ options: { challenge: 'Y2hhbGxlbmdl' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm with a passkey' }, { timeout: 5000 }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^No passkey was used\. Try the passkey again\.$/);
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).toBeNull();
    expect(retry).not.toHaveBeenCalled();
  });

  it('a refused passkey: use one of this account\'s', async () => {
    webauthn = installFakeWebAuthn();
    await renderStep(ALONE, (path) => {
      if (path === '/login/passkey/options') return { options: { challenge: 'Y2hhbGxlbmdl' } };
      throw new ApiError(-20601, 'The passkey was not accepted.', 400, { passkey: true });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm with a passkey' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This passkey was not accepted\. Use one of this account’s passkeys\.$/);
  });

  it('says why the browser refused the ceremony: an address the passkeys are not for (issue 27)', async () => {
    webauthn = installFakeWebAuthn();
    webauthn.get.fail = webAuthnError('SecurityError', 'The relying party ID is not a registrable domain suffix of, nor equal to the current domain.');
    await renderStep(ALONE, (path) => (path === '/login/passkey/options' ? { options: { challenge: 'Y2hhbGxlbmdl', rpId: 'id.example.com' } } : null));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm with a passkey' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not the site the passkeys are made for/);
  });

  it('says why there is no way on in a browser without WebAuthn', async () => {
    await renderStep(ALONE, () => null);
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('This browser cannot use passkeys. Sign in on a device that has your passkey.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
