import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, definePlugin, getToast } from '@portal/plugin-api';
import { resetRegionWhiteList, testRegistry } from '@portal/plugin-api/testing';
import CompanyPage from './CompanyPage';
import { ACCOUNT_ID, asRole, certifiedCompany, company, noCompany, pendingApplication, whiteList, withCompany } from './fixtures';
import plugin from './index';
import { renderCompany } from './testing';
import { routeHttp } from './testHttp';

const MINE = `GET /accounts/${ACCOUNT_ID}/orgs`;

beforeEach(() => resetRegionWhiteList());

describe('company plugin manifest', () => {
  it('contributes the company child route, a menu entry (order 30, wide screens only) and its namespace', async () => {
    const registry = await testRegistry([plugin]);
    expect(registry.routes.map((r) => [r.value.parent, r.value.path])).toEqual([['accountSetting', 'company']]);
    const entry = registry.menu[0]!.value;
    expect([entry.id, entry.path, entry.order]).toEqual(['company', 'company', 30]);
    expect(entry.visible?.({ user: null, config: {} as never, viewportWidth: 1024 })).toBe(true);
    expect(entry.visible?.({ user: null, config: {} as never, viewportWidth: 767 })).toBe(false);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['company']);
  });
});

describe('company page', () => {
  it('without a company offers create or join, and lists pending applications', async () => {
    const { http } = routeHttp({ [MINE]: pendingApplication, 'POST /accounts/conflictInfo': { conflict: false, errorCode: null, reasons: [] } });
    const { location } = await renderCompany(<CompanyPage />, http);
    expect(await screen.findByRole('heading', { name: 'You are not in a company yet' })).toBeInTheDocument();
    expect(screen.getByText(/Application to Contoso Networks sent on Jun 12, 2024/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join a company' }));
    expect(await screen.findByRole('heading', { name: 'Join a company' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/accountSetting/company/join');
  });

  it.each([-40024, -40025, -40026])('conflicting account information (%i) is said up front and rules out create and join', async (code) => {
    const { http, calls } = routeHttp({ [MINE]: noCompany, 'POST /accounts/conflictInfo': { conflict: true, errorCode: code, reasons: ['profileIncomplete'] } });
    await renderCompany(<CompanyPage />, http);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account information conflicts with another account.');
    expect(screen.getByRole('button', { name: 'Create a company' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Join a company' })).toBeDisabled();
    expect(calls.find((c) => c.path === '/accounts/conflictInfo')?.body).toEqual({ email: 'ana.novak@partner-example.com' });
  });

  it.each([
    [-40024, 'mergeAccounts', 'Merge your accounts', '/accountSetting/mergeAccounts'],
    [-40026, 'myProfile', 'Complete your profile', '/accountSetting/myProfile'],
  ])('conflict %i links to the page that resolves it when its plugin runs', async (code, child, label, href) => {
    const http = () => routeHttp({ [MINE]: noCompany, 'POST /accounts/conflictInfo': { conflict: true, errorCode: code, reasons: [] } }).http;
    const provider = definePlugin({ id: 'provider', routes: [{ path: child, parent: 'accountSetting', view: async () => ({ default: () => null }) }] });
    const { unmount } = await renderCompany(<CompanyPage />, http(), '/', undefined, [provider]);
    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('href', href);
    unmount();
    await renderCompany(<CompanyPage />, http());
    await screen.findByRole('alert');
    expect(screen.queryByRole('link', { name: label })).not.toBeInTheDocument();
  });

  it('shows every company field, translated type and country, licence link, owner and the edit button for the owner', async () => {
    const { http, calls } = routeHttp({ [MINE]: withCompany() });
    await renderCompany(<CompanyPage />, http);
    expect(await screen.findByRole('heading', { name: company.name })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: `/accounts/${ACCOUNT_ID}/orgs` });
    for (const text of ['System integrator', 'Czechia', 'NW2024CZ', 'Vinohradská 12', 'Praha', 'Prague', '120-00', 'office@northwind.example', '420601234', 'Partner since 2019.', 'Not certified', 'Owner']) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(screen.getByRole('button', { name: 'business-licence.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Ana Novák · ana.novak@partner-example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit company' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave company' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Applications' })).toBeInTheDocument();
  });

  it('downloads the licence with the access token (a plain link would be refused) and saves it under its name', async () => {
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    let release: (value: Blob) => void = () => undefined;
    const { http, calls } = routeHttp({ [MINE]: withCompany(), 'GET /files/euw/file-1': () => new Promise<Blob>((resolve) => (release = resolve)) });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:licence');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
    try {
      await renderCompany(<CompanyPage />, http);
      await userEvent.click(await screen.findByRole('button', { name: 'business-licence.pdf' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Downloading business-licence.pdf…');
      expect(calls.at(-1)).toMatchObject({ method: 'GET', path: '/files/euw/file-1', options: { scope: 'regional', region: 'Euw', responseType: 'blob' } });
      release(pdf);
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:licence', download: 'business-licence.pdf' }]));
      expect(createObjectURL).toHaveBeenCalledWith(pdf);
      expect(document.querySelector('a[download]')).toBeNull();
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
    } finally {
      click.mockRestore();
    }
  });

  it('a refused licence download says why and saves nothing', async () => {
    const { http } = routeHttp({ [MINE]: withCompany(), 'GET /files/euw/file-1': new ApiError(-40005, 'Permission denied.', 403) });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    try {
      await renderCompany(<CompanyPage />, http);
      await userEvent.click(await screen.findByRole('button', { name: 'business-licence.pdf' }));
      await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error' }));
      expect(click).not.toHaveBeenCalled();
    } finally {
      click.mockRestore();
    }
  });

  it('certified: badge, read-only note, no edit button; /edit redirects to the info', async () => {
    const { http } = routeHttp({ [MINE]: withCompany(certifiedCompany) });
    const { location } = await renderCompany(<CompanyPage />, http, '/edit');
    expect(await screen.findByText('✓ Certified')).toBeInTheDocument();
    expect(screen.getByText(/cannot be edited/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit company' })).toBeNull();
    expect(location.history?.at(-1)).toBe('/accountSetting/company/');
  });

  it('a member sees no edit button and no applications, and may leave after confirming', async () => {
    let loads = 0;
    const { http, calls } = routeHttp({ [MINE]: () => (++loads > 1 ? noCompany : withCompany(asRole('member'))), 'DELETE /orgs/org-1/members': { email: 'x' } });
    await renderCompany(<CompanyPage />, http);
    await screen.findByRole('heading', { name: company.name });
    expect(screen.queryByRole('button', { name: 'Edit company' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Applications' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Leave company' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Leave ${company.name}?`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave company' }));
    await screen.findByRole('heading', { name: 'You are not in a company yet' });
    expect(calls.find((x) => x.method === 'DELETE')?.body).toEqual({ email: 'ana.novak@partner-example.com', region: 'Euw' });
    expect(getToast()).toMatchObject({ kind: 'success', message: 'You have left the company.' });
  });

  it('a failed load offers a retry', async () => {
    let fail = true;
    const { http } = routeHttp({ [MINE]: () => (fail ? new ApiError(-1, 'x', 500) : withCompany()) });
    await renderCompany(<CompanyPage />, http);
    expect(await screen.findByText('The company information could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: company.name })).toBeInTheDocument();
  });

  it('the applications screen is for managers only', async () => {
    const { http } = routeHttp({ [MINE]: withCompany(asRole('member')) });
    const { location } = await renderCompany(<CompanyPage />, http, '/applications');
    await screen.findByRole('heading', { name: company.name });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/accountSetting/company/'));
  });

  it('the white list is only read on the form', async () => {
    const { http, calls } = routeHttp({ [MINE]: noCompany, 'GET /region/white-list': whiteList });
    await renderCompany(<CompanyPage />, http, '/create');
    expect(await screen.findByRole('heading', { name: 'Create a company' })).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/region/white-list'));
  });
});
