import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/client';
import { SIGN_OUT_POINT } from '../registry/corePoints';
import { definePlugin } from '../registry/definePlugin';
import { renderPortal, testRegistry } from '../testing/portalHarness';
import { LazyModalHost } from '../ui/LazyModalHost';
import { closeAllModals } from '../ui/modalStore';
import { appStore, saveTokens, sessionEndedAtom } from './session';
import { SessionEndedWatcher } from './SessionEndedWatcher';
import { signOut } from './signOut';
import { storage } from './storage';

const http = () => ({ post: vi.fn(async () => null) }) as unknown as HttpClient & { post: ReturnType<typeof vi.fn> };

describe('signOut', () => {
  it('calls the server with the security token, then clears everything but the language', async () => {
    const registry = await testRegistry([]);
    const client = http();
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    storage.set('lang', 'pl_PL');
    await signOut(registry, client);
    expect(client.post).toHaveBeenCalledWith('/logout', undefined, { query: { email: undefined }, securityToken: true });
    expect(storage.get('refreshToken')).toBeNull();
    expect(storage.get('lang')).toBe('pl_PL');
  });

  it('a contributed override (a partner app bridge) replaces the server call', async () => {
    const native = vi.fn(async () => true);
    const app = definePlugin({ id: 'app', register: (ctx) => ctx.contribute(SIGN_OUT_POINT, { signOut: native }) });
    const registry = await testRegistry([app]);
    const client = http();
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    await signOut(registry, client);
    expect(native).toHaveBeenCalled();
    expect(client.post).not.toHaveBeenCalled();
    expect(storage.get('accessToken')).toBeNull();
  });

  it('still ends the local session when the server call fails', async () => {
    const registry = await testRegistry([]);
    const client = { post: vi.fn(async () => Promise.reject(new Error('offline'))) } as unknown as HttpClient;
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    await signOut(registry, client);
    expect(storage.get('accessToken')).toBeNull();
  });
});

describe('SessionEndedWatcher', () => {
  it('shows one session-timeout modal with the logout text; OK goes to sign-in', async () => {
    closeAllModals();
    const registry = await testRegistry([]);
    const { location } = renderPortal(
      <>
        <SessionEndedWatcher />
        <LazyModalHost />
      </>,
      { registry, http: http(), path: '/accountSetting/security' },
    );
    act(() => appStore.set(sessionEndedAtom, 'refresh-failed'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Your account has been logged out. Please log in again.');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(appStore.get(sessionEndedAtom)).toBeNull();
  });
});
