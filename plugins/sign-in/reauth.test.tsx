import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HttpClient, type LoginPageInfo } from '@portal/plugin-api';
import { renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import signIn from './index';
import SignInView from './SignInView';

const ACCOUNT = 'dana@partner.example';
const info = (reauthenticate: LoginPageInfo['reauthenticate']): LoginPageInfo => ({
  carouselInfos: [],
  language: null,
  title: null,
  titleLogoUrl: null,
  logoUrl: null,
  signUpUrl: null,
  clientId: 'shop',
  clientName: 'Shop',
  reauthenticate,
});

const reload = vi.fn();
const assign = vi.fn();
beforeEach(() => {
  reload.mockReset();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, reload, assign, origin: window.location.origin, href: window.location.href });
});
afterEach(() => vi.unstubAllGlobals());

async function render(pageInfo: LoginPageInfo, post: ReturnType<typeof vi.fn> = vi.fn(async (): Promise<unknown> => ({ serviceUrl: `${window.location.origin}/api/oidc/interaction/u`, redirectParams: {} }))) {
  const http = { post, get: vi.fn(async () => ({ allowUrls: [] })) } as unknown as HttpClient;
  const registry = await testRegistry([signIn]);
  const page = testLoginPage({ query: new URLSearchParams('session_code=sc-1&email=other@example.com'), pageInfo });
  renderPortal(page.wrap(<SignInView goTo={vi.fn()} data={undefined} />), { registry, http });
  return { post };
}

describe('re-authentication (a service asked the signed-in account for its password again)', () => {
  it('shows who is asked, by which service; the address is the signed-in one and cannot be changed', async () => {
    await render(info({ email: ACCOUNT }));
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByText('Shop asks you to enter your password again to continue.')).toBeTruthy();
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe(ACCOUNT);
    expect(email.readOnly).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
    // No sign-up offer here: this is the signed-in account's password.
    expect(screen.queryByText('Create one')).toBeNull();
  });

  it('signs in with the signed-in address and the new password', async () => {
    const { post } = await render(info({ email: ACCOUNT }));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Sunny-Day-42{Enter}');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/login', expect.objectContaining({ email: ACCOUNT, password: 'Sunny-Day-42' }), expect.objectContaining({ headers: { session_code: 'sc-1' } })));
  });

  it('"use another account" signs out of the portal, then opens the page again', async () => {
    const { post } = await render(info({ email: ACCOUNT }), vi.fn(async (): Promise<unknown> => ({ loggedOut: true })));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out and use another account' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/logout', undefined, expect.anything());
  });

  it('without the server saying so, the ordinary form (the link address, editable)', async () => {
    await render(info(null));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('other@example.com');
    expect(email.readOnly).toBe(false);
    expect(screen.queryByRole('button', { name: 'Sign out and use another account' })).toBeNull();
  });
});
