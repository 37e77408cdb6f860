import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  dismissToast,
  getToast,
  type HttpClient,
  type LocalAccountItem,
  type LocalAccountsResult,
} from '@portal/plugin-api';
import { renderPortal, resetRegionWhiteList, testRegistry } from '@portal/plugin-api/testing';
import migration from './index';
import MergeAccountsPage from './MergeAccountsPage';

const vendor: LocalAccountItem = {
  email: 'dana@example.com', identityProvider: 'vendorId', uuidProvider: 'v-dana', firstName: 'Dana', lastName: 'Demo', region: 'Euw',
  mfa: false, subscription: true, productLine: null, subscriptionTopic: null,
};
const app: LocalAccountItem = { ...vendor, identityProvider: 'partnerApp', uuidProvider: 'pa-dana', region: null, productLine: 'NVR', subscriptionTopic: 'news' };
const program: LocalAccountItem = { ...app, identityProvider: 'partnerProgram', uuidProvider: 'pp-dana' };

type Get = (path: string, options?: Record<string, unknown>) => Promise<unknown>;
type Post = (path: string, body: unknown, options: Record<string, unknown>) => Promise<unknown>;

function fakeHttp(lists: Array<LocalAccountsResult | ApiError>, post: Post = async () => ({ email: 'dana@example.com', merged: ['pa-dana'] })) {
  const queue = [...lists];
  const get = vi.fn<Get>(async (path) => {
    if (path === '/region/white-list') return { Use: ['US'], Aps: ['SG'], Euw: ['DE'] };
    if (path !== '/accounts/local-accounts') throw new Error(`unexpected GET ${path}`);
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (next instanceof ApiError) throw next;
    return next;
  });
  return { get, post: vi.fn<Post>(post) } as unknown as HttpClient & { get: typeof get; post: ReturnType<typeof vi.fn<Post>> };
}

async function renderPage(http: ReturnType<typeof fakeHttp>) {
  const registry = await testRegistry([migration], { migration: { supportUrl: 'https://support.example/help' } });
  return renderPortal(<MergeAccountsPage />, { registry, http, path: '/accountSetting/mergeAccounts' });
}

const LIST: LocalAccountsResult = { vendor, accounts: [program, app], migrationToken: 'mt-1' };
const AFTER: LocalAccountsResult = { vendor, accounts: [program], migrationToken: 'mt-2' };

beforeEach(() => {
  resetRegionWhiteList();
  dismissToast();
});

describe('merge accounts page', () => {
  it('is an accountSetting child outside the menu', async () => {
    const registry = await testRegistry([migration]);
    expect(registry.routes.map((r) => [r.value.path, r.value.parent])).toEqual([['mergeAccounts', 'accountSetting']]);
    expect(registry.menu).toEqual([]);
  });

  it('loads the local accounts from the regional host and merges the chosen one with its password', async () => {
    const http = fakeHttp([LIST, AFTER]);
    await renderPage(http);
    expect(http.get).toHaveBeenCalledWith('/accounts/local-accounts', expect.objectContaining({ scope: 'regional' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Partner app account/ }));
    await userEvent.type(screen.getByLabelText(/Password of the selected account/), 'Legacy-pass-2024');
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Merge accounts' }));

    await waitFor(() => expect(http.post).toHaveBeenCalled());
    const [path, body] = http.post.mock.calls[0]!;
    expect(path).toBe('/accounts/info-and-password');
    expect(body).toMatchObject({ migrationToken: 'mt-1', email: 'dana@example.com', identityProvider: 'partnerApp', uuidProvider: 'pa-dana', oldPassword: 'Legacy-pass-2024', needChangePassword: false, needSetRegion: false });
    // The list is fetched again (a fresh token for the next merge), the form closes, the heading has the focus.
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Partner app account/ })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: /Partner program account/ })).toBeInTheDocument();
    expect(getToast()?.message).toBe('The account has been merged into your Unified ID.');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Merge accounts' })).toHaveFocus());
  });

  it('says so when the last one is merged', async () => {
    const http = fakeHttp([{ ...LIST, accounts: [app] }, { vendor, accounts: [], migrationToken: null }]);
    await renderPage(http);
    await userEvent.click(await screen.findByRole('radio', { name: /Partner app account/ }));
    await userEvent.type(screen.getByLabelText(/Password of the selected account/), 'Legacy-pass-2024');
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Merge accounts' }));
    expect(await screen.findByText('All your accounts are merged into your Unified ID.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Profile' })).toHaveAttribute('href', '/accountSetting/myProfile');
  });

  it('shows -20601 on the password field and keeps what was typed', async () => {
    const http = fakeHttp([LIST], async () => {
      throw new ApiError(-20601, 'wrong', 400);
    });
    await renderPage(http);
    await userEvent.click(await screen.findByRole('radio', { name: /Partner program account/ }));
    const password = screen.getByLabelText(/Password of the selected account/);
    await userEvent.type(password, 'Wrong-pass-1');
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Merge accounts' }));
    expect(await screen.findByText('The password of this account is incorrect.')).toBeInTheDocument();
    expect(password).toHaveValue('Wrong-pass-1');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'https://support.example/help');
  });

  it('an expired merge token fetches a fresh list and says why', async () => {
    const http = fakeHttp([LIST, { ...LIST, migrationToken: 'mt-fresh' }], async () => {
      throw new ApiError(-20679, 'expired', 400);
    });
    await renderPage(http);
    await userEvent.click(await screen.findByRole('radio', { name: /Partner program account/ }));
    await userEvent.type(screen.getByLabelText(/Password of the selected account/), 'Legacy-pass-2024');
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Merge accounts' }));
    await waitFor(() => expect(getToast()?.message).toBe('This page was open too long. Choose the account again.'));
    expect(http.get.mock.calls.filter(([p]) => p === '/accounts/local-accounts')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Partner program account/ })).not.toBeChecked());
  });

  it('other failures go to the error handler as a toast; the form stays', async () => {
    const http = fakeHttp([LIST], async () => {
      throw new ApiError(-20615, 'format', 400);
    });
    await renderPage(http);
    await userEvent.click(await screen.findByRole('radio', { name: /Partner program account/ }));
    await userEvent.type(screen.getByLabelText(/Password of the selected account/), 'Legacy-pass-2024');
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Merge accounts' }));
    await waitFor(() => expect(getToast()?.kind).toBe('error'));
    expect(screen.getByLabelText(/Password of the selected account/)).toHaveValue('Legacy-pass-2024');
  });

  it('a failed load offers to try again', async () => {
    const http = fakeHttp([new ApiError(-1, 'down', 500), LIST]);
    await renderPage(http);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your other accounts could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /Partner app account/ })).toBeInTheDocument();
  });

  it('with nothing to merge it says so', async () => {
    await renderPage(fakeHttp([{ vendor, accounts: [], migrationToken: null }]));
    expect(await screen.findByText('No other account uses dana@example.com. There is nothing to merge.')).toBeInTheDocument();
  });
});
