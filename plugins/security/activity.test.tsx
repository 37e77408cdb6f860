import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoment, type SecurityEvent, type SecurityEventsResult } from '@portal/plugin-api';
import { backend, fail, renderSecurity, type Handler } from './testing';

beforeAll(async () => {
  await import('./SecurityPage');
});

const AT = Date.UTC(2026, 10, 20, 9, 30);
const event = (id: string, kind: SecurityEvent['kind'], extra: Partial<SecurityEvent> = {}): SecurityEvent => ({
  id,
  kind,
  at: AT,
  ip: null,
  country: null,
  city: null,
  browser: null,
  os: null,
  detail: null,
  ...extra,
});

const firstPage: SecurityEventsResult = {
  events: [
    event('e1', 'sign_in_success', { browser: 'Firefox 133', os: 'Linux', country: 'FR', city: 'Lyon', ip: '203.0.113.9', detail: { newDevice: true } }),
    event('e2', 'sign_in_failure', { at: AT - 60_000, detail: { reason: 'password' }, country: 'DE' }),
    event('e3', 'mfa_method_added', { at: AT - 120_000, detail: { method: 'totp' } }),
  ],
  nextCursor: 'cursor-1',
  timeZone: 'Asia/Tokyo',
};
const secondPage: SecurityEventsResult = { events: [event('e4', 'sessions_ended', { at: AT - 86_400_000, detail: { count: 2, scope: 'others' } })], nextCursor: null, timeZone: 'Asia/Tokyo' };

function activityRoutes(pages: Record<string, () => unknown> = {}): Record<string, Handler> {
  return {
    'GET /api/account/acc-7/security-events': () => (pages.any ?? (() => firstPage))(),
  };
}

const section = () => screen.getByRole('region', { name: 'Recent activity' });
/** The page loads lazily: the first look waits for it. */
const sectionLoaded = () => screen.findByRole('region', { name: 'Recent activity' });

