import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/client';
import { definePlugin } from '../registry/definePlugin';
import { setUser } from '../session/session';
import { renderPortal, testRegistry } from '../testing/portalHarness';
import { AppRouter } from './AppRouter';

const user = {
  accountId: 'a', avatar: null, id: 'u', email: 'u@x.test', phone: null, identityProvider: 'vendorId', uuidProvider: 'x',
  firstName: 'U', lastName: 'X', region: 'Euw' as const, language: 'en_US',
};
const http = (answers: Record<string, unknown> = {}) =>
  ({
    get: vi.fn(async (p: string) => answers[p] ?? null),
    post: vi.fn(async (p: string) => answers[p] ?? null),
  }) as unknown as HttpClient;

const page = (text: string) => () => Promise.resolve({ default: () => <p>{text}</p> });

const pages = definePlugin({
  id: 'pages',
  routes: [
    { path: '/login', view: page('login page') },
    { path: 'myProfile', parent: 'accountSetting', view: page('profile page') },
    { path: 'security', parent: 'accountSetting', view: page('security page') },
  ],
  menu: [
    { id: 'security', path: 'security', labelKey: 'security:menu', order: 20 },
    { id: 'profile', path: 'myProfile', labelKey: 'profile:menu', order: 10 },
    { id: 'hidden', path: 'security', labelKey: 'security:menu', order: 30, visible: () => false },
  ],
});

const broken = definePlugin({
  id: 'broken-feature',
  routes: [{ path: '/invite', view: () => Promise.resolve({ default: () => { throw new Error('boom'); } }) }],
});

describe('AppRouter', () => {
  it('a guard that fails offers to try again, and the retry runs the chain anew (no dead end)', async () => {
    let runs = 0;
    const flaky = definePlugin({
      id: 'flaky-guard',
      guards: [{ id: 'flaky', route: 'invite', order: 1, run: () => (++runs === 1 ? Promise.reject(new Error('server busy')) : { kind: 'allow' as const }) }],
      routes: [{ path: '/invite', view: page('invite page') }],
    });
    const registry = await testRegistry([flaky]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPortal(<AppRouter />, { registry, http: http(), path: '/invite' });
    expect(await screen.findByText('This page is not available.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('invite page')).toBeInTheDocument();
    expect(runs).toBe(2);
  });

  it('sends unknown paths to the authorize entry, which opens the login page without an authorize plugin', async () => {
    const registry = await testRegistry([pages]);
    const { location } = renderPortal(<AppRouter />, { registry, http: http({ '/logged': { loggedIn: false } }), path: '/nowhere' });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    // Every hop replaces: the back button never lands on a redirecting page.
    expect(location.history).toEqual(['/login']);
  });

  it('/accountSetting: guard, shell with ordered visible menu, default child myProfile', async () => {
    setUser(user);
    const registry = await testRegistry([pages]);
    const { location } = renderPortal(<AppRouter />, { registry, http: http(), path: '/accountSetting' });
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/accountSetting/myProfile');
    const nav = screen.getByRole('navigation', { name: 'Account menu' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual(['My Profile', 'Security']);
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: 'Security' }));
    expect(await screen.findByText('security page')).toBeInTheDocument();
  });

  it('/accountSetting without a session goes to sign-in', async () => {
    setUser(null);
    const registry = await testRegistry([pages]);
    const { location } = renderPortal(<AppRouter />, { registry, http: http({ '/logged': { loggedIn: false } }), path: '/accountSetting/security' });
    await waitFor(() => expect(location.history).toEqual(['/login']));
    expect(screen.queryByText('security page')).not.toBeInTheDocument();
  });

  it('a view that throws is caught by a boundary named after its plugin', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const registry = await testRegistry([broken]);
    renderPortal(<AppRouter />, { registry, http: http(), path: '/invite' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The broken-feature feature could not be loaded.');
    expect(alert).toHaveAttribute('data-plugin-boundary', 'broken-feature');
  });

  it('a guard that throws fails closed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const guarded = definePlugin({
      id: 'guarded',
      routes: [{ path: '/token', view: page('secret page') }],
      guards: [{ id: 'bad', route: 'token', order: 1, run: () => { throw new Error('guard bug'); } }],
    });
    const registry = await testRegistry([guarded]);
    renderPortal(<AppRouter />, { registry, http: http(), path: '/token' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page is not available.');
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
  });
});
