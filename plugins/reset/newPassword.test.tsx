import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, takeCarriedLoginParams } from '@portal/plugin-api';
import {
  renderPortal,
  resetMailLinkTokenForTests,
  stripTokensFromUrl,
  takeMailLinkToken,
  testLoginPage,
  testRegistry,
} from '@portal/plugin-api/testing';
import reset from './index';
import NewPasswordView from './NewPasswordView';

type Post = (path: string, body?: unknown) => Promise<unknown>;
const TOKEN = 'euw.token-of-the-mail-123';
const LINK = { email: 'ana.novak@partner-example.com', expiresAt: Date.now() + 1_800_000, country: 'DE' };

function fakeHttp(answers: Record<string, unknown | ((body: unknown) => unknown)>) {
  const post = vi.fn<Post>(async (path, body) => {
    const answer = answers[path];
    const value = typeof answer === 'function' ? (answer as (b: unknown) => unknown)(body) : answer;
    if (value instanceof ApiError || value instanceof Error) throw value;
    return value;
  });
  return { http: { get: vi.fn(async () => ({ allowUrls: [] })), post } as unknown as HttpClient, post };
}

/** As if the page was opened from the mailed link: the token in the fragment, taken out at once. */
function openedFromMail(token: string | null = TOKEN) {
  window.history.replaceState(null, '', `/login?module=newPassword&lang=en_US&client=portal${token ? `#token=${token}` : ''}`);
  stripTokensFromUrl(window);
}

async function renderView(http: HttpClient) {
  const registry = await testRegistry([reset]);
  const { wrap } = testLoginPage({ query: new URLSearchParams('module=newPassword&client=portal') });
  const goTo = vi.fn();
  const utils = renderPortal(wrap(<NewPasswordView goTo={goTo} />), { registry, http, path: '/login' });
  return { ...utils, goTo };
}

const password = () => screen.getByLabelText(/^New password/);
const confirm = () => screen.getByLabelText(/^Confirm password/);

beforeEach(() => {
  takeMailLinkToken();
  resetMailLinkTokenForTests();
  sessionStorage.clear();
});

describe('NewPasswordView: the page the reset mail links to', () => {
  it('checks the link, refuses a weak password inline, then sets a strong one and offers sign-in', async () => {
    openedFromMail();
    expect(window.location.hash).toBe('');
    const { http, post } = fakeHttp({ '/password-reset/check': LINK, '/password-reset': { email: LINK.email, serviceUrl: null } });
    const { location } = await renderView(http);
    expect(screen.getByRole('status')).toHaveTextContent('Checking the link…');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(post).toHaveBeenCalledWith('/password-reset/check', { token: TOKEN }, expect.anything());
    // The address is drawn by EmailAddress: one <bdi> whose parts are split by break points.
    expect(screen.getByText((_, el) => el?.tagName === 'BDI' && el.textContent === LINK.email)).toBeInTheDocument();

    await userEvent.type(password(), 'weakpass');
    await userEvent.tab();
    expect(await screen.findByText('Use 8 to 32 characters with no spaces; the password contains two of: letters, digits, symbols.')).toBeInTheDocument();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(post).toHaveBeenCalledTimes(1); // the invalid form is not sent

    // The register form's show-password toggle and strength meter.
    await userEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(password()).toHaveAttribute('type', 'text');
    await userEvent.clear(password());
    await userEvent.type(password(), 'Fresh-pass-2025');
    expect(screen.getByTestId('strength-meter')).toBeInTheDocument();
    await userEvent.type(confirm(), 'Fresh-pass-2026');
    await userEvent.tab();
    expect(await screen.findByText('Password and Confirm Password inconsistent!')).toBeInTheDocument();
    await userEvent.clear(confirm());
    await userEvent.type(confirm(), 'Fresh-pass-2025');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));

    await screen.findByRole('heading', { name: 'Password changed' });
    expect(post).toHaveBeenLastCalledWith('/password-reset', { token: TOKEN, password: 'Fresh-pass-2025', confirmPassword: 'Fresh-pass-2025' }, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The portal's own sign-in: the authorize entry, with the address for the form.
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(takeCarriedLoginParams()).toEqual({ email: LINK.email });
  });

  it('a failed save keeps what was typed and says why; a format refusal goes on the field', async () => {
    openedFromMail();
    let answer: unknown = new ApiError(-10000, 'boom', 500);
    const { http } = fakeHttp({ '/password-reset/check': LINK, '/password-reset': () => answer });
    await renderView(http);
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await userEvent.type(password(), 'Fresh-pass-2025');
    await userEvent.type(confirm(), 'Fresh-pass-2025');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/unexpected/i);
    expect(password()).toHaveValue('Fresh-pass-2025');
    expect(confirm()).toHaveValue('Fresh-pass-2025');

    answer = new ApiError(-3063, 'format', 400);
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The password format is invalid.')).toBeInTheDocument();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
  });

  it('-3065: a commonly used password is refused on the field with the reason; the meter reads weak while it stays', async () => {
    openedFromMail();
    const { http, post } = fakeHttp({ '/password-reset/check': LINK, '/password-reset': (body: unknown) => ((body as { password: string }).password === 'Left4dead' ? new ApiError(-3065, 'too common', 400) : { email: LINK.email, serviceUrl: null }) });
    await renderView(http);
    await screen.findByRole('heading', { name: 'Choose a new password' });
    // On the server's list, not among the most common the meter knows: rated by its make-up at first.
    await userEvent.type(password(), 'Left4dead');
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'medium');
    await userEvent.type(confirm(), 'Left4dead');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('This password is too common: it appears in lists of often used or leaked passwords. Please choose a different one.')).toBeInTheDocument();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveFocus();
    expect(password()).toHaveAccessibleDescription(expect.stringContaining('too common'));
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'weak');
    expect(screen.getByText('Password strength: Weak (a commonly used password)')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Password changed' })).toBeNull();

    await userEvent.type(password(), '-Kq');
    expect(screen.getByTestId('strength-meter')).not.toHaveAttribute('data-common');
    await userEvent.clear(confirm());
    await userEvent.type(confirm(), 'Left4dead-Kq');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await screen.findByRole('heading', { name: 'Password changed' });
    expect(post).toHaveBeenLastCalledWith('/password-reset', { token: TOKEN, password: 'Left4dead-Kq', confirmPassword: 'Left4dead-Kq' }, expect.anything());
  });

  it('a used link offers a new mail to the same account in one click', async () => {
    openedFromMail();
    const { http, post } = fakeHttp({
      '/password-reset/check': new ApiError(-20679, 'used', 400, { reason: 'used' }),
      '/password-reset/renew': { email: LINK.email, resendAfterSeconds: 60 },
    });
    const { goTo } = await renderView(http);
    await screen.findByRole('heading', { name: 'This link was already used' });
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: LINK.email, purpose: 'reset', resendAfterSeconds: 60 }));
    expect(post).toHaveBeenCalledWith('/password-reset/renew', { token: TOKEN, language: 'en_US' }, expect.anything());
  });

  it('an expired link asked again too soon shows the wait and keeps the button disabled', async () => {
    openedFromMail();
    const { http } = fakeHttp({
      '/password-reset/check': new ApiError(-20679, 'expired', 400, { reason: 'expired' }),
      '/password-reset/renew': new ApiError(-11021, 'wait', 429, { retryAfterSeconds: 42 }),
    });
    await renderView(http);
    await screen.findByRole('heading', { name: 'This link has expired' });
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(/request another one in 42 s/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeDisabled();
  });

  it('an unknown link leads to the reset form; no token at all (a reload) says to open the mail again', async () => {
    openedFromMail('euw.forged');
    const { http } = fakeHttp({ '/password-reset/check': new ApiError(-20679, 'invalid', 400, { reason: 'invalid' }) });
    const first = await renderView(http);
    await screen.findByRole('heading', { name: 'This link does not work' });
    await userEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(first.goTo).toHaveBeenCalledWith('reset');
    first.unmount();

    resetMailLinkTokenForTests();
    openedFromMail(null);
    const { http: unused, post } = fakeHttp({});
    await renderView(unused);
    expect(await screen.findByRole('heading', { name: 'Open the link from your email' })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('a check that fails for another reason can be tried again', async () => {
    openedFromMail();
    let answer: unknown = new ApiError(-1, undefined, 0);
    const { http } = fakeHttp({ '/password-reset/check': () => answer });
    await renderView(http);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    answer = LINK;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });
});
