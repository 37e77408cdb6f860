import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '@portal/plugin-api';
import { renderPortal, testRegistry } from '@portal/plugin-api/testing';
import endSession from './index';
import { LOGOUT_REQUEST_CALL, sameOriginPath, type LogoutRequest } from './logoutRequest';
import SignedOutView from './SignedOutView';
import SignOutView from './SignOutView';

const REQUEST: LogoutRequest = { clientName: 'Partner Shop', email: 'ana.novak@partner-example.com', xsrf: 'xsrf-123', action: '/api/oidc/session/end/confirm' };

function httpAnswering(...answers: Array<LogoutRequest | Error>) {
  const get = vi.fn(async (path: string) => {
    expect(path).toBe(LOGOUT_REQUEST_CALL);
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  return { http: { get } as unknown as HttpClient, get };
}

async function show(http: HttpClient) {
  return renderPortal(<SignOutView />, { registry: await testRegistry([endSession]), http, path: '/signout' });
}

afterEach(() => vi.restoreAllMocks());

describe("the portal's header", () => {
  it('shows the brand and the language menu above the sign-out question and after signing out, like the login pages', async () => {
    const { http } = httpAnswering(REQUEST);
    const { unmount } = await show(http);
    await screen.findByRole('heading', { name: 'Sign out of Unified ID?' });
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('Unified ID');
    expect(within(header).getByRole('button', { name: /English/ })).toHaveAttribute('aria-haspopup', 'menu');
    unmount();
    renderPortal(<SignedOutView />, { registry: await testRegistry([endSession]), http, path: '/signed-out' });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: /English/ })).toBeInTheDocument();
  });
});

describe('the sign-out question', () => {
  it('names the service and the account, and answers with a form post of the anti-forgery value to the provider', async () => {
    const { http, get } = httpAnswering(REQUEST);
    const { container } = await show(http);
    const heading = await screen.findByRole('heading', { name: 'Sign out of Unified ID?' });
    // The focus moves to the heading in an effect after it shows (under load, a moment later).
    await waitFor(() => expect(heading).toHaveFocus());
    expect(get).toHaveBeenCalledWith(LOGOUT_REQUEST_CALL, expect.objectContaining({ auth: 'none' }));
    expect(screen.getByText('Partner Shop asked to sign you out.')).toBeInTheDocument();
    const account = screen.getByTestId('signed-in-as');
    expect(account.textContent).toBe('Signed in as ana.novak@partner-example.com');
    // The address wraps after its @ (or before a dot), never inside a word: "partner-" / "example.com" was cut at 375 px.
    expect(account.querySelector('bdi')?.innerHTML.replace(/<span[^>]*>|<\/span>/g, '')).toBe('ana<wbr>.novak@<wbr>partner-example<wbr>.com');
    expect(getComputedStyle(within(account).getByText('partner-example')).whiteSpace).toBe('nowrap');
    const form = container.querySelector('form')!;
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/oidc/session/end/confirm');
    expect(Object.fromEntries(new FormData(form))).toEqual({ xsrf: 'xsrf-123' });
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    expect(signOut).toHaveAttribute('type', 'submit');
    expect(signOut).toHaveAttribute('name', 'logout');
    expect(signOut).toHaveAttribute('value', 'yes');
    const stay = screen.getByRole('button', { name: 'Stay signed in to Unified ID' });
    expect(stay).not.toHaveAttribute('name');
    expect(screen.getByText('Either way, you will be signed out of Partner Shop.')).toBeInTheDocument();
  });

  it('shows the chosen answer as in progress and the other one off while the browser posts', async () => {
    const { http } = httpAnswering(REQUEST);
    const { container } = await show(http);
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    const form = container.querySelector('form')!;
    // jsdom does not navigate: the submit event with its submitter is what the view sees.
    form.addEventListener('submit', (e) => e.preventDefault());
    await userEvent.click(signOut);
    await waitFor(() => expect(signOut).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('button', { name: 'Stay signed in to Unified ID' })).toBeDisabled();
  });

  it('words the question without a service or an address when the server knows neither', async () => {
    const { http } = httpAnswering({ ...REQUEST, clientName: null, email: null });
    await show(http);
    expect(await screen.findByText('A connected service asked to sign you out.')).toBeInTheDocument();
    expect(screen.queryByText(/Signed in as/)).toBeNull();
    expect(screen.queryByText(/Either way/)).toBeNull();
  });

  it('says there is nothing to sign out of when no request is pending (answered, expired, another browser)', async () => {
    const { http } = httpAnswering(new ApiError(-20651, 'none', 404));
    await show(http);
    expect(await screen.findByRole('heading', { name: 'Nothing to sign out of' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to my account' })).toBeInTheDocument();
  });

  it('keeps the request when loading fails, and tries again on request', async () => {
    const { http, get } = httpAnswering(new ApiError(0, undefined, 0), REQUEST);
    await show(http);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('never posts anywhere but a path of this origin', async () => {
    expect(sameOriginPath('/api/oidc/session/end/confirm')).toBe('/api/oidc/session/end/confirm');
    for (const bad of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/a?b=c']) expect(sameOriginPath(bad)).toBeNull();
    const { http } = httpAnswering({ ...REQUEST, action: 'https://evil.example/collect' });
    const { container } = await show(http);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(container.querySelector('form')).toBeNull();
  });
});

describe('after signing out', () => {
  it('says so and offers a new sign-in', async () => {
    const { http } = httpAnswering(REQUEST);
    renderPortal(<SignedOutView />, { registry: await testRegistry([endSession]), http, path: '/signed-out' });
    expect(screen.getByRole('heading', { name: 'You are signed out' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('You have been signed out of Unified ID.');
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
  });
});
