import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, getToast, type Member, type MyCompany } from '@portal/plugin-api';
import { asRole, company, members } from './fixtures';
import { parseEmails } from './InviteDialog';
import { MembersList } from './MembersList';
import { canManage, canReinvite, grantableRoles, roleChoices } from './permissions';
import { renderCompany } from './testing';
import { routeHttp, type Answer } from './testHttp';

const LIST = 'GET /orgs/org-1/members';
const [ownerRow, adminRow, memberRow, unverifiedRow, expiredRow] = members as [Member, Member, Member, Member, Member];

async function renderMembers(org: MyCompany, answers: Record<string, Answer> = {}) {
  const onChanged = vi.fn(async () => undefined);
  const fake = routeHttp({ [LIST]: { members }, ...answers });
  await renderCompany(<MembersList company={org} onChanged={onChanged} />, fake.http, '/members');
  await screen.findByRole('table');
  return { ...fake, onChanged };
}

const row = (email: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(email.slice(0, 20)))!;

describe('permissions (spec section 6, as the server enforces them)', () => {
  it('owner manages everyone but the owner, and may hand over ownership to an active member', () => {
    expect(canManage('owner', ownerRow)).toBe(false);
    expect(canManage('owner', adminRow)).toBe(true);
    expect(roleChoices('owner', adminRow)).toEqual(['owner', 'admin', 'member']);
    expect(roleChoices('owner', unverifiedRow)).toEqual(['admin', 'member']);
    expect(grantableRoles('owner')).toEqual(['admin', 'member']);
  });
  it('admin manages plain members only and grants only member', () => {
    expect(canManage('admin', adminRow)).toBe(false);
    expect(canManage('admin', memberRow)).toBe(true);
    expect(roleChoices('admin', memberRow)).toEqual(['member']);
    expect(canReinvite('admin', expiredRow)).toBe(false); // an expired admin invitation is the owner's
    expect(canReinvite('admin', unverifiedRow)).toBe(true);
    expect(grantableRoles('admin')).toEqual(['member']);
  });
  it('member manages nobody', () => {
    for (const m of members) expect(canManage('member', m)).toBe(false);
    expect(grantableRoles('member')).toEqual([]);
  });
});

