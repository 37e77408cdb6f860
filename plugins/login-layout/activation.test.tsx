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
import ActivationView from './ActivationView';
import layout from './index';

type Post = (path: string, body?: unknown) => Promise<unknown>;
const TOKEN = 'euw.activation-token-456';
const EMAIL = 'mia.link@example.com';

function fakeHttp(answers: Record<string, unknown | (() => unknown)>) {
  const post = vi.fn<Post>(async (path) => {
    const answer = answers[path];
    const value = typeof answer === 'function' ? (answer as () => unknown)() : answer;
    if (value instanceof ApiError) throw value;
    return value;
  });
  return { http: { get: vi.fn(async () => ({ allowUrls: [] })), post } as unknown as HttpClient, post };
}

async function renderView(http: HttpClient, token: string | null = TOKEN) {
  window.history.replaceState(null, '', `/login?module=activation&lang=en_US&client=portal${token ? `#token=${token}` : ''}`);
  stripTokensFromUrl(window);
  const registry = await testRegistry([layout]);
  const { wrap } = testLoginPage({ query: new URLSearchParams('module=activation&client=portal') });
  const goTo = vi.fn();
  const utils = renderPortal(wrap(<ActivationView goTo={goTo} />), { registry, http, path: '/login' });
  return { ...utils, goTo };
}

beforeEach(() => {
  takeMailLinkToken();
  resetMailLinkTokenForTests();
  sessionStorage.clear();
});

describe('ActivationView: the page the activation mail links to', () => {
  it('activates with the token (a POST), confirms, and signs in at the portal with the address', async () => {
    const { http, post } = fakeHttp({ '/activations/verify': { email: EMAIL, serviceUrl: null } });
    const { location } = await renderView(http);
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('status')).toHaveTextContent('Activating your ID…');
    await screen.findByRole('heading', { name: 'Your ID is activated' });
    expect(post).toHaveBeenCalledWith('/activations/verify', { token: TOKEN }, expect.anything());
    expect(screen.getByTestId('activated-address')).toHaveTextContent(EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(takeCarriedLoginParams()).toEqual({ email: EMAIL });
  });

  it('a contested registration: the link asks for the newest password, refuses another at the field, then activates', async () => {
    let answer: unknown = new ApiError(-10020, 'password', 400, { field: 'password', reason: 'contested' });
    const { http, post } = fakeHttp({ '/activations/verify': () => answer });
    await renderView(http);
    await screen.findByRole('heading', { name: 'Enter your password to activate' });
    const field = screen.getByLabelText(/^Password/, { selector: 'input' });
    await waitFor(() => expect(field).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Activate my ID' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1); // nothing sent without a password

    answer = new ApiError(-20601, 'wrong', 400, { field: 'password', reason: 'contested' });
    await userEvent.type(field, 'Not-the-newest-1');
    await userEvent.click(screen.getByRole('button', { name: 'Activate my ID' }));
    expect(await screen.findByText(/^That is not the password of the most recent registration/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('Not-the-newest-1'); // nothing typed is lost
    expect(post).toHaveBeenLastCalledWith('/activations/verify', { token: TOKEN, password: 'Not-the-newest-1' }, expect.anything());

    answer = { email: EMAIL, serviceUrl: null };
    await userEvent.clear(field);
    await userEvent.type(field, 'The-newest-1');
    await userEvent.click(screen.getByRole('button', { name: 'Activate my ID' }));
    await screen.findByRole('heading', { name: 'Your ID is activated' });
    expect(post).toHaveBeenLastCalledWith('/activations/verify', { token: TOKEN, password: 'The-newest-1' }, expect.anything());
  });

  it('a link of an ID that is already active says so and still offers sign-in', async () => {
    const { http } = fakeHttp({ '/activations/verify': new ApiError(-20623, 'already', 400, { email: EMAIL, serviceUrl: null }) });
    await renderView(http);
    expect(await screen.findByRole('heading', { name: 'Your ID is already active' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('an expired link asked again too soon shows the wait', async () => {
    const { http } = fakeHttp({
      '/activations/verify': new ApiError(-20679, 'expired', 400, { reason: 'expired' }),
      '/activations/renew': new ApiError(-60001, 'wait', 429, { retryAfterSeconds: 37 }),
    });
    const { goTo } = await renderView(http);
    await screen.findByRole('heading', { name: 'This activation link has expired' });
    await userEvent.click(screen.getByRole('button', { name: 'Send a new activation email' }));
    expect(await screen.findByText(/request another one in 37 s/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new activation email' })).toBeDisabled();
    expect(goTo).not.toHaveBeenCalled();

  });

  it('an expired link: the new mail goes to the email-sent view', async () => {
    const { http, post } = fakeHttp({
      '/activations/verify': new ApiError(-20679, 'expired', 400, { reason: 'expired' }),
      '/activations/renew': { email: EMAIL, resendAfterSeconds: 60 },
    });
    const { goTo } = await renderView(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new activation email' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: EMAIL, purpose: 'activation', resendAfterSeconds: 60 }));
    expect(post).toHaveBeenLastCalledWith('/activations/renew', { token: TOKEN, language: 'en_US' }, expect.anything());
  });

  it('an unknown link, or none, explains and offers sign-in (which re-sends the mail for an inactive ID)', async () => {
    const { http } = fakeHttp({ '/activations/verify': new ApiError(-20679, 'invalid', 400, { reason: 'invalid' }) });
    const first = await renderView(http);
    expect(await screen.findByRole('heading', { name: 'This activation link does not work' })).toBeInTheDocument();
    first.unmount();
    resetMailLinkTokenForTests();
    const { http: none, post } = fakeHttp({});
    await renderView(none, null);
    expect(await screen.findByRole('heading', { name: 'Open the link from your email' })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('a failed call can be tried again', async () => {
    let answer: unknown = new ApiError(-10000, 'boom', 500);
    const { http } = fakeHttp({ '/activations/verify': () => answer });
    await renderView(http);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your ID could not be activated yet' })).toBeInTheDocument();
    answer = { email: EMAIL, serviceUrl: null };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your ID is activated' })).toBeInTheDocument();
  });
});
