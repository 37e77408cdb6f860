import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MfaFeatureStatus, SecurityEvent } from '@portal/plugin-api';
import { backend, renderSecurity, user, type Handler } from './testing';

beforeAll(async () => {
  await import('./SecurityPage');
});

const STATUS = 'GET /api/account/acc-7/mfa/getMfaFeatureStatus';
const CODES = 'GET /api/account/acc-7/recovery-codes';
const PASSKEYS = 'GET /api/account/acc-7/passkeys';
const TRUSTED = 'GET /api/account/acc-7/trusted-devices';
const EVENTS = 'GET /api/account/acc-7/security-events';
const off: MfaFeatureStatus = { enabled: false, supportedMFATypes: [], primaryMFAType: null, MFAEmail: 'an***@partner.test' };
const totpOnly: MfaFeatureStatus = { enabled: true, supportedMFATypes: [3], primaryMFAType: 3, MFAEmail: 'an***@partner.test' };
const AT = Date.UTC(2026, 10, 27, 20, 24);
const signIn: SecurityEvent = { id: 'e-1', kind: 'sign_in_success', at: AT, ip: '203.0.113.7', country: 'FR', city: 'Lyon', browser: 'Safari 17', os: 'iOS', detail: null };
const ALL = ['recovery-codes', 'passkeys', 'trusted-device'];

