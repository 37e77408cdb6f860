import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '@portal/plugin-api';
import {
  buildRegistry,
  renderPortal,
  testDeployment,
  testLoginPage,
  testRegistry,
} from '@portal/plugin-api/testing';
import reset, { DEFAULT_SUPPORT_URL } from './index';
import ResetView from './ResetView';

type Post = (path: string, body?: unknown, options?: unknown) => Promise<unknown>;

function fakeHttp(post: Post) {
  return { get: vi.fn(async () => null), post: vi.fn(post) } as unknown as HttpClient & { post: ReturnType<typeof vi.fn<Post>> };
}

const mailSent = (email: string) => async () => ({ email, resendAfterSeconds: 60 });
const failing = (error: ApiError) => async () => Promise.reject(error);

async function renderReset(options: { http: HttpClient; data?: unknown; views?: string[]; config?: Record<string, unknown>; query?: string }) {
  const registry = await testRegistry([reset], { reset: options.config ?? {} });
  const { wrap } = testLoginPage({ views: options.views, query: new URLSearchParams(options.query ?? '') });
  const goTo = vi.fn();
  const utils = renderPortal(wrap(<ResetView goTo={goTo} data={options.data} />), { registry, http: options.http });
  return { ...utils, goTo };
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const submitButton = () => screen.getByRole('button', { name: 'Send reset email' });

afterEach(() => {
  vi.useRealTimers();
});

describe('reset plugin manifest', () => {
  it('contributes the reset login view and its namespace', async () => {
    const registry = await testRegistry([reset]);
    expect(registry.loginViews.map((v) => [v.pluginId, v.value.id, v.value.module])).toEqual([
      ['reset', 'reset', undefined],
      ['reset', 'newPassword', 'newPassword'],
    ]);
    expect(registry.guards.map((g) => g.value.id)).toContain('reset/new-password-link');
    expect(registry.namespaces.map((n) => n.value)).toEqual(['reset']);
    expect(registry.pluginConfigs.get('reset')).toEqual({ supportUrl: DEFAULT_SUPPORT_URL });
  });

  it.each([
    [{ supportUrl: 'javascript:alert(1)' }, "Plugin 'reset': config field 'supportUrl': must be an http(s) URL"],
    [{ colour: 'red' }, "Plugin 'reset': config field 'colour': is not a known field; expected one of: supportUrl"],
  ])('rejects bad config %j', async (config, message) => {
    await expect(buildRegistry([reset], { reset: { enabled: true, config } }, testDeployment)).rejects.toThrow(message);
  });
});

describe('ResetView: validation (spec section 5, on blur)', () => {
  it('says the email is required when it is emptied, not when a click only passes through it', async () => {
    await renderReset({ http: fakeHttp(mailSent('x')) });
    await userEvent.click(emailField());
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('This field is required')).toBeNull();
    await userEvent.type(emailField(), 'a');
    await userEvent.clear(emailField());
    await userEvent.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('This field is required');
  });

  it.each([
    ['not-an-email', 'Enter a valid email address.'],
    [`${'a'.repeat(60)}@example.com`, 'The email address can have at most 64 characters.'],
    ['someone@corp.internal', 'Addresses of internal domains cannot be used.'],
    ['someone@corp.invalid', 'Addresses of internal domains cannot be used.'],
  ])('rejects %s on blur', async (value, message) => {
    await renderReset({ http: fakeHttp(mailSent('x')) });
    await userEvent.type(emailField(), value);
    await userEvent.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('does not call the server with an invalid form', async () => {
    const http = fakeHttp(mailSent('x'));
    await renderReset({ http });
    await userEvent.click(submitButton());
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
  });
});

describe('ResetView: requesting the email', () => {
  it('prefills the email the sign-in view passes', async () => {
    await renderReset({ http: fakeHttp(mailSent('x')), data: { email: 'ana@partner.test' } });
    expect(emailField()).toHaveValue('ana@partner.test');
  });

  it('sends email and language without a token, then goes to the email-sent view', async () => {
    const http = fakeHttp(async () => ({ email: 'ana@partner.test', resendAfterSeconds: 45 }));
    const { goTo } = await renderReset({ http, query: 'session_code=sc-demo' });
    await userEvent.type(emailField(), ' ana@partner.test ');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: 'ana@partner.test', purpose: 'reset', resendAfterSeconds: 45 }));
    // The login session goes along: the mailed link belongs to the service the reset started from.
    expect(http.post).toHaveBeenCalledWith('/auth/password-reset-request', { email: 'ana@partner.test', language: 'en_US' }, { auth: 'none', headers: { session_code: 'sc-demo' } });
  });

  it('shows a loading state on the button while the call runs', async () => {
    let answer!: (value: unknown) => void;
    const http = fakeHttp(() => new Promise((resolve) => (answer = resolve)));
    const { goTo } = await renderReset({ http, data: { email: 'ana@partner.test' } });
    await userEvent.click(submitButton());
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(submitButton());
    expect(http.post).toHaveBeenCalledTimes(1);
    await act(async () => answer({ email: 'ana@partner.test', resendAfterSeconds: 60 }));
    expect(goTo).toHaveBeenCalledWith('email', { email: 'ana@partner.test', purpose: 'reset', resendAfterSeconds: 60 });
  });

  it('goes back to sign-in when that view exists', async () => {
    const { goTo } = await renderReset({ http: fakeHttp(mailSent('x')), query: 'session_code=sc-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(goTo).toHaveBeenCalledWith('signIn');
  });

  it('on a mailed link page (no login session) goes back through the authorize entry', async () => {
    const { goTo, location } = await renderReset({ http: fakeHttp(mailSent('x')), query: 'module=newPassword&client=portal' });
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(goTo).not.toHaveBeenCalled();
    expect(location.history?.at(-1)).toBe('/');
  });

  it('offers no way back when the page has no sign-in view', async () => {
    await renderReset({ http: fakeHttp(mailSent('x')), views: ['reset', 'email'] });
    expect(screen.queryByRole('button', { name: 'Back to sign in' })).not.toBeInTheDocument();
  });
});

describe('ResetView: server errors (spec section 8)', () => {
  it.each([
    [-3086, 'This user does not exist.'],
    [-20652, 'This user does not exist.'],
    [-20600, 'The account does not exist.'],
  ])('%i shows the catalogue message on the email field', async (code, message) => {
    const { goTo } = await renderReset({ http: fakeHttp(failing(new ApiError(code, 'server text', 404))), data: { email: 'nobody@partner.test' } });
    await userEvent.click(submitButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription(message);
    expect(emailField()).toHaveFocus();
    expect(emailField()).toHaveValue('nobody@partner.test');
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.queryByText('server text')).not.toBeInTheDocument();
  });

  it('-11021 asks to wait, counts the seconds down and keeps the button disabled until then', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const http = fakeHttp(failing(new ApiError(-11021, 'wait', 429, { retryAfterSeconds: 42 })));
    await renderReset({ http, data: { email: 'ana@partner.test' } });
    await userEvent.click(submitButton());
    expect(await screen.findByText('A reset email was requested a moment ago. You can request another one in 42 s.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Please wait 42 seconds before requesting another reset email.');
    expect(submitButton()).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('reset-wait')).toHaveTextContent('in 41 s.');
    act(() => vi.advanceTimersByTime(40_000));
    expect(screen.getByTestId('reset-wait')).toHaveTextContent('in 1 s.');
    expect(submitButton()).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('reset-wait')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('You can request another reset email now.');
    expect(emailField()).toHaveValue('ana@partner.test');
  });

  it('-11021 without a result waits the 60 s of spec section 9', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await renderReset({ http: fakeHttp(failing(new ApiError(-11021, 'wait', 429))), data: { email: 'ana@partner.test' } });
    await userEvent.click(submitButton());
    expect(await screen.findByTestId('reset-wait')).toHaveTextContent('in 60 s.');
    act(() => vi.advanceTimersByTime(59_000));
    expect(submitButton()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(submitButton()).toBeEnabled();
  });

  it('-5001 opens a warning dialog with a contact-support link to the default support URL', async () => {
    await renderReset({ http: fakeHttp(failing(new ApiError(-5001, 'mail failed', 502))), data: { email: 'ana@partner.test' } });
    await userEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Warning')).toBeInTheDocument();
    expect(within(dialog).getByText('The password reset email could not be sent.')).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: /Contact support/ });
    expect(link).toHaveAttribute('href', DEFAULT_SUPPORT_URL);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(emailField()).toHaveValue('ana@partner.test');
  });

  it('-5001 links to the configured support URL', async () => {
    await renderReset({
      http: fakeHttp(failing(new ApiError(-5001, 'mail failed', 502))),
      data: { email: 'ana@partner.test' },
      config: { supportUrl: 'https://help.vendor.test/contact' },
    });
    await userEvent.click(submitButton());
    expect(await screen.findByRole('link', { name: /Contact support/ })).toHaveAttribute('href', 'https://help.vendor.test/contact');
  });

  it.each([
    [new ApiError(-10000, 'boom', 500), 'An unexpected error occurred. Please try again later.'],
    [new ApiError(-60001, 'slow down', 429), 'Too many requests. Please try again later.'],
    [new ApiError(0, undefined, 0), 'Network error. Check your connection and try again.'],
    [new ApiError(-12345, 'Something only the server knows', 400), 'Something only the server knows'],
  ])('other errors show as an inline error message (%s)', async (error, message) => {
    const { goTo } = await renderReset({ http: fakeHttp(failing(error)), data: { email: 'ana@partner.test' } });
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    expect(emailField()).toHaveValue('ana@partner.test');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('clears the error message when the request is sent again and succeeds', async () => {
    const http = fakeHttp(failing(new ApiError(-10000, 'boom', 500)));
    const { goTo } = await renderReset({ http, data: { email: 'ana@partner.test' } });
    await userEvent.click(submitButton());
    await screen.findByRole('alert');
    http.post.mockImplementation(mailSent('ana@partner.test'));
    await userEvent.click(submitButton());
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', expect.objectContaining({ purpose: 'reset' })));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
