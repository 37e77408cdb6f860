import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, type LoginViewProps } from '@portal/plugin-api';
import { pluginsById, renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import passkeys from './index';
import { installFakeWebAuthn, notAllowed, webAuthnError, type FakeWebAuthn } from './testing';

type Post = (path: string, body: Record<string, unknown>, options: { headers?: Record<string, string> }) => Promise<unknown>;

const OPTIONS = { options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required', timeout: 300000 } };
const HAND_OFF = { serviceUrl: `${window.location.origin}/api/authorize`, redirectParams: { session_code: 'sc-1' } };

function fakeHttp(post: Post) {
  return {
    post: vi.fn(post),
    get: vi.fn(async (path: string) => (path === '/redirect/allow-urls' ? { allowUrls: [window.location.origin] } : null)),
  } as unknown as HttpClient & { post: ReturnType<typeof vi.fn> };
}

const assign = vi.fn();
let webauthn: FakeWebAuthn | null = null;
beforeEach(() => {
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
});
afterEach(() => {
  webauthn?.restore();
  webauthn = null;
  vi.unstubAllGlobals();
});

async function renderSignIn(http: HttpClient) {
  const [signIn] = await pluginsById('sign-in');
  const registry = await testRegistry([signIn!, passkeys]);
  const { default: SignInView } = (await registry.loginViews.find((v) => v.value.id === 'signIn')!.value.view()) as { default: (p: LoginViewProps) => React.ReactNode };
  const page = testLoginPage({ query: new URLSearchParams('session_code=sc-1') });
  renderPortal(page.wrap(<SignInView goTo={vi.fn()} data={undefined} />), { registry, http });
}

// The method's chunk and its texts load lazily (the first time slowly on a busy machine).
const passkeyButton = () => screen.findByRole('button', { name: 'Sign in with a passkey' }, { timeout: 15000 });

describe('sign in with a passkey (the sign-in form)', () => {
  it('signs in without an address: options, the browser, the verification, then POST /login with the proof and no password', async () => {
    webauthn = installFakeWebAuthn();
    const http = fakeHttp(async (path) => {
      if (path === '/login/passkey/options') return OPTIONS;
      if (path === '/login/passkey/verify') return { email: 'ana@partner.test', passkeyProof: 'proof-1' };
      if (path === '/login') return HAND_OFF;
      throw new Error(path);
    });
    await renderSignIn(http);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('autocomplete', 'username webauthn');
    await userEvent.click(await passkeyButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${HAND_OFF.serviceUrl}?session_code=sc-1`));
    expect(webauthn.get.calls).toBe(1);
    const calls = http.post.mock.calls.map(([path, body, options]) => ({ path, body, headers: (options as { headers?: Record<string, string> }).headers }));
    expect(calls.map((c) => c.path)).toEqual(['/login/passkey/options', '/login/passkey/verify', '/login']);
    expect(calls[0]!.headers).toEqual({ session_code: 'sc-1' });
    expect((calls[1]!.body as { response: { id: string } }).response.id).toBe('Y3JlZC0x');
    expect(calls[2]!.body).toMatchObject({ email: 'ana@partner.test', passkeyProof: 'proof-1' });
    expect(calls[2]!.body).not.toHaveProperty('password');
  });

  it('says so when the server refuses the passkey, and when the person cancels', async () => {
    webauthn = installFakeWebAuthn();
    let verify: () => unknown = () => {
      throw new ApiError(-20601, 'The passkey was not accepted.', 400, { passkey: true });
    };
    const http = fakeHttp(async (path) => {
      if (path === '/login/passkey/options') return OPTIONS;
      if (path === '/login/passkey/verify') return verify();
      throw new Error(path);
    });
    await renderSignIn(http);
    await userEvent.click(await passkeyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey was not accepted. It may have been removed from your account');
    webauthn.get.fail = notAllowed();
    verify = () => ({ email: 'x', passkeyProof: 'y' });
    await userEvent.click(await passkeyButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Passkey sign-in was cancelled.');
    expect(http.post.mock.calls.filter(([path]) => path === '/login')).toHaveLength(0);
  });

  describe('a ceremony the browser refuses says why in words (issue 27: the button did nothing and said nothing)', () => {
    const http = () =>
      fakeHttp(async (path) => {
        if (path === '/login/passkey/options') return OPTIONS;
        throw new Error(path);
      });

    it('at an IP address: the browser refuses it as the relying party, and the page names the address', async () => {
      vi.stubGlobal('location', { ...window.location, assign, origin: 'http://127.0.0.1:8080', href: 'http://127.0.0.1:8080/login', hostname: '127.0.0.1', host: '127.0.0.1:8080' });
      webauthn = installFakeWebAuthn();
      webauthn.get.fail = webAuthnError('SecurityError', 'This is an invalid domain.');
      await renderSignIn(http());
      await userEvent.click(await passkeyButton());
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('127.0.0.1');
      expect(alert).toHaveTextContent(/not an IP address/);
    });

    it('an address the passkeys are not for; an authenticator that fails; a browser without support', async () => {
      webauthn = installFakeWebAuthn();
      webauthn.get.fail = webAuthnError('SecurityError', 'The relying party ID is not a registrable domain suffix of, nor equal to the current domain.');
      await renderSignIn(http());
      await userEvent.click(await passkeyButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(/not the site the passkeys are made for/);
      webauthn.get.fail = webAuthnError('UnknownError');
      await userEvent.click(await passkeyButton());
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/device could not complete the passkey request/));
      webauthn.get.fail = webAuthnError('NotSupportedError');
      await userEvent.click(await passkeyButton());
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/This browser cannot use passkeys/));
    });

    it('a prompt left until it timed out says so, not "cancelled"', async () => {
      webauthn = installFakeWebAuthn();
      const options = { options: { ...OPTIONS.options, timeout: 50 } };
      webauthn.get.fail = notAllowed();
      webauthn.get.delayMs = 80;
      await renderSignIn(
        fakeHttp(async (path) => {
          if (path === '/login/passkey/options') return options;
          throw new Error(path);
        }),
      );
      await userEvent.click(await passkeyButton());
      expect(await screen.findByRole('status')).toHaveTextContent(/timed out/);
    });
  });

  it('starts the autofill request where the browser offers passkeys in the email field', async () => {
    webauthn = installFakeWebAuthn({ autofill: true });
    const http = fakeHttp(async (path) => {
      if (path === '/login/passkey/options') return OPTIONS;
      if (path === '/login/passkey/verify') return { email: 'ana@partner.test', passkeyProof: 'proof-2' };
      if (path === '/login') return HAND_OFF;
      throw new Error(path);
    });
    await renderSignIn(http);
    // No click: the conditional request (started just after the form) answered as if the person picked the passkey in the field.
    await waitFor(() => expect(assign).toHaveBeenCalled(), { timeout: 5000 });
    expect(http.post.mock.calls.find(([path]) => path === '/login')?.[1]).toMatchObject({ passkeyProof: 'proof-2' });
  });

  it('shows nothing where the browser has no WebAuthn', async () => {
    await renderSignIn(fakeHttp(async () => null));
    await screen.findByRole('button', { name: 'Sign in' });
    await new Promise((r) => setTimeout(r, 1500)); // past the methods' start
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