describe('members list', () => {
  it('is a table with a caption and headers, names truncated at 25 with the full text on focus', async () => {
    await renderMembers(company);
    const table = screen.getByRole('table', { name: `Members of ${company.name} with their role, status and joining date` });
    for (const h of ['Name', 'Email', 'Role', 'Status', 'Joined', 'Actions']) expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    expect(within(table).getByText('Invitation pending')).toBeInTheDocument();
    expect(within(table).getByText('Invitation expired')).toBeInTheDocument();
    expect(within(table).getByText('Apr 2, 2024')).toBeInTheDocument();
    const cut = within(table).getByText('Maximiliana Alexandrina v…');
    cut.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Maximiliana Alexandrina von Hohenzollern-Sigmaringen');
  });

  it('as owner: invite, re-invite for unverified and expired, change role and remove for all but the owner', async () => {
    await renderMembers(company);
    expect(screen.getByRole('button', { name: 'Invite members' })).toBeInTheDocument();
    expect(within(row(ownerRow.email)).queryAllByRole('button')).toHaveLength(0);
    expect(within(row(adminRow.email)).getByRole('button', { name: `Change role: ${adminRow.email}` })).toBeInTheDocument();
    expect(within(row(unverifiedRow.email)).getByRole('button', { name: `Invite again: ${unverifiedRow.email}` })).toBeInTheDocument();
    expect(within(row(expiredRow.email)).getByRole('button', { name: `Invite again: ${expiredRow.email}` })).toBeInTheDocument();
    expect(within(row(memberRow.email)).getByRole('button', { name: `Remove: ${memberRow.email}` })).toBeInTheDocument();
  });

  it('as admin: no actions on the owner or other admins', async () => {
    await renderMembers(asRole('admin'));
    expect(within(row(adminRow.email)).queryAllByRole('button')).toHaveLength(0);
    expect(within(row(expiredRow.email)).queryAllByRole('button')).toHaveLength(0);
    expect(within(row(memberRow.email)).getByRole('button', { name: `Remove: ${memberRow.email}` })).toBeInTheDocument();
    // an admin can only give 'member', so there is no role to change to
    expect(within(row(memberRow.email)).queryByRole('button', { name: /Change role/ })).toBeNull();
  });

  it('as member: the list only, no actions column, no invite', async () => {
    await renderMembers(asRole('member'));
    expect(screen.queryByRole('button', { name: 'Invite members' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.getByText('Only the owner and administrators can manage members.')).toBeInTheDocument();
  });

  it('invites addresses with a role in the company region', async () => {
    const { calls } = await renderMembers(company, { 'POST /orgs/org-1/members/invitations': { invited: ['a@partner-example.com', 'b@partner-example.com'] } });
    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Only people whose account is in');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email addresses' }), 'a@partner-example.com, b@partner-example.com');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Administrator' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path.endsWith('/invitations'))?.body).toEqual({ emails: ['a@partner-example.com', 'b@partner-example.com'], role: 'admin', region: 'Euw', language: 'en_US' });
    expect(getToast()).toMatchObject({ kind: 'success' });
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2); // the list is reloaded
  });

  it('an admin can only invite members', async () => {
    await renderMembers(asRole('admin'));
    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['member']);
  });

  it('takes addresses as chips: a comma, space or Enter makes one, a paste splits a list, Backspace and the remove buttons take them away', async () => {
    await renderMembers(company);
    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('textbox', { name: 'Email addresses' });
    const chips = () => within(dialog).queryAllByRole('listitem').map((li) => li.textContent);
    await userEvent.type(box, 'a@partner-example.com,b@partner-example.com c@partner-example.com{Enter}');
    expect(box).toHaveValue('');
    expect(chips()).toEqual(['a@partner-example.com×', 'b@partner-example.com×', 'c@partner-example.com×']);
    await userEvent.click(box);
    await userEvent.paste('d@partner-example.com\ne@partner-example.com\nA@partner-example.com');
    expect(chips()).toHaveLength(5); // the same address twice is one chip
    await userEvent.keyboard('{Backspace}');
    expect(chips()).toHaveLength(4);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Removed e@partner-example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove b@partner-example.com' }));
    expect(chips().map((c) => c?.replace('×', ''))).toEqual(['a@partner-example.com', 'c@partner-example.com', 'd@partner-example.com']);
    expect(box).toHaveFocus();
  });

  it('flags a malformed address, invites the others and reports it address by address', async () => {
    const { calls } = await renderMembers(company, { 'POST /orgs/org-1/members/invitations': { invited: ['ok@partner-example.com'], refused: [] } });
    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('textbox', { name: 'Email addresses' });
    await userEvent.type(box, 'nope@ ok@partner-example.com ');
    const bad = within(dialog).getAllByRole('listitem')[0]!;
    expect(bad).toHaveTextContent('nope@ (not a valid address)');
    expect(dialog).toHaveTextContent('Addresses marked as not valid will not be invited.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    const report = await screen.findByRole('alertdialog', { name: /Invitation results/ });
    expect(calls.find((c) => c.path.endsWith('/invitations'))?.body).toMatchObject({ emails: ['ok@partner-example.com'] });
    expect(within(report).getByText('Invited: 1. Not invited: 1.')).toHaveFocus();
    expect(within(within(report).getByRole('list', { name: 'Not invited' })).getByRole('listitem')).toHaveTextContent('nope@ is not a valid email address.');
  });

  it('with only malformed addresses nothing is sent and the field says so', async () => {
    const { calls } = await renderMembers(company);
    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('textbox', { name: 'Email addresses' });
    await userEvent.type(box, 'nope@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await within(dialog).findByText('None of these addresses is valid. Correct or remove the marked ones.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path.endsWith('/invitations'))).toBe(false);
  });

  it.each([
    [-40014, 'other regions'],
    [-40011, 'already'],
    [-40021, '7 days'],
  ])('%i from the server shows in the dialog, which stays open with the addresses', async (code, text) => {
    await renderMembers(company, { 'POST /orgs/org-1/members/invitations': new ApiError(code, 'no', 400) });
    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email addresses' }), 'x@partner-example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await within(dialog).findByText(new RegExp(text, 'i'))).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('x@partner-example.com');
  });

  it('reports a batch address by address: the valid ones are invited, the others say why', async () => {
    const { calls } = await renderMembers(company, {
      'POST /orgs/org-1/members/invitations': {
        invited: ['new@partner-example.com'],
        refused: [
          { email: 'member@partner-example.com', errorCode: -40007 },
          { email: 'waiting@partner-example.com', errorCode: -40011 },
          { email: 'busy@partner-example.com', errorCode: -40020 },
        ],
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    const form = await screen.findByRole('dialog');
    // Pasted (typing four addresses key by key is slow on a loaded machine; typing has its own test).
    await userEvent.click(within(form).getByRole('textbox', { name: 'Email addresses' }));
    await userEvent.paste('new@partner-example.com member@partner-example.com waiting@partner-example.com busy@partner-example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitations' }));
    const report = await screen.findByRole('alertdialog', { name: /Invitation results/ });
    expect(within(report).getByText('Invited: 1. Not invited: 3.')).toHaveFocus();
    expect(within(within(report).getByRole('list', { name: 'Invited' })).getByRole('listitem')).toHaveTextContent('new@partner-example.com');
    expect(within(within(report).getByRole('list', { name: 'Not invited' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '✕member@partner-example.com already belongs to this company.',
      '✕waiting@partner-example.com already has an invitation waiting to be accepted.',
      '✕busy@partner-example.com has received too many invitations today. Try again tomorrow.',
    ]);
    expect(getToast()).toBeNull();
    await userEvent.click(within(report).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2); // someone was invited: the list is reloaded
  });

  it('reports a batch of which nobody could be invited, and a single refused address inline in its words', async () => {
    const refused = [
      { email: 'a@partner-example.com', errorCode: -40016 },
      { email: 'b@partner-example.com', errorCode: -40021 },
    ];
    const { calls } = await renderMembers(company, { 'POST /orgs/org-1/members/invitations': new ApiError(-40016, 'no', 400, { email: 'a@partner-example.com', refused }) });
    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    let form = await screen.findByRole('dialog');
    await userEvent.click(within(form).getByRole('textbox', { name: 'Email addresses' }));
    await userEvent.paste('a@partner-example.com, b@partner-example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitations' }));
    const report = await screen.findByRole('alertdialog', { name: /Invitation results/ });
    expect(within(report).queryByRole('list', { name: 'Invited' })).toBeNull();
    expect(report).toHaveTextContent('The invitation to b@partner-example.com was cancelled less than 7 days ago.');
    await userEvent.click(within(report).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1); // nobody invited: nothing to reload

    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    form = await screen.findByRole('dialog');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email addresses' }), 'a@partner-example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitations' }));
    expect(await within(form).findByText('a@partner-example.com had an invitation that has expired. Send it again from the member list.')).toBeInTheDocument();
  });

  it('re-invites an unverified member', async () => {
    const { calls } = await renderMembers(company, { 'POST /orgs/org-1/members/reinvitation': { email: unverifiedRow.email } });
    await userEvent.click(screen.getByRole('button', { name: `Invite again: ${unverifiedRow.email}` }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'success', message: `The invitation to ${unverifiedRow.email} has been sent again.` }));
    expect(calls.find((c) => c.path.endsWith('/reinvitation'))?.body).toEqual({ email: unverifiedRow.email, region: 'Euw', language: 'en_US' });
  });

  it('changes a role with PUT', async () => {
    const { calls } = await renderMembers(company, { 'PUT /orgs/org-1/members': { email: adminRow.email, role: 'member' } });
    await userEvent.click(screen.getByRole('button', { name: `Change role: ${adminRow.email}` }));
    const dialog = await screen.findByRole('dialog', { name: `Change the role of ${adminRow.email}` });
    // The title's address wraps at its own break points, not mid-word (EmailAddress).
    expect(dialog.querySelector('h2 bdi, [id] bdi')?.querySelectorAll('wbr').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Member' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: adminRow.email, role: 'member', region: 'Euw' }));
    expect(getToast()).toMatchObject({ kind: 'success', message: `The role of ${adminRow.email} is now Member.` });
  });

  it('handing over ownership warns first and reloads the company', async () => {
    const { onChanged } = await renderMembers(company, { 'PUT /orgs/org-1/members': { email: adminRow.email, role: 'owner' } });
    await userEvent.click(screen.getByRole('button', { name: `Change role: ${adminRow.email}` }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Owner' }));
    expect(within(dialog).getByText('Making this person the owner makes you an administrator.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('removes after a confirmation, with DELETE {email, region}', async () => {
    const { calls } = await renderMembers(company, { 'DELETE /orgs/org-1/members': { email: memberRow.email } });
    await userEvent.click(screen.getByRole('button', { name: `Remove: ${memberRow.email}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Remove ${memberRow.email} from the company?`);
    // The address wraps at its own break points (after the @, before a dot), never mid-word at 375 px.
    const address = dialog.querySelector('bdi');
    expect(address?.textContent).toBe(memberRow.email);
    expect(address!.querySelectorAll('wbr').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ email: memberRow.email, region: 'Euw' }));
  });

  it('cancelling the confirmation sends nothing and returns focus to the button', async () => {
    const { calls } = await renderMembers(company);
    const button = screen.getByRole('button', { name: `Remove: ${memberRow.email}` });
    await userEvent.click(button);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('-40005 is surfaced through the error handler (catalogue message) and the page reloads', async () => {
    const { onChanged } = await renderMembers(company, { 'DELETE /orgs/org-1/members': new ApiError(-40005, 'denied', 403) });
    await userEvent.click(screen.getByRole('button', { name: `Remove: ${memberRow.email}` }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message: 'Your role does not have permission to do this.' }));
    expect(onChanged).toHaveBeenCalled();
  });

  it('parses addresses separated by commas, semicolons, spaces or new lines, without duplicates', () => {
    expect(parseEmails('a@x.example, b@x.example;c@x.example\nd@x.example  a@x.example')).toEqual(['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example']);
  });
});
