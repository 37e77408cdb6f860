import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '@portal/plugin-api';
import { deferred, renderPortal, resetMailLinkTokenForTests, stripTokensFromUrl, takeMailLinkToken, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import EmailCodeView from './EmailCodeView';
import emailCode from './index';

type Post = (path: string, body?: unknown, options?: unknown) => Promise<unknown>;

const HAND_OFF = { serviceUrl: `${window.location.origin}/api/authorize`, redirectParams: { session_code: 'sc-1' } };
const EMAIL = 'ana.novak@partner.test';
const MAILED = { email: EMAIL, processId: 'p-1', resendAfterSeconds: 60, expiresIn: 600 };

function fakeHttp(post: Post) {
  return {
    post: vi.fn(post),
    get: vi.fn(async (path: string) => (path === '/redirect/allow-urls' ? { allowUrls: [window.location.origin] } : null)),
  } as unknown as HttpClient & { post: ReturnType<typeof vi.fn<Post>> };
}

const logins = (http: { post: ReturnType<typeof vi.fn<Post>> }) => http.post.mock.calls.filter(([path]) => path === '/login');

async function renderView(options: { http: HttpClient; data?: unknown }) {
  const registry = await testRegistry([emailCode]);
  const page = testLoginPage({ views: ['signIn', 'emailCode', 'locked'], query: new URLSearchParams('session_code=sc-1&module=emailCode') });
  const goTo = vi.fn();
  const utils = renderPortal(page.wrap(<EmailCodeView goTo={goTo} data={options.data} />), { registry, http: options.http, path: '/login' });
  return { ...utils, goTo };
}

const codeField = () => screen.getByRole('textbox', { name: /^Sign-in code/ });
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

afterEach(() => {
  vi.unstubAllGlobals();
  takeMailLinkToken();
  resetMailLinkTokenForTests();
  window.history.replaceState(null, '', '/');
});

describe('EmailCodeView: the mailed code', () => {
  it('asks for the code in a field made for it, focused', async () => {
    await renderView({ http: fakeHttp(async () => HAND_OFF), data: MAILED });
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(`We sent a 6-digit code to ${EMAIL}. It is valid for 10 minutes.`)).toBeInTheDocument();
    const field = codeField();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('maxlength', '6');
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('refuses a code that is not 6 digits, without calling the server', async () => {
    const http = fakeHttp(async () => HAND_OFF);
    await renderView({ http, data: MAILED });
    await userEvent.type(codeField(), '12a45');
    await userEvent.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6 digits from the email.');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveValue('12a45');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('signs in with the code, its process and the address, no password, in this login session, and hands off', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
    const http = fakeHttp(async () => HAND_OFF);
    await renderView({ http, data: MAILED });
    await userEvent.type(codeField(), '123456{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${HAND_OFF.serviceUrl}?session_code=sc-1`));
    const [[path, body, options]] = logins(http) as [[string, Record<string, unknown>, { headers: Record<string, string> }]];
    expect(path).toBe('/login');
    expect(body).toEqual({ email: EMAIL, emailCode: '123456', emailCodeProcessId: 'p-1', language: 'en_US' });
    expect(body).not.toHaveProperty('password');
    expect(options.headers).toEqual({ session_code: 'sc-1' });
  });

  it('a wrong code: says so on the field with the attempts left, keeps what was typed and the focus there', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20601, 'wrong', 400, { remainAttempts: 3, failedAttempts: 2, lockedMinutes: 15 })));
    await renderView({ http, data: MAILED });
    await userEvent.type(codeField(), '111111');
    await userEvent.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code. 3 attempts left.');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAttribute('aria-describedby', expect.stringContaining(screen.getByRole('alert').id));
    expect(codeField()).toHaveValue('111111');
    await waitFor(() => expect(codeField()).toHaveFocus());
  });

  it('warns before the last attempt, with the lock it would bring', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20601, 'wrong', 400, { remainAttempts: 1, failedAttempts: 4, lockedMinutes: 90 })));
    await renderView({ http, data: MAILED });
    await userEvent.type(codeField(), '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code. One more failed attempt locks your account for 1 h 30 min.');
  });

  it('an expired, spent or replaced code says to send a new one', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20676, 'expired', 400)));
    await renderView({ http, data: MAILED });
    await userEvent.type(codeField(), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired or a newer one was sent. Send a new code.');
    expect(codeField()).toHaveValue('123456');
  });

  it('a locked account goes to the locked view', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20004, 'locked', 403, { lockedMinutes: 15 })));
    const { goTo } = await renderView({ http, data: MAILED });
    await userEvent.type(codeField(), '123456{Enter}');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('locked', { lockedMinutes: 15, email: EMAIL }));
  });

  it('the last wrong attempt (none left) goes to the locked view too', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20601, 'wrong', 400, { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 })));
    const { goTo } = await renderView({ http, data: MAILED });
    await userEvent.type(codeField(), '123456{Enter}');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('locked', { lockedMinutes: 30, email: EMAIL }));
  });

  it('counts down before a new code may be sent; a new code replaces the process the next sign-in uses', async () => {
    const nextProcess = 'p-2';
    const http = fakeHttp(async (path) => {
      if (path === '/login/email-code') return { processId: nextProcess, resendAfterSeconds: 60, expiresIn: 600 };
      return Promise.reject(new ApiError(-20601, 'wrong', 400, { remainAttempts: 4 }));
    });
    const { unmount } = await renderView({ http, data: MAILED });
    expect(screen.getByRole('button', { name: 'Send a new code in 60 s' })).toBeDisabled();
    unmount();

    await renderView({ http, data: { ...MAILED, resendAfterSeconds: 0 } });
    await userEvent.type(codeField(), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('button', { name: 'Send a new code in 60 s' })).toBeDisabled();
    expect(http.post).toHaveBeenCalledWith('/login/email-code', { email: EMAIL, language: 'en_US' }, expect.objectContaining({ headers: { session_code: 'sc-1' } }));
    expect(screen.getByRole('status')).toHaveTextContent('We sent a new code. The one before no longer works.');
    // The old code's digits went with it; the field waits for the new one.
    expect(codeField()).toHaveValue('');
    await waitFor(() => expect(codeField()).toHaveFocus());
    await userEvent.type(codeField(), '777777{Enter}');
    await waitFor(() => expect(logins(http)).toHaveLength(1));
    expect(logins(http)[0]![1]).toMatchObject({ emailCode: '777777', emailCodeProcessId: 'p-2' });
  });

  it('a new code asked for too soon says how long to wait, and what was typed stays', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-60001, 'wait', 429, { retryAfterSeconds: 37 })));
    await renderView({ http, data: { ...MAILED, resendAfterSeconds: 0 } });
    await userEvent.type(codeField(), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You asked for a code a moment ago. Try again in 37 s.');
    expect(codeField()).toHaveValue('12');
  });

  it('back to sign-in keeps the address', async () => {
    const { goTo } = await renderView({ http: fakeHttp(async () => HAND_OFF), data: MAILED });
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(goTo).toHaveBeenCalledWith('signIn', { email: EMAIL });
  });
});

