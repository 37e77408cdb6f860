import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { HttpClient } from '../http/client';
import { definePlugin } from '../registry/definePlugin';
import { setUser } from '../session/session';
import { renderPortal, testRegistry } from '../testing/portalHarness';
import { demoUser } from '../testing/StoryPortal';
import { AccountShell } from './AccountShell';

const menu = definePlugin({
  id: 'menu',
  menu: [
    { id: 'profile', path: 'myProfile', labelKey: 'profile:menu', order: 10 },
    { id: 'security', path: 'security', labelKey: 'security:menu', order: 20 },
    { id: 'home', path: 'https://id.vendor.example/', labelKey: 'account:unifiedId', order: 0 },
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
    expect(screen.getByText(demoUser.email)).toBeInTheDocument();
  });
});
