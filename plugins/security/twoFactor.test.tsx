import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, dismissToast, getToast, type MfaFeatureStatus } from '@portal/plugin-api';
import { dialogProblem } from './mfaErrors';
import { groupKey } from './TotpDialog';
import { backend, fail, renderSecurity, type Handler } from './testing';

beforeAll(async () => {
  await import('./SecurityPage');
});

const STATUS = 'GET /api/account/acc-7/mfa/getMfaFeatureStatus';
const off: MfaFeatureStatus = { enabled: false, supportedMFATypes: [], primaryMFAType: null, MFAEmail: 'an***@partner.test' };
const totpOnly: MfaFeatureStatus = { enabled: true, supportedMFATypes: [3], primaryMFAType: 3, MFAEmail: 'an***@partner.test' };
const both: MfaFeatureStatus = { enabled: true, supportedMFATypes: [3, 2], primaryMFAType: 2, MFAEmail: 'an***@partner.test' };
const enrolment = { otpauthUrl: 'otpauth://totp/Unified%20ID:ana?secret=JBSWY3DPEHPK3PXPJBSW', secret: 'JBSWY3DPEHPK3PXPJBSW', qrCode: 'data:image/png;base64,iVBORw0KGgo=', expiresIn: 600 };

async function unlockedPage(routes: Record<string, Handler>) {
  const server = backend(routes);
  await renderSecurity(server.http);
  await userEvent.type(await screen.findByLabelText(/^Account password/), 'Right-pass-1');
  await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
  await screen.findByText(/Locks again in/);
  return server;
}

async function typeCode(dialog: HTMLElement, code: string) {
  await userEvent.click(within(dialog).getAllByRole('textbox')[0]!);
  await userEvent.keyboard(code);
}

