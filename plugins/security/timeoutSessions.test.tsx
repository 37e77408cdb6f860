import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoment, getToast, readUserAgent, type SessionInfo } from '@portal/plugin-api';
import { backend, fail, renderSecurity, type Handler } from './testing';

beforeAll(async () => {
  await import('./SecurityPage');
});

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const sessions: SessionInfo[] = [
  { sessionId: 's-other', current: false, createdAt: 1_714_550_000_000, lastActiveAt: 1_714_557_600_000, expiresAt: 1_714_636_400_000, ip: '203.0.113.7', userAgent: SAFARI_IPHONE },
  { sessionId: 's-here', current: true, createdAt: 1_714_550_000_000, lastActiveAt: 1_714_560_000_000, expiresAt: 1_714_636_400_000, ip: '198.51.100.4', userAgent: CHROME_LINUX },
];

async function unlockedPage(routes: Record<string, Handler>) {
  const server = backend(routes);
  await renderSecurity(server.http);
  await userEvent.type(await screen.findByLabelText(/^Account password/), 'Right-pass-1');
  await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
  await screen.findByText(/Locks again in/);
  return server;
}

describe('session timeout', () => {
  it('while locked shows the current setting as a read-only value, not as inputs', async () => {
    const server = backend({ 'POST /api/account/acc-7/defaultTime': () => ({ expireTime: 21600, options: [] }) });
    await renderSecurity(server.http);
    const value = await screen.findByLabelText('Sign me out after', undefined, { timeout: 5000 });
    expect(value.tagName).toBe('DIV');
    expect(value).toHaveTextContent('6 hours');
    expect(screen.queryByRole('group', { name: 'Sign me out after' })).toBeNull();
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('unlocked, shows the five options with the current one chosen (read with POST defaultTime)', async () => {
    await unlockedPage({ 'POST /api/account/acc-7/defaultTime': () => ({ expireTime: 21600, options: [] }) });
    const group = await screen.findByRole('group', { name: 'Sign me out after' });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['3 hours', '6 hours', '1 day(default)', '7 days', '30 days']);
    expect(within(group).getByRole('radio', { name: '6 hours' })).toBeChecked();
    expect(screen.getByText('Current setting: 6 hours')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves the chosen option with the security token', async () => {
    const server = await unlockedPage({ 'POST /api/account/acc-7/timeout': (c) => ({ expireTime: (c.body as { expireTime: number }).expireTime, options: [] }) });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled(); // nothing changed yet
    await userEvent.click(screen.getByRole('radio', { name: '30 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'success', message: 'Session timeout set to 30 days.' }));
    const call = server.find('POST', '/account/acc-7/timeout')[0]!;
    expect(call.body).toEqual({ expireTime: 2592000 });
    expect(call.securityToken).toBe('st-1');
    expect(screen.getByText('Current setting: 30 days')).toBeInTheDocument();
  });

  it('resets to the default (1 day)', async () => {
    const server = await unlockedPage({
      'POST /api/account/acc-7/defaultTime': () => ({ expireTime: 10800, options: [] }),
      'POST /api/account/acc-7/timeout': (c) => ({ expireTime: (c.body as { expireTime: number }).expireTime, options: [] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(server.find('POST', '/account/acc-7/timeout')[0]?.body).toEqual({ expireTime: 86400 }));
    expect(await screen.findByText('Current setting: 1 day')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  });

  it('a server error goes to the catalogue toast and keeps the choice', async () => {
    await unlockedPage({ 'POST /api/account/acc-7/timeout': () => fail(-10020) });
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error' }));
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
  });
});

describe('sessions', () => {
  it('lists the sessions, this device first and marked, with device, IP and last activity', async () => {
    await renderSecurity(backend({ 'GET /api/account/acc-7/sessions': () => ({ sessions }) }).http);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[0]).toHaveTextContent('Chrome 126 on Linux');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('IP 198.51.100.4');
    expect(items[1]).toHaveTextContent('Safari 17 on iOS');
    expect(items[1]).not.toHaveAttribute('aria-current');
    expect(within(items[0]!).queryByRole('button')).toBeNull(); // this device is signed out with Sign out, not here
    expect(within(items[1]!).getByRole('button', { name: 'Sign out Safari 17 on iOS' })).toBeDisabled(); // locked
  });

  it('logs out the other devices after confirming (empty list = all but this one) and reloads', async () => {
    let list = sessions;
    const server = await unlockedPage({
      'GET /api/account/acc-7/sessions': () => ({ sessions: list }),
      'POST /api/account/acc-7/logout': () => {
        list = sessions.filter((s) => s.current);
        return { loggedOut: ['s-other'] };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out other devices' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Every other device (1) is signed out. This device stays signed in.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out other devices' }));
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'Other devices were signed out.' }));
    const call = server.find('POST', '/account/acc-7/logout')[0]!;
    expect(call.body).toEqual({});
    expect(call.securityToken).toBe('st-1');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Log out other devices' })).toBeDisabled();
    expect(screen.getByText('No other device is signed in.')).toBeInTheDocument();
  });

  it('signs out one chosen session', async () => {
    const server = await unlockedPage({ 'GET /api/account/acc-7/sessions': () => ({ sessions }), 'POST /api/account/acc-7/logout': () => ({ loggedOut: ['s-other'] }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Safari 17 on iOS' }));
    await waitFor(() => expect(server.find('POST', '/account/acc-7/logout')[0]?.body).toEqual({ sessionList: ['s-other'] }));
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'The device was signed out.' }));
  });

  it('a failed list shows the message and a retry', async () => {
    let n = 0;
    await renderSecurity(backend({ 'GET /api/account/acc-7/sessions': () => (++n === 1 ? fail(-10000, 500) : { sessions }) }).http);
    const section = (await screen.findByRole('heading', { name: 'Signed-in devices' })).closest('section')!;
    expect(await within(section).findByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Sessions' })).toBeInTheDocument();
  });
});

describe('user agent summary and times', () => {
  it.each([
    [CHROME_LINUX, 'Chrome 126', 'Linux'],
    [SAFARI_IPHONE, 'Safari 17', 'iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80', 'Edge 124', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox 127', 'macOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome 126', 'Android'],
    ['curl/8.5.0', null, null],
  ])('%s', (ua, browser, os) => {
    expect(readUserAgent(ua)).toMatchObject({ browser, os });
  });
  it('no user agent', () => expect(readUserAgent(null)).toEqual({ family: null, browser: null, os: null }));
  it('formats by the one clock: the given zone, named, in the page language', () => {
    expect(formatMoment(Date.UTC(2024, 4, 1, 10, 0), 'en_US', { timeZone: 'UTC' })).toBe('May 1, 2024, 10:00 AM UTC');
    expect(formatMoment(Date.UTC(2024, 4, 1, 10, 0), 'en_US', { timeZone: 'UTC', dateOnly: true })).toBe('May 1, 2024');
    expect(formatMoment(Date.UTC(2024, 4, 1, 10, 0), 'en_US', { timeZone: 'Not/AZone' })).toMatch(/^May 1, 2024/); // an unknown zone: the browser's
  });
});
