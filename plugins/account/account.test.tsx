import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import {
  ApiError,
  getToast,
  type HttpClient,
  type UserInfo,
} from '@portal/plugin-api';
import {
  appStore,
  buildRegistry,
  regionCodesKept,
  renderPortal,
  RouteView,
  saveTokens,
  setUser,
  storage,
  testDeployment,
  testRegistry,
  userAtom,
} from '@portal/plugin-api/testing';
import account from './index';

const user: UserInfo = {
  accountId: 'acc-42', avatar: null, id: 'u-1', email: 'ana@partner.test', phone: null, identityProvider: 'vendorId',
  uuidProvider: 'uuid-1', firstName: 'Ana', lastName: 'Novak', region: 'Aps', language: 'de_DE',
};

function fakeHttp(get: (path: string) => Promise<unknown>) {
  return { get: vi.fn(get), post: vi.fn(async () => null) } as unknown as HttpClient & { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn> };
}

async function renderAccount(http: HttpClient, config: Record<string, unknown> = {}) {
  const registry = await testRegistry([account], { account: config });
  const route = registry.routes.find((r) => r.value.path === 'account')!;
  const utils = renderPortal(
    <Switch>
      <Route path="/accountSetting/account">
        <RouteView owned={route} />
      </Route>
      <Route>signed out</Route>
    </Switch>,
    { registry, http, path: '/accountSetting/account' },
  );
  return { ...utils, registry };
}

describe('account plugin manifest', () => {
  it('contributes a route, a menu entry, an error handler and a locale namespace', async () => {
    const registry = await testRegistry([account]);
    expect(registry.routes.map((r) => [r.pluginId, r.value.parent, r.value.path])).toEqual([['account', 'accountSetting', 'account']]);
    expect(registry.menu.map((m) => m.value.id)).toEqual(['account']);
    expect(registry.errorHandlers(-19999)).toHaveLength(1);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['account']);
  });

  it('adds the Unified ID entry only when a home URL is configured', async () => {
    const registry = await testRegistry([account], { account: { unifiedIdHomeUrl: 'https://id.vendor.test/' } });
    expect(registry.menu.map((m) => [m.value.id, m.value.path])).toContainEqual(['unified-id', 'https://id.vendor.test/']);
  });

  it("opens the deployment's Unified ID home, never the development demo page, outside a development build", async () => {
    const registry = await testRegistry([account], { account: { unifiedIdHomeUrl: 'https://id.vendor.test/', developmentHomeUrl: '/demo-service/' } });
    expect(registry.menu.find((m) => m.value.id === 'unified-id')?.value).toMatchObject({ path: 'https://id.vendor.test/', external: true });
  });

  it('a development build opens the development home instead (the demo service on the portal), linked with a page load', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    try {
      const registry = await testRegistry([account], { account: { unifiedIdHomeUrl: 'https://id.vendor.test/', developmentHomeUrl: '/demo-service/' } });
      expect(registry.menu.find((m) => m.value.id === 'unified-id')?.value).toMatchObject({ path: '/demo-service/', external: true });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([
    [{ unifiedIdHomeUrl: 'http://plain.test' }, "Plugin 'account': config field 'unifiedIdHomeUrl': must be an https URL"],
    [{ unifiedIdHomeUrl: '//elsewhere.test/' }, "Plugin 'account': config field 'unifiedIdHomeUrl': must be an https URL"],
    [{ unifiedIdHomeUrl: '/demo-service/' }, "Plugin 'account': config field 'unifiedIdHomeUrl': must be an https URL (the vendor's Unified ID home; the demo page is developmentHomeUrl)"],
    [{ developmentHomeUrl: 'https://x.test/' }, "Plugin 'account': config field 'developmentHomeUrl': must be a path on the portal (/…)"],
    [{ colour: 'red' }, "Plugin 'account': config field 'colour': is not a known field; expected one of: showAccountId, unifiedIdHomeUrl, developmentHomeUrl"],
    [{ showAccountId: 'maybe' }, "Plugin 'account': config field 'showAccountId'"],
  ])('rejects bad config %j', async (config, message) => {
    await expect(buildRegistry([account], { account: { enabled: true, config } }, testDeployment)).rejects.toThrow(message);
  });
});

describe('AccountPage', () => {
  it('shows who is signed in and where their data lives', async () => {
    setUser(user);
    await renderAccount(fakeHttp(async () => user));
    expect(await screen.findByRole('heading', { name: 'Your Unified ID account' }, { timeout: 5000 })).toBeInTheDocument(); // a cold lazy import
    expect(screen.getByText('Ana Novak')).toBeInTheDocument();
    expect(screen.getByText('acc-42')).toBeInTheDocument();
    expect(screen.getByText(regionCodesKept('Asia Pacific, Singapore (ap-southeast-1)'))).toBeInTheDocument();
    expect(screen.getByText('Deutsch')).toBeInTheDocument();
    expect(screen.getByText('Vendor ID')).toBeInTheDocument();
  });

  it('hides the account id when configured so', async () => {
    setUser(user);
    await renderAccount(fakeHttp(async () => user), { showAccountId: false });
    await screen.findByRole('heading', { name: 'Your Unified ID account' });
    expect(screen.queryByText('acc-42')).not.toBeInTheDocument();
  });

  it('refreshes the account and confirms it', async () => {
    setUser(user);
    const http = fakeHttp(async () => ({ ...user, firstName: 'Anna' }));
    await renderAccount(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Anna Novak')).toBeInTheDocument();
    expect(getToast()).toMatchObject({ kind: 'success', message: 'Account details updated.' });
  });

  it('-19999 is handled by the plugin handler: a warning naming the region problem, not a generic error', async () => {
    setUser(user);
    const http = fakeHttp(async () => Promise.reject(new ApiError(-19999, 'unavailable', 400)));
    await renderAccount(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'warning', message: "This service is not offered in your account's data region." }));
  });

  it("-19999 outside the account pages (its texts not loaded): the catalogue's message, never a bare key", async () => {
    const registry = await testRegistry([account]);
    const [handler] = registry.errorHandlers(-19999);
    const toast = vi.fn();
    // i18next without the account namespace: the key is missing, so the default value is given.
    const t = (key: string, options?: Record<string, unknown>) => (key.startsWith('account:') ? ((options?.defaultValue as string | undefined) ?? key.split(':')[1]!) : key);
    const handled = handler!.value(new ApiError(-19999, 'off', 403), { navigate: vi.fn(), toast, t: t as never, message: "This service is not available in your account's region." });
    expect(handled).toBe(true);
    expect(toast).toHaveBeenCalledWith("This service is not available in your account's region.", 'warning');
  });

  it('other errors fall through to the catalogue toast', async () => {
    setUser(user);
    await renderAccount(fakeHttp(async () => Promise.reject(new ApiError(-60001, 'slow down', 429))));
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message: 'Too many requests. Please try again later.' }));
  });

  it('signs out on the server, clears the session but keeps the language, and goes to sign-in', async () => {
    setUser(user);
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    storage.set('lang', 'de_DE');
    const http = fakeHttp(async () => user);
    const { location } = await renderAccount(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByText('signed out');
    expect(http.post).toHaveBeenCalledWith('/logout', undefined, { query: { email: 'ana@partner.test' }, securityToken: true });
    expect(storage.get('accessToken')).toBeNull();
    expect(storage.get('lang')).toBe('de_DE');
    expect(appStore.get(userAtom)).toBeNull();
    expect(location.history?.at(-1)).toBe('/');
  });
});