describe('EmailCodeView: the mailed link', () => {
  const LINK_TOKEN = 'A'.repeat(43);
  const tokenOf = (email: string) => `p-link.${LINK_TOKEN}.${Buffer.from(email, 'utf8').toString('base64url')}`;
  function openedFromMail(token: string) {
    window.history.replaceState(null, '', `/login?module=emailCode&session_code=sc-1&lang=en_US#token=${encodeURIComponent(token)}`);
    stripTokensFromUrl(window);
  }

  it('signs in at once with the link token’s parts, saying so, and never shows the token', async () => {
    openedFromMail(tokenOf(EMAIL));
    const answer = deferred<unknown>();
    const http = fakeHttp(() => answer.promise);
    await renderView({ http });
    expect(await screen.findByRole('status')).toHaveTextContent('Signing you in…');
    await waitFor(() => expect(logins(http)).toHaveLength(1));
    const [, body, options] = logins(http)[0]! as [string, Record<string, unknown>, { headers: Record<string, string> }];
    expect(body).toEqual({ email: EMAIL, emailCode: LINK_TOKEN, emailCodeProcessId: 'p-link', language: 'en_US' });
    expect(options.headers).toEqual({ session_code: 'sc-1' });
    expect(document.body.innerHTML).not.toContain(LINK_TOKEN);
    expect(window.location.hash).toBe('');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
    answer.resolve(HAND_OFF);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${HAND_OFF.serviceUrl}?session_code=sc-1`));
    expect(logins(http)).toHaveLength(1);
  });

  it('an expired or used link says so and offers a new code to the same address', async () => {
    openedFromMail(tokenOf(EMAIL));
    const http = fakeHttp(async (path) => (path === '/login' ? Promise.reject(new ApiError(-20676, 'expired', 400)) : { processId: 'p-new', resendAfterSeconds: 60, expiresIn: 600 }));
    await renderView({ http });
    expect(await screen.findByRole('heading', { name: 'This link has expired or was already used' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue(EMAIL);
    expect(document.body.innerHTML).not.toContain(LINK_TOKEN);
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(http.post).toHaveBeenLastCalledWith('/login/email-code', { email: EMAIL, language: 'en_US' }, expect.anything());
  });

  it('a link opened in another browser than the one that asked says where it works, and offers a new code here', async () => {
    openedFromMail(tokenOf(EMAIL));
    const http = fakeHttp(async (path) => (path === '/login' ? Promise.reject(new ApiError(-20676, 'other browser', 400, { reason: 'otherBrowser' })) : { processId: 'p-new', resendAfterSeconds: 60, expiresIn: 600 }));
    await renderView({ http });
    expect(await screen.findByRole('heading', { name: 'Open this link where you asked for the code' })).toBeInTheDocument();
    expect(screen.getByText(/works only in the browser where you asked for the code/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue(EMAIL);
    expect(document.body.innerHTML).not.toContain(LINK_TOKEN);
  });

  it('a cut link signs nobody in and asks for the address', async () => {
    openedFromMail('p-link.only-two-parts');
    const http = fakeHttp(async () => HAND_OFF);
    await renderView({ http });
    expect(screen.getByRole('heading', { name: 'This link has expired or was already used' })).toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
  });
});

describe('EmailCodeView: opened with nothing (a reload)', () => {
  it('asks for the address, checks it, then mails a code and asks for it', async () => {
    const http = fakeHttp(async () => ({ processId: 'p-9', resendAfterSeconds: 60, expiresIn: 300 }));
    await renderView({ http });
    expect(screen.getByRole('heading', { name: 'Sign in with a code by email' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), `${EMAIL}{Enter}`);
    expect(await screen.findByText(`We sent a 6-digit code to ${EMAIL}. It is valid for 5 minutes.`)).toBeInTheDocument();
    await waitFor(() => expect(codeField()).toHaveFocus());
  });
});