describe('recent activity', () => {
  it('lists what happened, from which browser and place, in the profile time zone, and says when a device is new', async () => {
    const server = backend(activityRoutes());
    await renderSecurity(server.http);
    const list = await within(await sectionLoaded()).findByRole('list', { name: 'Recent activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Signed in');
    expect(items[0]).toHaveTextContent('New device');
    expect(items[0]).toHaveTextContent('Firefox 133 on Linux · Lyon, France · IP 203.0.113.9');
    // Tokyo is nine hours ahead of UTC: 09:30 UTC reads 18:30 there, with the zone named.
    expect(items[0]).toHaveTextContent(formatMoment(AT, 'en_US', { timeZone: 'Asia/Tokyo' }));
    expect(formatMoment(AT, 'en_US', { timeZone: 'Asia/Tokyo' })).toBe('Nov 20, 2026, 6:30 PM GMT+9');
    expect(within(items[0]!).getByText(formatMoment(AT, 'en_US', { timeZone: 'Asia/Tokyo' })).tagName).toBe('TIME');
    expect(items[1]).toHaveTextContent('Sign-in refused · wrong password');
    expect(items[1]).toHaveTextContent('Germany');
    expect(items[2]).toHaveTextContent('Verification method added · Authenticator app');
    // A refused sign-in is not something to disown; a successful one and a change are.
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(within(items[0]!).getByRole('button', { name: `This wasn't me: Signed in, ${formatMoment(AT, 'en_US', { timeZone: 'Asia/Tokyo' })}` })).toBeInTheDocument();
    expect(within(items[2]!).getByRole('button', { name: /^This wasn't me/ })).toBeInTheDocument();
  });

  it('writes dates and country names in the script of the page language: Latin in Serbian', async () => {
    const server = backend(activityRoutes());
    await renderSecurity(server.http, 'sr_RS');
    const section = await screen.findByRole('region', { name: 'Nedavne aktivnosti' });
    const items = within(await within(section).findByRole('list', { name: 'Nedavne aktivnosti' })).getAllByRole('listitem');
    // 20 Nov 2026 in the Latin month name ("nov", not "нов"), France as "Francuska" (not "Француска").
    expect(items[0]).toHaveTextContent(/20\. nov 2026\./);
    expect(items[0]).toHaveTextContent('Lyon, Francuska');
    for (const item of items) expect(item.textContent).not.toMatch(/[\u0400-\u04ff]/);
  });

  it('isolates a bare Latin browser name or city between the separators in Arabic', async () => {
    const server = backend(activityRoutes({ any: () => ({ ...firstPage, events: [event('e9', 'sign_in_success', { browser: 'Firefox 133', city: 'Lyon' })] }) }));
    await renderSecurity(server.http, 'ar_SA');
    const section = await screen.findByRole('region', { name: 'النشاط الأخير' });
    const item = within(await within(section).findByRole('list', { name: 'النشاط الأخير' })).getByRole('listitem');
    expect(item.textContent).toContain(' · \u2068Firefox 133\u2069 · \u2068Lyon\u2069');
  });

  it('loads older events on request, keeps what it has when that fails, and continues at the first older one', async () => {
    let failNext = true;
    const server = backend({
      'GET /api/account/acc-7/security-events': (call) => {
        void call;
        const cursorCalls = server.calls.filter((c) => c.path.endsWith('/security-events')).length;
        if (cursorCalls === 1) return firstPage;
        if (failNext) {
          failNext = false;
          return fail(-10000, 500);
        }
        return secondPage;
      },
    });
    await renderSecurity(server.http);
    await within(await sectionLoaded()).findByRole('list', { name: 'Recent activity' });
    await userEvent.click(within(section()).getByRole('button', { name: 'Show older activity' }));
    expect(await within(section()).findByRole('alert')).toBeInTheDocument();
    expect(within(section()).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(section()).getByRole('button', { name: 'Show older activity' }));
    await waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(4));
    const older = within(section()).getAllByRole('listitem')[3]!;
    expect(older).toHaveTextContent('Devices signed out · devices: 2');
    expect(older).toHaveFocus();
    expect(within(section()).queryByRole('button', { name: 'Show older activity' })).toBeNull();
    expect(within(section()).queryByRole('alert')).toBeNull();
  });

  it('says so when there is nothing, and offers a retry when loading failed', async () => {
    let attempt = 0;
    const server = backend({ 'GET /api/account/acc-7/security-events': () => (attempt++ === 0 ? fail(-10000, 500) : { events: [], nextCursor: null, timeZone: null }) });
    await renderSecurity(server.http);
    await within(await sectionLoaded()).findByRole('alert');
    await userEvent.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByText('No activity in the last 90 days.')).toBeInTheDocument();
  });
});

describe("'This wasn't me'", () => {
  it('unlocks, changes the password, then logs out every other device, and reloads the page lists', async () => {
    const server = backend({
      ...activityRoutes(),
      'POST /api/accounts/acc-7/password': () => ({ changed: true }),
      'POST /api/account/acc-7/logout': () => ({ loggedOut: [] }),
    });
    await renderSecurity(server.http);
    const [first] = within(await within(await sectionLoaded()).findByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    await userEvent.click(within(first!).getByRole('button', { name: /^This wasn't me/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Secure your account' });
    expect(within(dialog).getByRole('list', { name: 'Steps' })).toHaveTextContent('Confirm it is you');
    // Locked: the dialog asks for the password first, refused as the lock panel refuses it.
    await userEvent.type(within(dialog).getByLabelText(/^Account password/), 'Wrong-pass-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByText('Incorrect password.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^Account password/));
    await userEvent.type(within(dialog).getByLabelText(/^Account password/), 'Right-pass-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    const current = await within(dialog).findByLabelText(/^Current password/);
    expect(current).toHaveFocus();
    expect(within(dialog).getByText('Change your password').closest('li')).toHaveAttribute('aria-current', 'step');
    const loads = { events: server.find('GET', '/security-events').length, sessions: server.find('GET', '/sessions').length };
    await userEvent.type(current, 'Old-pass-1');
    await userEvent.type(within(dialog).getByLabelText(/^New password/), 'Newer-pass-2');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm new password/), 'Newer-pass-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Your password is changed and every other device is logged out.')).toBeInTheDocument();
    expect(server.find('POST', '/accounts/acc-7/password')[0]).toMatchObject({ body: { oldPassword: 'Old-pass-1', newPassword: 'Newer-pass-2' }, securityToken: 'st-1' });
    const logout = server.find('POST', '/account/acc-7/logout');
    expect(logout).toHaveLength(1);
    expect(logout[0]).toMatchObject({ body: {}, securityToken: 'st-1' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(server.find('GET', '/security-events').length).toBeGreaterThan(loads.events));
    expect(server.find('GET', '/sessions').length).toBeGreaterThan(loads.sessions);
  });

  it('keeps the changed password and offers the logout again when it failed', async () => {
    let attempts = 0;
    const server = backend({
      ...activityRoutes(),
      'POST /api/accounts/acc-7/password': () => ({ changed: true }),
      'POST /api/account/acc-7/logout': () => (attempts++ === 0 ? fail(-10000, 500) : { loggedOut: ['s-2'] }),
    });
    await renderSecurity(server.http);
    await userEvent.type(await screen.findByLabelText(/^Account password/), 'Right-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByText(/Locks again in/);
    const [first] = within(await within(section()).findByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    await userEvent.click(within(first!).getByRole('button', { name: /^This wasn't me/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Secure your account' });
    // Already unlocked: straight to the password.
    await userEvent.type(within(dialog).getByLabelText(/^Current password/), 'Old-pass-1');
    await userEvent.type(within(dialog).getByLabelText(/^New password/), 'Newer-pass-2');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm new password/), 'Newer-pass-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Steps' })).getAllByRole('listitem')[1]).toHaveTextContent('Change your password ✓(done)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out other devices again' }));
    expect(await within(dialog).findByText('Your password is changed and every other device is logged out.')).toBeInTheDocument();
    expect(server.find('POST', '/accounts/acc-7/password')).toHaveLength(1);
  });
});