describe('two-factor status', () => {
  it('off: offers both methods as a way to turn it on', async () => {
    await renderSecurity(backend({ [STATUS]: () => off }).http);
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on with an authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on with email codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off two-factor authentication' })).toBeNull();
  });

  it('offers to set up only the methods the deployment offers in the region; none: says so, and offers none', async () => {
    await renderSecurity(backend({ [STATUS]: () => ({ ...off, offeredMFATypes: [3] }) }).http);
    expect(await screen.findByRole('button', { name: 'Turn on with an authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on with email codes' })).toBeNull();
  });

  it("where no method is offered in the account's region: no set-up, and a note why", async () => {
    await renderSecurity(backend({ [STATUS]: () => ({ ...off, offeredMFATypes: [] }) }).http);
    expect(await screen.findByText("This service is not available in your account's region.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Turn on with/ })).toBeNull();
  });

  it('one method: no Remove (turn off instead), offers to add the other', async () => {
    await renderSecurity(backend({ [STATUS]: () => totpOnly }).http);
    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Verification methods' });
    expect(within(list).getByText('Primary')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByText('This is your only method. To stop using it, turn two-factor authentication off.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add email codes' })).toBeInTheDocument();
  });

  it('two methods: the primary first and marked; the other can be made primary; both can be removed', async () => {
    await renderSecurity(backend({ [STATUS]: () => both }).http);
    const list = await screen.findByRole('list', { name: 'Verification methods' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Email code');
    expect(items[0]).toHaveTextContent('an***@partner.test');
    expect(items[0]).toHaveTextContent('Primary');
    expect(within(items[1]!).getByRole('button', { name: 'Make Authenticator app the primary method' })).toBeDisabled(); // locked
    expect(within(list).getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
  });

  it('a failed status call shows the message and a retry', async () => {
    let calls = 0;
    await renderSecurity(backend({ [STATUS]: () => (++calls === 1 ? fail(-10000, 500) : off) }).http);
    expect(await screen.findByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
  });
});

describe('authenticator app enrolment', () => {
  it('first method: shows the QR image and the manual key, and turns two-factor on with the code (security token on every call)', async () => {
    let status = off;
    const server = await unlockedPage({
      [STATUS]: () => status,
      'POST /api/account/mfa/getTOTPUrl': () => enrolment,
      'POST /api/account/mfa/enable': () => {
        status = totpOnly;
        return { enabled: true };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on with an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code to add this account to an authenticator app' });
    expect(qr).toHaveAttribute('src', enrolment.qrCode);
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW')).toBeInTheDocument();
    await typeCode(dialog, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'success', message: 'Authenticator app is set up.' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(server.find('POST', '/account/mfa/getTOTPUrl')[0]!.securityToken).toBe('st-1');
    const enable = server.find('POST', '/account/mfa/enable')[0]!;
    expect(enable.body).toEqual({ mfaType: 3, code: '123456' });
    expect(enable.securityToken).toBe('st-1');
    expect(server.find('POST', '/accounts/mfa/addMfaType')).toHaveLength(0);
  });

  it('a second method is added with addMfaType', async () => {
    const server = await unlockedPage({
      [STATUS]: () => ({ ...totpOnly, supportedMFATypes: [2], primaryMFAType: 2 }),
      'POST /api/account/mfa/getTOTPUrl': () => enrolment,
      'POST /api/accounts/mfa/addMfaType': () => ({ added: 3 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await within(dialog).findByRole('img');
    await typeCode(dialog, '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(server.find('POST', '/accounts/mfa/addMfaType')[0]?.body).toEqual({ mfaType: 3, code: '654321' }));
    expect(server.find('POST', '/account/mfa/enable')).toHaveLength(0);
  });

  it('an incomplete code is refused before any call', async () => {
    const server = await unlockedPage({ [STATUS]: () => off, 'POST /api/account/mfa/getTOTPUrl': () => enrolment });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on with an authenticator app' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('img');
    await typeCode(dialog, '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Enter the 6-digit code.')).toBeInTheDocument();
    expect(server.find('POST', '/account/mfa/enable')).toHaveLength(0);
  });

  it.each([
    [-20607, { remainAttempts: 3 }, 'The verification code is incorrect. Attempts left: 3.', true],
    [-20684, { lockedMinutes: 10 }, 'Too many wrong codes. Two-factor changes are locked for 10 minutes.', false],
    [-20682, undefined, 'This method is already set up. Close this dialog to see the current settings.', false],
    [-20214, undefined, 'Your security session has timed out. Close this dialog, unlock the settings again and retry.', false],
  ])('code %i shows its message in the dialog', async (code, result, text, canRetry) => {
    await unlockedPage({ [STATUS]: () => off, 'POST /api/account/mfa/getTOTPUrl': () => enrolment, 'POST /api/account/mfa/enable': () => fail(code, 400, result) });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on with an authenticator app' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('img');
    await typeCode(dialog, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    if (canRetry) expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeEnabled();
    else expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeDisabled();
    // The code boxes are emptied for the next try.
    expect(within(dialog).getAllByRole('textbox').map((b) => (b as HTMLInputElement).value).join('')).toBe('');
  });

  it('an expired key (-20686) offers a new QR code, which fetches a new secret', async () => {
    let urls = 0;
    await unlockedPage({
      [STATUS]: () => off,
      'POST /api/account/mfa/getTOTPUrl': () => ({ ...enrolment, secret: ++urls === 1 ? enrolment.secret : 'KRSXG5CTMVRXEZLU' }),
      'POST /api/account/mfa/enable': () => fail(-20686),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on with an authenticator app' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('img');
    await typeCode(dialog, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('This key has expired. Get a new QR code and scan it again.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get a new QR code' }));
    expect(await within(dialog).findByText('KRSX G5CT MVRX EZLU')).toBeInTheDocument();
  });

  it('the session-timeout message shows when getting the key is refused (-20214), and the page relocks', async () => {
    await unlockedPage({ [STATUS]: () => off, 'POST /api/account/mfa/getTOTPUrl': () => fail(-20214, 403) });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on with an authenticator app' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Your security session has timed out. Close this dialog, unlock the settings again and retry.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!); // the footer's, not the corner ×
    expect(await screen.findByRole('heading', { name: 'Unlock to change these settings' })).toBeInTheDocument();
  });
});

describe('email code enrolment', () => {
  it('sends a BIND code to the account address, counts down 60 s, and proves it', async () => {
    const server = await unlockedPage({
      [STATUS]: () => off,
      'POST /api/email/code': () => ({ resendAfterSeconds: 60, expiresIn: 600 }),
      'POST /api/account/mfa/enable': () => ({ enabled: true }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on with email codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up email codes' });
    expect(within(dialog).getByText('We send a 6-digit code to ana@partner.test.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('button', { name: /^Send a new code in (60|59) s$/ })).toBeDisabled();
    const send = server.find('POST', '/email/code')[0]!;
    expect(send.body).toMatchObject({ email: 'ana@partner.test', type: 'BIND' });
    expect(send.securityToken).toBe('st-1');
    await typeCode(dialog, '246810');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(server.find('POST', '/account/mfa/enable')[0]?.body).toEqual({ mfaType: 2, code: '246810' }));
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'Email code is set up.' }));
  });

  it('a code sent a moment ago (-60001) starts the wait from retryAfterSeconds and lets the user enter that code', async () => {
    await unlockedPage({ [STATUS]: () => off, 'POST /api/email/code': () => fail(-60001, 429, { retryAfterSeconds: 42 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on with email codes' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('A code was sent a moment ago. You can request another one in 42 s.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(6);
  });

  it('-20676 asks to send a new code', async () => {
    await unlockedPage({ [STATUS]: () => off, 'POST /api/email/code': () => ({ resendAfterSeconds: 60, expiresIn: 600 }), 'POST /api/account/mfa/enable': () => fail(-20676) });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on with email codes' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await typeCode(dialog, '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('This code is no longer valid. Send a new code and try again.')).toBeInTheDocument();
  });
});

afterEach(() => dismissToast()); // a test's toast outlives it in the store

describe('primary, remove and turn off', () => {
  it('makes a method primary after confirming; when that is announced, the list already shows it first', async () => {
    // After the change the status answers only when released, so the order of list and toast shows.
    let status: () => MfaFeatureStatus | Promise<MfaFeatureStatus> = () => both;
    let release: () => void = () => undefined;
    const server = await unlockedPage({
      [STATUS]: () => status(),
      'POST /api/accounts/mfa/primary': () => {
        const reloaded = new Promise<MfaFeatureStatus>((resolve) => (release = () => resolve({ ...both, primaryMFAType: 3 })));
        status = () => reloaded;
        return { primaryMFAType: 3 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Make Authenticator app the primary method' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Change the primary method/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make primary' }));
    await waitFor(() => expect(server.find('POST', '/accounts/mfa/primary')[0]?.body).toEqual({ mfaType: 3 }));
    expect(server.find('POST', '/accounts/mfa/primary')[0]!.securityToken).toBe('st-1');
    await waitFor(() => expect(server.find('GET', '/account/acc-7/mfa/getMfaFeatureStatus').length).toBeGreaterThan(1));
    expect(getToast()).toBeNull(); // not announced while the list still shows the old order
    act(() => release());
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'Authenticator app is now the primary method.' }));
    expect(within(screen.getByRole('list', { name: 'Verification methods' })).getAllByRole('listitem')[0]).toHaveTextContent(/^Authenticator app.*Primary/);
  });

  it('removes a method after confirming; Cancel sends nothing', async () => {
    const server = await unlockedPage({ [STATUS]: () => both, 'POST /api/accounts/mfa/delMfaType': () => ({ deleted: 2 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Email code' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.find('POST', '/accounts/mfa/delMfaType')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Email code' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.find('POST', '/accounts/mfa/delMfaType')[0]?.body).toEqual({ mfaType: 2 }));
  });

  it('turns two-factor off after confirming', async () => {
    let status = both;
    const server = await unlockedPage({
      [STATUS]: () => status,
      'POST /api/accounts/mfa/disable': () => {
        status = off;
        return { enabled: false };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Turn off two-factor authentication\?/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off two-factor authentication' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.find('POST', '/accounts/mfa/disable')[0]!.securityToken).toBe('st-1');
    expect(await screen.findByRole('button', { name: 'Turn on with an authenticator app' })).toBeInTheDocument();
  });

  it('a confirm dialog shows the session-timeout message when the token is refused, and offers only Close', async () => {
    await unlockedPage({ [STATUS]: () => both, 'POST /api/accounts/mfa/disable': () => fail(-20214, 403) });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await within(dialog).findByText('Your security session has timed out. Close this dialog, unlock the settings again and retry.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Turn off two-factor authentication' })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2); // the corner × and the footer
  });

  it('-20683 (method not enabled) is explained in the dialog', async () => {
    await unlockedPage({ [STATUS]: () => both, 'POST /api/accounts/mfa/delMfaType': () => fail(-20683) });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Email code' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('This method is not set up. Close this dialog to see the current settings.')).toBeInTheDocument();
  });
});

describe('helpers', () => {
  it('groups the manual key by four', () => {
    expect(groupKey('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupKey('ABCDEF')).toBe('ABCD EF');
  });
  it('maps -20687 like -20686, and unknown codes to the catalogue', () => {
    expect(dialogProblem(new ApiError(-20687, undefined, 400))).toMatchObject({ key: 'dialog.keyExpired', newKey: true });
    expect(dialogProblem(new ApiError(-40005, undefined, 403))).toMatchObject({ kind: 'error' });
    expect(dialogProblem(new ApiError(-20607, undefined, 400))).toMatchObject({ key: 'dialog.wrongCodeNoCount' });
  });
});
