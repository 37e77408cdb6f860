import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, getToast } from '@portal/plugin-api';
import type { OperatorItem, OperatorMe } from './contract';
import { ADMIN_ME, OPERATORS, VIEWER_ME, type CannedAnswer, type CannedOps, renderConsole } from './testing';

/** Keys without a pause between them: the forms' texts are long and a loaded machine is slow. */
const user = userEvent.setup({ delay: null });

const NEEDS_CONFIRMATION = () => new ApiError(-20677, 'Confirm this action with your second factor.', 403, { confirm: true });
const INVITED: OperatorItem = { id: 'op-9', email: 'new.person@vendor.example', role: 'viewer', status: 'invited', createdAt: 0, createdBy: ADMIN_ME.email, lastSignInAt: null };

/** The console at /ops/operators for `me`, with canned calls. */
async function show(me: OperatorMe, answers: Record<string, CannedAnswer> = {}) {
  const { ops, ...result } = await renderConsole('/ops/operators', { 'GET /me': me, 'GET /operators': OPERATORS, ...answers });
  await screen.findByRole('heading', { name: 'Operators' });
  await screen.findByText('sam.support@vendor.example');
  return { ...result, ops };
}

const calls = (ops: CannedOps, method: string, path: string) => ops.calls.filter((c) => c.method === method && c.path === path);

/** Answers `first` once (an ApiError is thrown), then `then`. */
function onceThen(first: () => ApiError, then: unknown) {
  let asked = 0;
  return () => (asked++ === 0 ? first() : then);
}

async function fillInvite(email: string, reason: string) {
  const form = screen.getByRole('button', { name: 'Send invitation' }).closest('form')!;
  if (email) await user.type(within(form).getByLabelText(/^Email address/), email);
  if (reason) await user.type(within(form).getByLabelText(/^Reason/), reason);
  await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
  return form;
}