function routes(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    [STATUS]: () => totpOnly,
    [CODES]: () => ({ generatedAt: AT, remaining: 7, total: 10 }),
    [PASSKEYS]: () => ({ passkeys: [passkey('p-1'), passkey('p-2')] }),
    [TRUSTED]: () => ({ devices: [{ deviceId: 'd-1', current: true, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36', createdAt: AT, lastUsedAt: AT, expiresAt: AT + 86_400_000 }] }),
    [EVENTS]: () => ({ events: [signIn], nextCursor: null, timeZone: null }),
    ...extra,
  };
}
function passkey(id: string) {
  return { id, name: `Key ${id}`, createdAt: AT, lastUsedAt: null, backedUp: true, transports: ['internal'] };
}

/** A server whose account has two-factor off and no recovery codes, and turns an authenticator app on. */
function backendTurningTotpOn() {
  let status = off;
  return backend(
    routes({
      [STATUS]: () => status,
      [CODES]: () => ({ generatedAt: null, remaining: 0, total: 0 }),
      'POST /api/account/mfa/getTOTPUrl': () => ({ otpauthUrl: 'otpauth://totp/x', secret: 'JBSWY3DPEHPK3PXPJBSW', qrCode: 'data:image/png;base64,iVBORw0KGgo=', expiresIn: 600 }),
      'POST /api/account/mfa/enable': () => {
        status = totpOnly;
        return { enabled: true };
      },
    }),
  );
}

/** Unlocks the page and turns on an authenticator app, as a person does. */
async function turnOnTotp() {
    await userEvent.type(await screen.findByLabelText(/^Account password/), 'Right-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByText(/Locks again in/);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on with an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await within(dialog).findByRole('img');
    await userEvent.click(within(dialog).getAllByRole('textbox')[0]!);
    await userEvent.keyboard('123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
}

const overview = () => screen.findByRole('list', { name: 'At a glance' }, { timeout: 10_000 });
/** Lines load their plugin's code and data lazily: a loaded machine takes more than waitFor's default second. */
const SLOW = { timeout: 10_000 };
/** The overview line that links to `label`'s card. */
async function line(label: string) {
  const link = await within(await overview()).findByRole('link', { name: label }, SLOW);
  return link.closest('li')!;
}

describe('the security overview', () => {
  it('shows each enabled plugin its line: two-factor, passkeys, recovery codes left, trusted devices, the last sign-in', async () => {
    await renderSecurity(backend(routes()).http, undefined, ALL);
    await waitFor(async () => expect(await line('Two-factor authentication')).toHaveTextContent('On'), SLOW);
    await waitFor(async () => expect(await line('Passkeys')).toHaveTextContent('2'), SLOW);
    await waitFor(async () => expect(await line('Recovery codes')).toHaveTextContent('7 of 10 left'), SLOW);
    await waitFor(async () => expect(await line('Trusted devices')).toHaveTextContent('1'), SLOW);
    await waitFor(async () => expect(await line('Last sign-in')).toHaveTextContent('Safari 17 on iOS'), SLOW);
    const names = within(await overview())
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Two-factor authentication', 'Passkeys', 'Recovery codes', 'Trusted devices', 'Last sign-in']);
  });

  it('a plugin that is off adds no line and asks the server nothing for one', async () => {
    const server = backend(routes());
    await renderSecurity(server.http);
    await waitFor(async () => expect(await line('Two-factor authentication')).toHaveTextContent('On'), SLOW);
    expect(within(await overview()).getAllByRole('link').map((a) => a.textContent)).toEqual(['Two-factor authentication', 'Last sign-in']);
    expect(server.find('GET', '/passkeys')).toHaveLength(0);
    expect(server.find('GET', '/recovery-codes')).toHaveLength(0);
    expect(server.find('GET', '/trusted-devices')).toHaveLength(0);
  });

  it('warns at a glance when two-factor is off or few recovery codes are left', async () => {
    await renderSecurity(backend(routes({ [STATUS]: () => off, [CODES]: () => ({ generatedAt: AT, remaining: 2, total: 10 }) })).http, undefined, ['recovery-codes']);
    await waitFor(async () => expect(await line('Two-factor authentication')).toHaveTextContent('Off'), SLOW);
    expect((await line('Two-factor authentication')).querySelector('[data-summary-tone]')).toHaveAttribute('data-summary-tone', 'attention');
    await waitFor(async () => expect(await line('Recovery codes')).toHaveTextContent('2 of 10 left'), SLOW);
    expect((await line('Recovery codes')).querySelector('[data-summary-tone]')).toHaveAttribute('data-summary-tone', 'attention');
  });

  it('a line leads to its card: the card scrolls into view and its heading takes the focus', async () => {
    await renderSecurity(backend(routes()).http, undefined, ALL);
    await userEvent.click(await within(await overview()).findByRole('link', { name: 'Recovery codes' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Recovery codes', level: 2 }));
    await userEvent.click(await within(await overview()).findByRole('link', { name: 'Last sign-in' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Recent activity', level: 2 }));
  });
});

describe('cards that depend on each other refresh together', () => {
  it('after two-factor is turned on, the recovery codes card and the overview say so without a reload', async () => {
    const server = backendTurningTotpOn();
    await renderSecurity(server.http, undefined, ['recovery-codes']);
    expect(await screen.findByText('Turn on two-step verification to create recovery codes.')).toBeInTheDocument();
    await turnOnTotp();
    expect(await screen.findByRole('button', { name: 'Create recovery codes' })).toBeInTheDocument();
    expect(screen.queryByText('Turn on two-step verification to create recovery codes.')).toBeNull();
    await waitFor(async () => expect(await line('Two-factor authentication')).toHaveTextContent('On'), SLOW);
  });
});

describe('the overview and the cards ask the server once', () => {
  const reads = (server: ReturnType<typeof backend>) =>
    Object.fromEntries(['/mfa/getMfaFeatureStatus', '/recovery-codes', '/passkeys', '/trusted-devices', '/security-events'].map((path) => [path, server.find('GET', path).length]));

  it('a line and its card share one answer; after a change, each is asked once more', async () => {
    const server = backendTurningTotpOn();
    await renderSecurity(server.http, undefined, ALL);
    await waitFor(async () => expect(await line('Two-factor authentication')).toHaveTextContent('Off'), SLOW);
    await waitFor(async () => expect(await line('Passkeys')).toHaveTextContent('2'), SLOW);
    await waitFor(async () => expect(await line('Trusted devices')).toHaveTextContent('1'), SLOW);
    await waitFor(async () => expect(await line('Last sign-in')).toHaveTextContent('Safari 17 on iOS'), SLOW);
    expect(await screen.findByText('Turn on two-step verification to create recovery codes.', undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Recent activity' }, SLOW)).toBeInTheDocument();
    expect(reads(server)).toEqual({ '/mfa/getMfaFeatureStatus': 1, '/recovery-codes': 1, '/passkeys': 1, '/trusted-devices': 1, '/security-events': 1 });

    await turnOnTotp();
    await waitFor(async () => expect(await line('Two-factor authentication')).toHaveTextContent('On'), SLOW);
    expect(await screen.findByRole('button', { name: 'Create recovery codes' })).toBeInTheDocument();
    // The change is read fresh (not a shared answer from before it), once for the page.
    await waitFor(() => expect(reads(server)).toEqual({ '/mfa/getMfaFeatureStatus': 2, '/recovery-codes': 2, '/passkeys': 2, '/trusted-devices': 2, '/security-events': 2 }));
  });
});

describe('one clock', () => {
  it("sessions and activity show a moment alike: the profile's time zone, named", async () => {
    const session = { sessionId: 's-1', current: true, createdAt: AT, lastActiveAt: AT, expiresAt: AT + 3_600_000, ip: '198.51.100.4', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' };
    await renderSecurity(
      backend(routes({ 'GET /api/account/acc-7/sessions': () => ({ sessions: [session] }), [EVENTS]: () => ({ events: [signIn], nextCursor: null, timeZone: 'Asia/Tokyo' }) })).http,
      undefined,
      [],
      { ...user, timezone: 'Asia/Tokyo' },
    );
    // 20:24 UTC is 05:24 the next morning in Tokyo.
    const sessions = await screen.findByRole('list', { name: 'Sessions' });
    await waitFor(() => expect(sessions).toHaveTextContent('Nov 28, 2026, 5:24 AM GMT+9'));
    const activity = await screen.findByRole('list', { name: 'Recent activity' });
    expect(activity).toHaveTextContent('Nov 28, 2026, 5:24 AM GMT+9');
  });
});
