import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, getToast } from '@portal/plugin-api';
import { HELPDESK_CALLS as C, type HelpdeskActionResult } from './contract';
import { LOCKED, PENDING, renderHelpdesk, SUPPORT_ME, UNLOCKED, VIEWER_ME, type CannedAnswer, type CannedOps } from './testing';

/** Keys without a pause between them: a loaded machine is slow. */
const user = userEvent.setup({ delay: null });

const lookup = (account = LOCKED) => ({ [`POST ${C.lookup}`]: { account } });
const calls = (ops: CannedOps, path: string) => ops.calls.filter((c) => c.path === path);

async function find(email: string) {
  await user.type(screen.getByLabelText(/^Email address/), email);
  await user.click(screen.getByRole('button', { name: 'Find account' }));
}

async function shown(me = SUPPORT_ME, answers: Record<string, CannedAnswer> = lookup()) {
  const result = await renderHelpdesk(me, answers);
  await find(LOCKED.email);
  await screen.findByRole('heading', { name: 'Account of Ada Lovelace' });
  return result;
}

describe('finding an account', () => {
  it('asks for an address before calling', async () => {
    const { ops } = await renderHelpdesk(SUPPORT_ME, lookup());
    await user.click(screen.getByRole('button', { name: 'Find account' }));
    expect(await screen.findByText('Enter an email address.')).toBeInTheDocument();
    expect(ops.calls).toEqual([]);
  });

  it('says plainly when no account has the address, in any region', async () => {
    const { ops } = await renderHelpdesk(VIEWER_ME, { [`POST ${C.lookup}`]: { account: null } });
    await find('nobody@example.com');
    expect(await screen.findAllByText('No account has the address nobody@example.com, in any region.')).not.toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No account has the address nobody@example.com');
    expect(ops.calls).toEqual([{ method: 'POST', path: C.lookup, body: { email: 'nobody@example.com' } }]);
  });

  it('keeps the address typed when the look-up fails, and says why', async () => {
    await renderHelpdesk(SUPPORT_ME, { [`POST ${C.lookup}`]: new ApiError(0, undefined, 0) });
    await find('ada.lovelace@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('The console did not answer. Check your connection and try again.');
    expect(screen.getByLabelText(/^Email address/)).toHaveValue('ada.lovelace@example.com');
  });

  it('shows the state: lock, two-factor methods, what each feature tells, sessions and activity in the owner’s words', async () => {
    await shown();
    const state = screen.getByRole('region', { name: 'Account of Ada Lovelace' });
    expect(within(state).getByText(/^Locked after wrong passwords until/)).toBeInTheDocument();
    expect(within(state).getByText('Email code, Authenticator app')).toBeInTheDocument();
    expect(within(state).getByText('MacBook Touch ID', { exact: false })).toBeInTheDocument();
    expect(within(state).getByText('Contoso Engineering')).toBeInTheDocument();
    expect(within(state).getByText('Recovery codes left')).toBeInTheDocument();
    expect(screen.getByText('Account locked after failed attempts')).toBeInTheDocument();
    expect(screen.getByText('Sign-in refused · wrong password')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('Chrome 131, Windows · 203.0.113.9');
  });
});

describe('what each role may do', () => {
  it('a support operator sees the actions that apply to the account', async () => {
    await shown();
    const actions = within(screen.getByRole('region', { name: 'Help-desk actions' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Unlock', 'Sign out all sessions', 'Remove two-factor authentication', 'Revoke trusted browsers']);
  });

  it('a pending account offers the activation mail only', async () => {
    await renderHelpdesk(SUPPORT_ME, lookup(PENDING));
    await find(PENDING.email);
    expect(await screen.findByRole('button', { name: 'Resend activation mail' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
    expect(screen.getByText('Pending: not activated yet')).toBeInTheDocument();
  });

  it('a viewer reads only: no action, and says which role acts', async () => {
    await shown(VIEWER_ME);
    expect(screen.getByText('Your role reads only. Help-desk actions need the Support or Admin role.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
  });
});

describe('acting for the owner', () => {
  const unlocked: HelpdeskActionResult = { done: 'unlock', count: 1, account: UNLOCKED };

  it('unlocks with a reason: asks for one first, then shows the new state and says so', async () => {
    const { ops } = await shown(SUPPORT_ME, { ...lookup(), [`POST ${C.unlock}`]: unlocked });
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock ada.lovelace@example.com' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
    expect(calls(ops, C.unlock)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Ticket 4711');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(ops, C.unlock)[0]!.body).toEqual({ email: LOCKED.email, reason: 'Ticket 4711' });
    expect(getToast()?.message).toBe('ada.lovelace@example.com is unlocked.');
    expect(screen.getByText('Not locked')).toBeInTheDocument();
    expect(screen.getByText('Account unlocked · by the help desk')).toBeInTheDocument();
  });

  it('keeps the dialog and the reason when the call fails', async () => {
    await shown(SUPPORT_ME, { ...lookup(), [`POST ${C.signOut}`]: new ApiError(0, undefined, 0) });
    await user.click(screen.getByRole('button', { name: 'Sign out all sessions' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Lost laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all sessions' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The console did not answer.');
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveValue('Lost laptop');
  });

  it('asks for a fresh second factor before removing two-factor authentication, then repeats the call', async () => {
    let asked = 0;
    const answer = () => (asked++ === 0 ? new ApiError(-20677, 'Confirm first.', 403, { confirm: true }) : { done: 'removeTwoFactor', count: 1, account: { ...LOCKED, twoFactor: { enabled: false, methods: [] } } });
    const { ops, session } = await shown(SUPPORT_ME, { ...lookup(), [`POST ${C.removeTwoFactor}`]: answer });
    await user.click(screen.getByRole('button', { name: 'Remove two-factor authentication' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This is a dangerous action: you confirm it with your second factor.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Phone lost, identity checked');
    await user.click(within(dialog).getByRole('button', { name: 'Remove two-factor authentication' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.confirmations).toBe(1);
    expect(calls(ops, C.removeTwoFactor)).toHaveLength(2);
    expect(screen.getByText('Off')).toBeInTheDocument();
  });

  it('says the server refused a role that may not act', async () => {
    await shown(SUPPORT_ME, { ...lookup(), [`POST ${C.unlock}`]: new ApiError(-40005, 'The viewer role may not do this.', 403, { needs: 'helpdesk', role: 'viewer' }) });
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Ticket 1');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your role may not do this.');
  });
});
