import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, getToast } from '@portal/plugin-api';
import { regionCodesKept } from '@portal/plugin-api/testing';
import { ApplicationsList } from './ApplicationsList';
import { applications, asRole, company, pendingApplication, summaries } from './fixtures';
import { JoinCompany } from './JoinCompany';
import { renderCompany } from './testing';
import { routeHttp, type Answer } from './testHttp';

const PENDING = 'POST /orgs/org-1/members/unaudited';
const DECIDE = 'POST /orgs/org-1/members/applications/status';

async function renderApplications(answers: Record<string, Answer>, org = company) {
  const onChanged = vi.fn(async () => undefined);
  const fake = routeHttp({ [PENDING]: { applications }, ...answers });
  await renderCompany(<ApplicationsList company={org} onChanged={onChanged} />, fake.http, '/applications');
  return { ...fake, onChanged };
}

describe('applications', () => {
  it('lists applicant and time in a captioned table', async () => {
    const { calls } = await renderApplications({});
    const table = await screen.findByRole('table', { name: `People who applied to join ${company.name}` });
    expect(within(table).getByText('Jan Dvořák')).toBeInTheDocument();
    expect(within(table).getByText('Jun 10, 2024')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/orgs/org-1/members/unaudited' });
  });

  it('says when there are none', async () => {
    await renderApplications({ [PENDING]: { applications: [] } });
    expect(await screen.findByText('There are no open applications.')).toBeInTheDocument();
  });

  it('accepts with the chosen role', async () => {
    let listed = 0;
    const { calls } = await renderApplications({ [PENDING]: () => ({ applications: ++listed > 1 ? applications.slice(1) : applications }), [DECIDE]: { status: 'accepted' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: jan.dvorak@partner-example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Jan Dvořák' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Administrator' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({ applicationId: 'app-1', status: 'accepted', role: 'admin' }));
    expect(getToast()).toMatchObject({ kind: 'success', message: 'Jan Dvořák has joined the company.' });
    await waitFor(() => expect(screen.queryByText('Jan Dvořák')).toBeNull());
  });

  it('an admin accepts as member only', async () => {
    await renderApplications({}, asRole('admin'));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: jan.dvorak@partner-example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['member']);
  });

  it('rejects after a confirmation', async () => {
    const { calls } = await renderApplications({ [DECIDE]: { status: 'rejected' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject: eva.horakova@partner-example.com' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Reject the application of Eva Horáková?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({ applicationId: 'app-2', status: 'rejected' }));
  });

  it.each([
    [-40007, 'You are already in an organization.'],
    [-40009, 'The application record does not exist.'],
    [-40005, 'Your role does not have permission to do this.'],
  ])('%i: the catalogue message, then the page and list are reloaded', async (code, message) => {
    const { onChanged, calls } = await renderApplications({ [DECIDE]: new ApiError(code, 'x', 400) });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject: eva.horakova@partner-example.com' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message }));
    expect(onChanged).toHaveBeenCalled();
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/unaudited'))).toHaveLength(2));
  });
});

async function renderJoin(answers: Record<string, Answer>, mine = pendingApplication.applications.slice(0, 0)) {
  const onApplied = vi.fn(async () => undefined);
  const fake = routeHttp(answers);
  const utils = await renderCompany(<JoinCompany applications={mine} onApplied={onApplied} />, fake.http, '/join');
  return { ...fake, ...utils, onApplied };
}

describe('join a company', () => {
  it('finds by organization code and applies', async () => {
    const { calls, onApplied, location } = await renderJoin({ 'GET /orgs/orgCode/CONTOSO1': summaries[0], 'POST /orgs/members/applications': { applicationId: 'app-9' } });
    await userEvent.type(screen.getByRole('textbox', { name: /Organization code/ }), 'CONTOSO1');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Companies found' });
    expect(within(table).getByText('Contoso Networks')).toBeInTheDocument();
    expect(within(table).getByText('Berlin, Germany')).toBeInTheDocument();
    // Non-members get no organization code from the server; the table has no column for it.
    expect(summaries[0]).not.toHaveProperty('orgCode');
    expect(within(table).queryByRole('columnheader', { name: 'Organization code' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Apply to join: Contoso Networks' }));
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/orgs/members/applications', body: { orgId: 'org-9' } });
    expect(getToast()?.message).toContain('Your application to Contoso Networks has been sent.');
    expect(location.history?.at(-1)).toBe('/accountSetting/company/');
  });

  it('searches by name; uncertified companies cannot be joined; pending ones say so', async () => {
    await renderJoin({ 'GET /orgs/search/Contoso': { orgs: summaries } }, pendingApplication.applications);
    await userEvent.click(screen.getByRole('radio', { name: 'Company name' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Company name/ }), 'Contoso');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Application pending')).toBeInTheDocument();
    expect(within(table).getByText('Not certified yet: it cannot be joined.')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it('checks the code before searching', async () => {
    const { calls } = await renderJoin({});
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Organization code/ }), 'no-such');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Use 4 to 32 letters or digits.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says that search covers the account\'s region only, and so does an empty result', async () => {
    await renderJoin({ 'GET /orgs/search/Zz': { orgs: [] } });
    const scope = regionCodesKept('Search finds only companies whose data is kept in Europe (eu-west-1), the data region of your account.');
    expect(screen.getByRole('search')).toHaveAccessibleDescription(scope);
    await userEvent.click(screen.getByRole('radio', { name: 'Company name' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Company name/ }), 'Zz');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      regionCodesKept('No company in Europe (eu-west-1) matches your search. Companies whose data is kept in another region cannot be found or joined from your account.'),
    );
  });

  it.each([
    [-40002, 'The organization does not exist.', 'search'],
    [-40006, 'You cannot apply to join an unverified organization.', 'apply'],
    [-40008, 'You have already applied to join.', 'apply'],
    [-40024, 'Your account information conflicts with another account.', 'apply'],
    [-60001, 'Too many requests. Please try again later.', 'search'],
  ])('%i is shown on the page (%s)', async (code, message, step) => {
    await renderJoin({
      'GET /orgs/orgCode/CONTOSO1': step === 'search' ? new ApiError(code, 'x', 400) : summaries[0],
      'POST /orgs/members/applications': new ApiError(code, 'x', 400),
    });
    await userEvent.type(screen.getByRole('textbox', { name: /Organization code/ }), 'CONTOSO1');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    if (step === 'apply') await userEvent.click(await screen.findByRole('button', { name: 'Apply to join: Contoso Networks' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('textbox', { name: /Organization code/ })).toHaveValue('CONTOSO1');
  });
});
