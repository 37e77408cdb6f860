import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Member } from '@portal/plugin-api';
import { ApplicationsList } from './ApplicationsList';
import CompanyPage from './CompanyPage';
import { ACCOUNT_ID, applications, asRole, company, members, withCompany } from './fixtures';
import { MembersList } from './MembersList';
import { renderCompany } from './testing';
import { routeHttp } from './testHttp';

// A confirm dialog says what it confirms in its title (its accessible name), never "Please confirm".
describe('confirm dialogs name what they confirm', () => {
  it('rejecting an application', async () => {
    const { http } = routeHttp({ 'POST /orgs/org-1/members/unaudited': { applications } });
    await renderCompany(<ApplicationsList company={company} onChanged={vi.fn(async () => undefined)} />, http, '/applications');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject: eva.horakova@partner-example.com' }));
    expect(await screen.findByRole('alertdialog', { name: /Reject this application\?$/ })).toBeInTheDocument();
  });

  it('removing a member', async () => {
    const member = members[2] as Member;
    const { http } = routeHttp({ 'GET /orgs/org-1/members': { members } });
    await renderCompany(<MembersList company={company} onChanged={vi.fn(async () => undefined)} />, http, '/members');
    await userEvent.click(await screen.findByRole('button', { name: `Remove: ${member.email}` }));
    expect(await screen.findByRole('alertdialog', { name: /Remove this member\?$/ })).toBeInTheDocument();
  });

  it('leaving the company', async () => {
    const { http } = routeHttp({ [`GET /accounts/${ACCOUNT_ID}/orgs`]: withCompany(asRole('member')) });
    await renderCompany(<CompanyPage />, http);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave company' }));
    expect(await screen.findByRole('alertdialog', { name: /Leave this company\?$/ })).toBeInTheDocument();
  });
});
