import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODES as E, getToast } from '@portal/plugin-api';
import { SWITCHES_CALLS as C } from './contract';
import { LOADED, MFA_OFF_IN_APS, OPERATOR_ME, REFUSED, renderSwitches, VIEWER_ME, WEB, WEB_BODY, type CannedOps } from './testing';

/** Keys without a pause between them: a loaded machine is slow. */
const user = userEvent.setup({ delay: null });
const calls = (ops: CannedOps, method: string, path: string) => ops.calls.filter((c) => c.method === method && c.path === path);
const confirmFirst = (then: unknown) => {
  let asked = false;
  return () => {
    if (asked) return then;
    asked = true;
    return new ApiError(E.mfaRequired, undefined, 403, { confirm: true });
  };
};

async function loaded(me = OPERATOR_ME, answers: Record<string, unknown> = {}) {
  const result = await renderSwitches(me, { ...LOADED, ...answers });
  await screen.findByText(/Serving version 3/);
  return result;
}

describe('the switches', () => {
  it("shows each region's state, a region's own switch marked, and the version served", async () => {
    await loaded();
    expect(screen.getByText(/Serving version 3, made .* by otto.operator@vendor.example/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /company in Use/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /company in Euw/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /company by default/ })).toBeChecked();
    // Plugins the config does not name yet are listed after, off.
    expect(screen.getByRole('checkbox', { name: /passkeys by default/ })).not.toBeChecked();
    const useCell = screen.getByRole('checkbox', { name: /company in Use/ }).closest('td')!;
    expect(within(useCell).getByText('set for this region')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Config' })).toHaveTextContent('WebAndroid appiOS app');
  });

  it('lets a viewer read the switches and the history, and change nothing', async () => {
    const { ops } = await loaded(VIEWER_ME);
    expect(screen.getByText(/Your role can read them/)).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(await screen.findByText('Company pages are not offered in North America yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Restore version/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Settings of account' }));
    expect(await screen.findByRole('dialog', { name: 'Settings of account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Settings (JSON)')).toHaveAttribute('readonly');
    expect(calls(ops, 'POST', C.preview('web'))).toEqual([]);
  });

  it('previews a switch turned off in one region, and applies it with a reason after a fresh confirmation', async () => {
    const { ops, session } = await loaded(OPERATOR_ME, { [`POST ${C.preview('web')}`]: MFA_OFF_IN_APS, [`POST ${C.apply('web')}`]: confirmFirst({ ...WEB.current, version: 4 }) });
    await user.click(screen.getByRole('checkbox', { name: /mfa in Aps/ }));
    expect(await screen.findByText('mfa disappears in Aps')).toBeInTheDocument();
    expect(screen.getByText(/For Web accounts in Aps/)).toBeInTheDocument();
    expect(calls(ops, 'POST', C.preview('web')).at(-1)!.body).toEqual({ body: { ...WEB_BODY, regions: { ...WEB_BODY.regions, Aps: { plugins: { mfa: { enabled: false } } } } } });

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Say why (at least 3 characters).')).toBeInTheDocument();
    expect(calls(ops, 'POST', C.apply('web'))).toEqual([]);

    await user.type(screen.getByLabelText(/^Reason/), 'Two-factor is rolled out later in Aps');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(getToast()?.message).toBe('Version 4 is applied. Every server serves it within seconds.'));
    expect(session.confirmations).toBe(1);
    const applied = calls(ops, 'POST', C.apply('web'));
    expect(applied).toHaveLength(2);
    expect(applied[1]!.body).toMatchObject({ reason: 'Two-factor is rolled out later in Aps', baseVersion: 3 });
    // The section loads the newest version again.
    await waitFor(() => expect(calls(ops, 'GET', C.overview)).toHaveLength(2));
  });

  it("names the menu entries a plugin takes along, in the operator's language", async () => {
    await loaded(OPERATOR_ME, { [`POST ${C.preview('web')}`]: { ok: true, changes: [{ path: 'plugins.company.enabled', before: true, after: false }], effect: [{ region: 'Aps', added: [], removed: ['company'] }, { region: 'Euw', added: [], removed: ['company'] }] } });
    await user.click(screen.getByRole('checkbox', { name: /company by default/ }));
    expect(await screen.findByText('company disappears in Euw')).toBeInTheDocument();
    expect((await screen.findAllByText(/^Menu entry “Company” \(company\), for some accounts or screens$/, undefined, { timeout: 15_000 })).length).toBe(2);
  });

  it("shows the config check's problems and offers no Apply", async () => {
    await loaded(OPERATOR_ME, { [`POST ${C.preview('web')}`]: REFUSED });
    await user.click(screen.getByRole('checkbox', { name: /mfa in Aps/ }));
    expect(await screen.findByText(/unknown setting; did you mean 'showAccountId'/)).toBeInTheDocument();
    expect(screen.getByText('The change cannot be applied:')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('keeps the draft and the reason when the apply fails, and says when another operator applied a version since', async () => {
    let answer: unknown = new ApiError(0, undefined, 0);
    const { ops } = await loaded(OPERATOR_ME, { [`POST ${C.preview('web')}`]: MFA_OFF_IN_APS, [`POST ${C.apply('web')}`]: () => answer });
    await user.click(screen.getByRole('checkbox', { name: /mfa in Aps/ }));
    await screen.findByText('mfa disappears in Aps');
    await user.type(screen.getByLabelText(/^Reason/), 'Rolled out later');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The server did not answer. Your changes are kept; try again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('Rolled out later');
    expect(screen.getByRole('checkbox', { name: /mfa in Aps/ })).not.toBeChecked();

    answer = new ApiError(E.invalidParameter, undefined, 409, { field: 'baseVersion', current: 4 });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Someone applied version 4 since you began. Load it, then make your change again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load the newest version' }));
    await waitFor(() => expect(calls(ops, 'GET', C.overview)).toHaveLength(2));
  });

  it("edits a plugin's settings as JSON, refusing what is not a JSON object", async () => {
    const { ops } = await loaded(OPERATOR_ME, { [`POST ${C.preview('web')}`]: MFA_OFF_IN_APS });
    await user.click(screen.getByRole('button', { name: 'Settings of account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of account' });
    const field = within(dialog).getByLabelText('Settings (JSON)');
    expect(field).toHaveValue(JSON.stringify({ showAccountId: true }, null, 2));
    await user.clear(field);
    await user.type(field, '[[1]');
    await user.click(within(dialog).getByRole('button', { name: 'Use these settings' }));
    expect(await within(dialog).findByText('This is not a JSON object.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '{{"showAccountId": false}');
    await user.click(within(dialog).getByRole('button', { name: 'Use these settings' }));
    await waitFor(() => expect(calls(ops, 'POST', C.preview('web')).length).toBeGreaterThan(0));
    expect(calls(ops, 'POST', C.preview('web')).at(-1)!.body).toMatchObject({ body: { plugins: { account: { enabled: true, config: { showAccountId: false } } } } });
  });

  it('restores an earlier version with a reason, after a fresh confirmation', async () => {
    const { ops, session } = await loaded(OPERATOR_ME, { [`POST ${C.restore('web', 2)}`]: confirmFirst({ ...WEB.current, version: 4, restoredFrom: 2 }) });
    await user.click(await screen.findByRole('button', { name: 'Restore version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 2' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Back to the account id');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(getToast()?.message).toBe('Version 4 restores version 2.'));
    expect(session.confirmations).toBe(1);
    expect(calls(ops, 'POST', C.restore('web', 2)).at(-1)!.body).toEqual({ reason: 'Back to the account id', baseVersion: 3 });
  });
});
