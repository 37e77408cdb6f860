import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/plugin-api';
import { storage } from '@portal/plugin-api/testing';
import { backend, fail, renderSecurity } from './testing';
import { unlockRefusal } from './unlockRefusal';

beforeAll(async () => {
  await import('./SecurityPage');
});
afterEach(() => {
  vi.useRealTimers();
});

const failed = (remainAttempts: number, failedAttempts = 5 - remainAttempts) => ({ remainAttempts, failedAttempts, lockedMinutes: 30 });

/** The server's account lock as it answers the unlock: five wrong passwords, then locked for 30 minutes. */
function lockingServer() {
  let wrong = 0;
  return backend({
    'POST /api/security/enable': (c) => {
      if (wrong >= 5) return fail(-20004, 423, failed(0, 5));
      if ((c.body as { password: string }).password === 'Right-pass-1') return { securityToken: 'st-1', expiresIn: 300 };
      wrong += 1;
      return fail(-20601, 400, failed(5 - wrong, wrong));
    },
  });
}

describe('unlock refusals', () => {
  it('read the failed-login result as the sign-in form does', () => {
    expect(unlockRefusal(new ApiError(-20601, 'wrong', 400, failed(3)))).toEqual({ kind: 'wrong', remainAttempts: 3 });
    expect(unlockRefusal(new ApiError(-20601, 'wrong', 400))).toEqual({ kind: 'wrong', remainAttempts: null });
    expect(unlockRefusal(new ApiError(-20601, 'wrong', 400, failed(1)))).toEqual({ kind: 'lastAttempt', lockedMinutes: 30 });
    expect(unlockRefusal(new ApiError(-20601, 'wrong', 400, failed(0)))).toEqual({ kind: 'locked', lockedMinutes: 30 });
    expect(unlockRefusal(new ApiError(-20004, 'locked', 423, { lockedMinutes: 90 }))).toEqual({ kind: 'locked', lockedMinutes: 90 });
    expect(unlockRefusal(new ApiError(-20004, 'locked', 423))).toEqual({ kind: 'locked', lockedMinutes: null });
    expect(unlockRefusal(new ApiError(-20214, 'token', 403))).toBeNull();
  });
});

describe('the unlock panel under the account lock', () => {
  it('says how many tries are left, warns before the last one, then shows the lock with its minutes', async () => {
    const server = lockingServer();
    await renderSecurity(server.http);
    const field = await screen.findByLabelText(/^Account password/);
    for (let n = 1; n <= 3; n++) {
      await userEvent.clear(field);
      await userEvent.type(field, `Wrong-pass-${n}`);
      await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
      expect(await screen.findByText(`Incorrect password. Attempts left: ${5 - n}.`)).toBeInTheDocument();
    }
    await userEvent.clear(field);
    await userEvent.type(field, 'Wrong-pass-4');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Incorrect password. One more failed attempt locks your account for 30 min.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    // Leaving the field keeps the warning (it is the server's, not a rule's).
    await userEvent.tab();
    expect(screen.getByText('Incorrect password. One more failed attempt locks your account for 30 min.')).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, 'Wrong-pass-5');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Too many failed password attempts. Your account is locked for 30 min: until then you can neither unlock these settings nor sign in.');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(field).toBeDisabled();
    expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeDisabled();
    expect(server.find('POST', '/security/enable')).toHaveLength(5);
    expect(storage.get('securityToken')).toBeNull();
  });

  it('refused while locked even with the right password; the form opens again when the lock is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = backend({ 'POST /api/security/enable': () => fail(-20004, 423, { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 2 }) });
    await renderSecurity(server.http);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText(/^Account password/), 'Right-pass-1');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(/Your account is locked for 2 min/)).toBeInTheDocument();
    expect(storage.get('securityToken')).toBeNull();
    await act(async () => {}); // let the countdown's effect start its interval
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(await screen.findByText(/Your account is locked for 1 min/)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    await waitFor(() => expect(screen.queryByText(/Your account is locked/)).toBeNull());
    expect(screen.getByLabelText(/^Account password/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
  });

  it('a lock of unknown length says so and leaves the form usable', async () => {
    await renderSecurity(backend({ 'POST /api/security/enable': () => fail(-20004, 423) }).http);
    await userEvent.type(await screen.findByLabelText(/^Account password/), 'Right-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Your account is locked after too many failed password attempts. Try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
  });
});
