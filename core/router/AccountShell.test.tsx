import { ThemeProvider } from '@emotion/react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { HttpClient } from '../http/client';
import { definePlugin } from '../registry/definePlugin';
import { setUser } from '../session/session';
import { renderPortal, testRegistry } from '../testing/portalHarness';
import { demoUser } from '../testing/StoryPortal';
import { defaultTheme } from '../../themes/default.theme';
import type { ThemeTokens } from '../../themes/tokens';
import { AccountShell } from './AccountShell';

const menu = definePlugin({
  id: 'menu',
  menu: [
    { id: 'profile', path: 'myProfile', labelKey: 'profile:menu', order: 10 },
    { id: 'security', path: 'security', labelKey: 'security:menu', order: 20 },
    { id: 'home', path: 'https://id.vendor.example/', labelKey: 'account:unifiedId', order: 0 },
    { id: 'demo', path: '/demo-service/', external: true, labelKey: 'company:menu', order: 1 },
  ],
});

describe('AccountShell', () => {
  it('marks the current child, links external entries plainly and shows the user', async () => {
    setUser(demoUser);
    const registry = await testRegistry([menu]);
    renderPortal(
      <Route path="/accountSetting" nest>
        <AccountShell>content</AccountShell>
      </Route>,
      { registry, http: { post: vi.fn() } as unknown as HttpClient, path: '/accountSetting/security' },
    );
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My Profile' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Unified ID' })).toHaveAttribute('href', 'https://id.vendor.example/');
    // Another app on the portal's origin: a plain link (a page load), not a route of the SPA.
    expect(screen.getByRole('link', { name: 'Company' })).toHaveAttribute('href', '/demo-service/');
    expect(screen.getByRole('banner')).toHaveTextContent(demoUser.email);
  });

  it('has the brand, the language menu and sign-out in its header; on a phone the menu is behind an icon button', async () => {
    setUser(demoUser);
    const registry = await testRegistry([menu]);
    const wide = window.innerWidth;
    act(() => {
      window.innerWidth = 375;
      window.dispatchEvent(new Event('resize'));
    });
    try {
      renderPortal(
        <Route path="/accountSetting" nest>
          <AccountShell>content</AccountShell>
        </Route>,
        { registry, http: { post: vi.fn() } as unknown as HttpClient, path: '/accountSetting/security' },
      );
      const header = screen.getByRole('banner');
      expect(header).toHaveTextContent('Unified ID');
      expect(screen.getByRole('button', { name: /Language/ })).toHaveAttribute('aria-haspopup', 'menu');
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
      const toggle = screen.getByRole('button', { name: 'Open menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle.textContent).toBe(''); // an icon, named by aria-label
      expect(screen.queryByRole('navigation')).toBeNull();
      await userEvent.click(toggle);
      expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('navigation', { name: 'Account menu' })).toHaveTextContent(demoUser.email);
    } finally {
      act(() => {
        window.innerWidth = wide;
        window.dispatchEvent(new Event('resize'));
      });
    }
  });

  it('says the brand once: a logo that includes the title leaves the title to screen readers only', async () => {
    setUser(demoUser);
    const registry = await testRegistry([menu]);
    const header = (brand: Partial<ThemeTokens['brand']>) => {
      const theme: ThemeTokens = { ...defaultTheme, brand: { ...defaultTheme.brand, ...brand } };
      const view = renderPortal(
        <ThemeProvider theme={theme}>
          <Route path="/accountSetting" nest>
            <AccountShell>content</AccountShell>
          </Route>
        </ThemeProvider>,
        { registry, http: { post: vi.fn() } as unknown as HttpClient, path: '/accountSetting/security' },
      );
      const banner = screen.getByRole('banner');
      const title = within(banner).getByText('Unified ID');
      const result = { logo: banner.querySelector('img'), hidden: getComputedStyle(title).position === 'absolute' && getComputedStyle(title).width === '1px' };
      view.unmount();
      return result;
    };
    const wordmark = header({ logoUrl: '/api/branding/logo.svg', logoIncludesTitle: true });
    expect(wordmark.logo).toHaveAttribute('alt', '');
    expect(wordmark.hidden).toBe(true);
    // A symbol without the name, or no logo at all: the title shows.
    expect(header({ logoUrl: '/api/branding/logo.svg', logoIncludesTitle: false })).toMatchObject({ hidden: false });
    expect(header({ logoUrl: '', logoIncludesTitle: true })).toEqual({ logo: null, hidden: false });
  });

  it('inside a partner app has no language menu: the app chose the language at launch', async () => {
    setUser(demoUser);
    const registry = await testRegistry([menu]);
    renderPortal(
      <Route path="/accountSetting" nest>
        <AccountShell>content</AccountShell>
      </Route>,
      { registry, http: { post: vi.fn() } as unknown as HttpClient, path: '/accountSetting/security', config: { variant: 'app' } },
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Language/ })).toBeNull();
  });
});