describe('what each role sees', () => {
  it('an admin sees the invitation form and a Change button for every operator not disabled', async () => {
    await show(ADMIN_ME);
    expect(screen.getByText('The people who can sign in to this console, and what each may do. Every change asks for a reason and is written to the audit log.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invite an operator' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    for (const o of OPERATORS.filter((o) => o.status !== 'disabled')) expect(screen.getByRole('button', { name: `Change ${o.email}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Change ${OPERATORS[3]!.email}` })).toBeNull();
    // Roles, statuses and a sign-in that never happened, in words.
    const row = screen.getByText('vik.viewer@vendor.example').closest('tr')!;
    expect(within(row).getByText('Viewer')).toBeInTheDocument();
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
  });

  it('a viewer sees the list only: no invitation, no Change', async () => {
    await show(VIEWER_ME);
    expect(screen.getByText('The people who can sign in to this console, and what each may do.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: OPERATORS[3]!.email })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invite an operator' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Change / })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('a list that fails to load says so and loads again on "Try again"', async () => {
    let fail = true;
    const { ops } = await renderConsole('/ops/operators', { 'GET /me': ADMIN_ME, 'GET /operators': () => (fail ? new ApiError(0, undefined, 0) : OPERATORS) });
    expect(await screen.findByText('The console did not answer. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('sam.support@vendor.example')).toBeInTheDocument();
    expect(calls(ops, 'GET', '/operators')).toHaveLength(2);
  });
});

describe('inviting an operator', () => {
  it('asks for the address and a reason inline, without a call', async () => {
    const { ops } = await show(ADMIN_ME, { 'POST /operators': INVITED });
    await fillInvite('', '');
    expect(await screen.findByText('Say why, in a few words. It goes into the audit log.')).toBeInTheDocument();
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    // An address with a reason too short (or only spaces) is refused the same way.
    await fillInvite('new.person@vendor.example', '  a ');
    await waitFor(() => expect(screen.queryByText('Enter your email address.')).toBeNull());
    expect(screen.getByText('Say why, in a few words. It goes into the audit log.')).toBeInTheDocument();
    expect(calls(ops, 'POST', '/operators')).toHaveLength(0);
  });

  it('a refusal for a fresh second factor opens "Confirm this change"; a code confirms it, the invitation is sent once more and says so', async () => {
    const { ops } = await show(ADMIN_ME, { 'POST /operators': onceThen(NEEDS_CONFIRMATION, INVITED), 'POST /confirm': { confirmedUntil: Date.now() + 300_000 } });
    const form = await fillInvite('new.person@vendor.example', 'Reads the dashboards');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this change' });
    expect(within(dialog).getByText('This change needs your second factor again. You will not be asked again for 5 minutes.')).toBeInTheDocument();
    // The admin has a passkey and an app: both are offered.
    expect(within(dialog).getByRole('button', { name: 'Use passkey' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^6-digit code/), '135790');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'success', message: 'Invitation sent to new.person@vendor.example.' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm this change' })).toBeNull();
    const posts = ops.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
    expect(posts).toEqual([
      ['/operators', expect.objectContaining({ email: 'new.person@vendor.example', role: 'viewer', reason: 'Reads the dashboards' })],
      ['/confirm', { type: 'totp', code: '135790' }],
      ['/operators', expect.objectContaining({ email: 'new.person@vendor.example', role: 'viewer', reason: 'Reads the dashboards' })],
    ]);
    // The form is emptied, the list read again, and the operator too (the confirmation's time changed).
    await waitFor(() => expect(calls(ops, 'GET', '/operators')).toHaveLength(2));
    expect(calls(ops, 'GET', '/me').length).toBeGreaterThan(1);
    expect(within(form).getByLabelText(/^Email address/)).toHaveValue('');
    expect(within(form).getByLabelText(/^Reason/)).toHaveValue('');
  });

  it('a refused code stays in the dialog and says so, without sending the invitation again', async () => {
    const { ops } = await show(ADMIN_ME, { 'POST /operators': onceThen(NEEDS_CONFIRMATION, INVITED), 'POST /confirm': new ApiError(-20607, 'Refused.', 400) });
    await fillInvite('new.person@vendor.example', 'Reads the dashboards');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this change' });
    await user.type(within(dialog).getByLabelText(/^6-digit code/), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code or passkey was not accepted.');
    expect(calls(ops, 'POST', '/operators')).toHaveLength(1);
  });

  it('closing the confirmation sends nothing more and keeps what was typed', async () => {
    const { ops } = await show(ADMIN_ME, { 'POST /operators': onceThen(NEEDS_CONFIRMATION, INVITED) });
    const form = await fillInvite('new.person@vendor.example', 'Reads the dashboards');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this change' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm this change' })).toBeNull());
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send invitation' })).not.toHaveAttribute('aria-busy', 'true'));
    expect(calls(ops, 'POST', '/operators')).toHaveLength(1);
    expect(calls(ops, 'POST', '/confirm')).toHaveLength(0);
    expect(getToast()).toBeNull();
    expect(within(form).queryByRole('alert')).toBeNull();
    // What was typed stays, for another try.
    expect(within(form).getByLabelText(/^Email address/)).toHaveValue('new.person@vendor.example');
  });

  it('another refusal shows in the form in the console’s words', async () => {
    await show(ADMIN_ME, { 'POST /operators': new ApiError(-20621, 'Exists.', 409) });
    const form = await fillInvite('sam.support@vendor.example', 'Again, please');
    expect(await within(form).findByRole('alert')).toHaveTextContent('This address is an operator already. Change their role instead.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("changing an operator", () => {
  it('asks for a reason without a call, then shows the last-admin refusal in the dialog', async () => {
    const { ops } = await show(ADMIN_ME, { 'PUT /operators/op-1': new ApiError(-40005, 'The last admin.', 403, { lastAdmin: true }) });
    await user.click(screen.getByRole('button', { name: 'Change ana.admin@vendor.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change ana.admin@vendor.example' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Say why, in a few words. It goes into the audit log.')).toBeInTheDocument();
    expect(calls(ops, 'PUT', '/operators/op-1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Disable this operator (signs them out at once)' }));
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Leaves the team');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The console needs at least one active admin, so this change is not possible.');
    expect(calls(ops, 'PUT', '/operators/op-1').map((c) => c.body)).toEqual([{ disabled: true, reason: 'Leaves the team' }]);
    expect(screen.getByRole('dialog', { name: 'Change ana.admin@vendor.example' })).toBeInTheDocument();
  });

  it('a plain permission refusal is not the last-admin message', async () => {
    await show(ADMIN_ME, { 'PUT /operators/op-2': new ApiError(-40005, 'Not allowed.', 403) });
    await user.click(screen.getByRole('button', { name: 'Change sam.support@vendor.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change sam.support@vendor.example' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Joins the help desk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your role does not allow this.');
  });

  it('a change confirmed with a code is saved, said, and the dialog closes', async () => {
    const changed = { ...OPERATORS[1]!, status: 'disabled' as const };
    const { ops } = await show(ADMIN_ME, { 'PUT /operators/op-2': onceThen(NEEDS_CONFIRMATION, changed), 'POST /confirm': { confirmedUntil: Date.now() + 300_000 } });
    await user.click(screen.getByRole('button', { name: 'Change sam.support@vendor.example' }));
    const change = await screen.findByRole('dialog', { name: 'Change sam.support@vendor.example' });
    await user.click(within(change).getByRole('checkbox', { name: 'Disable this operator (signs them out at once)' }));
    await user.type(within(change).getByLabelText(/^Reason/), 'Left the company');
    await user.click(within(change).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm this change' });
    await user.type(within(confirm).getByLabelText(/^6-digit code/), '112233');
    await user.click(within(confirm).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'success', message: 'sam.support@vendor.example was changed.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(ops, 'PUT', '/operators/op-2').map((c) => c.body)).toEqual([
      { disabled: true, reason: 'Left the company' },
      { disabled: true, reason: 'Left the company' },
    ]);
    expect(calls(ops, 'POST', '/confirm')).toHaveLength(1);
    await waitFor(() => expect(calls(ops, 'GET', '/operators')).toHaveLength(2));
  });
});
