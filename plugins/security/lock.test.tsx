import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storage, testRegistry } from '@portal/plugin-api/testing';
import security from './index';
import { formatRemaining } from './useSecurityLock';
import { backend, fail, renderSecurity } from './testing';

// The route's view is a lazy import: load it once so the first test does not time out on it.
beforeAll(async () => {
  await import('./SecurityPage');
});
afterEach(() => {
  vi.useRealTimers();
});

async function unlock(password = 'Right-pass-1') {
  await userEvent.type(await screen.findByLabelText(/^Account password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
}

describe('security plugin manifest', () => {
  it('contributes the security child route, the Security menu entry (order 20) and its namespace', async () => {
    const registry = await testRegistry([security]);
    expect(registry.routes.map((r) => [r.value.parent, r.value.path, r.value.titleKey])).toEqual([['accountSetting', 'security', 'security:title']]);
    expect(registry.menu.map((m) => [m.value.id, m.value.path, m.value.labelKey, m.value.order])).toEqual([['security', 'security', 'security:menu', 20]]);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['security']);
  });
});

describe('the security lock', () => {
  it('starts locked: sensitive buttons are disabled and say why', async () => {
    await renderSecurity(backend().http);
    expect(await screen.findByRole('heading', { name: 'Unlock to change these settings' })).toBeInTheDocument();
    const change = screen.getByRole('button', { name: 'Change password' });
    expect(change).toBeDisabled();
    expect(change).toHaveAccessibleDescription('Unlock the settings first.');
    expect(await screen.findByRole('button', { name: 'Turn on with an authenticator app' })).toBeDisabled();
  });

  it('validates the password on blur by the login rule (6 to 32 visible characters)', async () => {
    const server = backend();
    await renderSecurity(server.http);
    const field = await screen.findByLabelText(/^Account password/);
    await userEvent.type(field, 'abc');
    await userEvent.tab();
    expect(await screen.findByText('The password has 6 to 32 characters: letters, digits and symbols, no spaces.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(server.find('POST', '/security/enable')).toHaveLength(0);
  });

  it('an empty password is required', async () => {
    const server = backend();
    await renderSecurity(server.http);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(server.find('POST', '/security/enable')).toHaveLength(0);
  });

  it('leaving the empty field says it is required (rules run on blur)', async () => {
    await renderSecurity(backend().http);
    await userEvent.click(await screen.findByLabelText(/^Account password/));
    await userEvent.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
  });

  it('a wrong password (-20601) shows on the field and keeps it locked', async () => {
    const server = backend();
    await renderSecurity(server.http);
    await unlock('Wrong-pass-1');
    expect(await screen.findByText('Incorrect password.', { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Account password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Account password/)).toHaveFocus();
    expect(storage.get('securityToken')).toBeNull();
    expect(server.find('POST', '/security/enable')[0]!.body).toEqual({ password: 'Wrong-pass-1' });
  });

  it('unlocks with the password: stores the token, shows the countdown from expiresIn and enables the buttons', async () => {
    const server = backend({ 'POST /api/security/enable': () => ({ securityToken: 'st-9', expiresIn: 90 }) });
    await renderSecurity(server.http);
    await unlock();
    expect(await screen.findByText('Locks again in 1:30')).toBeInTheDocument();
    expect(storage.get('securityToken')).toBe('st-9');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
    expect(await screen.findByText('Settings unlocked for 2 minutes.')).toBeInTheDocument();
  });

  it('locks again when the time runs out: disables the token on the server with it and removes it locally', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = backend({ 'POST /api/security/enable': () => ({ securityToken: 'st-short', expiresIn: 3 }) });
    await renderSecurity(server.http);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText(/^Account password/), 'Right-pass-1');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(document.body.textContent).toContain('Locks again in 0:03'));
    await act(async () => {}); // let the countdown's effect start its interval
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByText('Locks again in 0:02')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(await screen.findByRole('heading', { name: 'Unlock to change these settings' })).toBeInTheDocument();
    expect(screen.getByText('The unlock time is over. Enter your password again to make more changes.')).toBeInTheDocument();
    expect(storage.get('securityToken')).toBeNull();
    await waitFor(() => expect(server.find('POST', '/security/acc-7/disable')).toHaveLength(1));
    expect(server.find('POST', '/security/acc-7/disable')[0]!.securityToken).toBe('st-short');
    expect(await screen.findByText('Settings are locked.')).toBeInTheDocument(); // announced once
  });

  it('announces the last minute once, not every second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = backend({ 'POST /api/security/enable': () => ({ securityToken: 'st-2', expiresIn: 62 }) });
    await renderSecurity(server.http);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText(/^Account password/), 'Right-pass-1');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByText('Locks again in 1:02');
    await act(async () => {}); // let the countdown's effect start its interval
    expect(screen.queryByText('Settings lock again in one minute.')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(await screen.findByText('Settings lock again in one minute.')).toBeInTheDocument();
    // The visible countdown is a timer, which is not a live region.
    expect(screen.getByRole('timer')).not.toHaveAttribute('aria-live');
  });

  it('Lock now ends the unlock at once and puts the focus back on the password field', async () => {
    const server = backend();
    await renderSecurity(server.http);
    await unlock();
    await userEvent.click(await screen.findByRole('button', { name: 'Lock now' }));
    expect(await screen.findByLabelText(/^Account password/)).toHaveFocus();
    expect(storage.get('securityToken')).toBeNull();
    await waitFor(() => expect(server.find('POST', '/security/acc-7/disable')[0]?.securityToken).toBe('st-1'));
  });

  it('leaving the page disables the token and removes it', async () => {
    const server = backend();
    const { unmount } = await renderSecurity(server.http);
    await unlock();
    await screen.findByText(/Locks again in/);
    unmount();
    expect(storage.get('securityToken')).toBeNull();
    await waitFor(() => expect(server.find('POST', '/security/acc-7/disable')[0]?.securityToken).toBe('st-1'));
  });

  it('after sign-out (no access token left) leaving the page only forgets the token: no call that would end in a session-timeout modal', async () => {
    const server = backend();
    const { unmount } = await renderSecurity(server.http);
    await unlock();
    await screen.findByText(/Locks again in/);
    storage.remove('accessToken');
    unmount();
    expect(storage.get('securityToken')).toBeNull();
    expect(server.find('POST', '/security/acc-7/disable')).toHaveLength(0);
  });

  it('a token left in storage by a reload is disabled on arrival: the page starts locked', async () => {
    storage.set('securityToken', 'left-over');
    const server = backend();
    await renderSecurity(server.http);
    await screen.findByRole('heading', { name: 'Unlock to change these settings' });
    expect(storage.get('securityToken')).toBeNull();
    await waitFor(() => expect(server.find('POST', '/security/acc-7/disable')[0]?.securityToken).toBe('left-over'));
  });

  it('sends the security token with sensitive calls, and relocks with a message when the server refuses it (-20214)', async () => {
    const server = backend({ 'POST /api/account/acc-7/timeout': () => fail(-20214, 403) });
    await renderSecurity(server.http);
    await unlock();
    await userEvent.click(await screen.findByRole('radio', { name: '7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your security session has timed out. Unlock again, then retry.')).toBeInTheDocument();
    expect(server.find('POST', '/account/acc-7/timeout')[0]!.securityToken).toBe('st-1');
    expect(storage.get('securityToken')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Unlock to change these settings' })).toBeInTheDocument();
  });

  it('formats the remaining time as m:ss, in Arabic-Indic digits in Arabic', () => {
    expect(formatRemaining(300, 'en_US')).toBe('5:00');
    expect(formatRemaining(61, 'en_US')).toBe('1:01');
    expect(formatRemaining(9, 'en_US')).toBe('0:09');
    expect(formatRemaining(-4, 'en_US')).toBe('0:00');
    expect(formatRemaining(245, 'ar_SA')).toBe('٤:٠٥');
    expect(formatRemaining(9, 'ar_SA')).toBe('٠:٠٩');
  });
});
