import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ERROR_CODES, type HttpClient } from '@portal/plugin-api';
import { renderPortal, resetMailLinkTokenForTests, stripTokensFromUrl, testRegistry } from '@portal/plugin-api/testing';
import yourData from './index';
import RestoreView from './RestoreView';

const INFO = { email: 'ana@example.com', eraseAt: Date.UTC(2026, 11, 15, 9, 30) };
const TOKEN = 'euw.AbCdEfGhIjKlMnOpQrStUv';

function restoreHttp(check: unknown, restore: unknown = INFO) {
  const settle = (value: unknown) => (value instanceof ApiError ? Promise.reject(value) : Promise.resolve(value));
  const post = vi.fn((path: string) => settle(path === '/account-restore/check' ? check : restore));
  return { post, client: { post } as unknown as HttpClient };
}

async function open(http: HttpClient, hash = `#token=${TOKEN}`, state: unknown = null) {
  window.history.replaceState(state, '', `/restore-account${hash}`);
  // As the app's start does, before anything renders.
  resetMailLinkTokenForTests();
  stripTokensFromUrl(window);
  renderPortal(<RestoreView timeZone="UTC" />, { registry: await testRegistry([yourData]), http, path: '/restore-account' });
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the restore link', () => {
  it('has the token out of the address before it renders, shows the ID, and restores it only on the button', async () => {
    const { post, client } = restoreHttp(INFO);
    await open(client);
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(await screen.findByText(/ana@example.com is closed and will be deleted for good/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/account-restore/check', { token: TOKEN });
    await userEvent.click(screen.getByRole('button', { name: 'Restore my ID' }));
    expect(post).toHaveBeenLastCalledWith('/account-restore', { token: TOKEN });
    expect(await screen.findByText(/ana@example.com is restored/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to sign-in' })).toBeInTheDocument();
  });

  it('says a used or altered link is not valid, and a late one that the time passed', async () => {
    await open(restoreHttp(new ApiError(ERROR_CODES.tokenExpired, undefined, 400, { reason: 'invalid' })).client);
    expect(await screen.findByRole('alert')).toHaveTextContent('not valid or was already used');
  });

  it('says when the time passed', async () => {
    await open(restoreHttp(new ApiError(ERROR_CODES.tokenExpired, undefined, 400, { reason: 'expired' })).client);
    expect(await screen.findByRole('alert')).toHaveTextContent('can no longer be restored');
  });

  it('a check that failed (offline) can be tried again', async () => {
    const { post, client } = restoreHttp(new ApiError(0, undefined, 0));
    await open(client);
    await screen.findByText('We could not check your restore link.');
    post.mockImplementation(() => Promise.resolve(INFO));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Restore my ID' })).toBeInTheDocument();
  });

  it('without a token: right after closing it says what follows; otherwise the link is not valid', async () => {
    const { post, client } = restoreHttp(INFO);
    await open(client, '', { closedId: INFO });
    expect(screen.getByRole('heading', { name: 'Your ID is closed' })).toBeInTheDocument();
    expect(screen.getByText(/No one can sign in with ana@example.com now/)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
