import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, dismissToast, getToast, md5Hex } from '@portal/plugin-api';
import { resetRegionWhiteList } from '@portal/plugin-api/testing';
import { CompanyForm } from './CompanyForm';
import { company, whiteList } from './fixtures';
import { renderCompany } from './testing';
import { routeHttp } from './testHttp';

const WL = { 'GET /region/white-list': whiteList };
const prefilled = { type: 'installer', country: 'CZ' };

beforeEach(() => resetRegionWhiteList());

async function renderCreate(answers: Record<string, unknown>, initialValues: Record<string, string> = prefilled) {
  const onSaved = vi.fn(async () => undefined);
  const fake = routeHttp({ ...WL, ...answers });
  const utils = await renderCompany(<CompanyForm onSaved={onSaved} initialValues={initialValues} />, fake.http, '/create');
  await screen.findByRole('heading', { name: 'Create a company' });
  return { ...fake, ...utils, onSaved };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create company' }));

describe('create company form', () => {
  it('shows required errors on submit and sends nothing', async () => {
    const { calls } = await renderCreate({}, {});
    await submit();
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/orgs')).toHaveLength(0);
  });

  it('validates on blur with the spec rules and describes the field by its error', async () => {
    await renderCreate({});
    const postCode = screen.getByRole('textbox', { name: 'Postal code' });
    await userEvent.type(postCode, 'ab 12');
    await userEvent.tab();
    const error = await screen.findByText('Use up to 10 capital letters, digits or hyphens.');
    expect(postCode.getAttribute('aria-describedby')).toContain(error.id);
    await userEvent.type(screen.getByRole('textbox', { name: /Website/ }), 'www.example.com');
    await userEvent.tab();
    expect(await screen.findByText(/Enter an address starting with http/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), 'Main: 1');
    await userEvent.tab();
    expect(await screen.findByText(/These characters are not allowed/)).toBeInTheDocument();
  });

  it('POSTs /orgs with the values (empty optional fields null), then reloads and goes to the info', async () => {
    const { calls, onSaved, location } = await renderCreate({ 'POST /orgs': { ...company } });
    await userEvent.type(screen.getByRole('textbox', { name: /Company name/ }), 'Northwind');
    await userEvent.type(screen.getByRole('textbox', { name: 'Organization code' }), 'NW2024');
    await submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/orgs')?.body).toEqual({
      name: 'Northwind', type: 'installer', country: 'CZ', address: null, state: null, city: null, postCode: null, contact: null,
      contactEmail: null, contactNumber: null, orgCode: 'NW2024', website: null, comment: null, businessLicenseFileId: null,
    });
    expect(getToast()).toMatchObject({ kind: 'success', message: 'Your company has been created.' });
    expect(location.history?.at(-1)).toBe('/accountSetting/company/');
  });

  it('-40000 puts the duplicate message on the name (or the code), keeping what was typed', async () => {
    await renderCreate({ 'POST /orgs': new ApiError(-40000, 'dup', 400) });
    const name = screen.getByRole('textbox', { name: /Company name/ });
    await userEvent.type(name, 'Northwind');
    await submit();
    expect(await screen.findByText('An organization with this name already exists in this region.')).toBeInTheDocument();
    expect(name).toHaveValue('Northwind');
  });

  it('-40000 on the organization code marks that field', async () => {
    await renderCreate({ 'POST /orgs': new ApiError(-40000, 'dup', 400, { field: 'orgCode' }) });
    await userEvent.type(screen.getByRole('textbox', { name: /Company name/ }), 'Northwind');
    await submit();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Organization code' })).toHaveAttribute('aria-invalid', 'true'));
  });

  it.each([-40024, -40025, -40026])('%i (conflicting account information) stays on the form as an alert', async (code) => {
    await renderCreate({ 'POST /orgs': new ApiError(code, 'conflict', 400) });
    await userEvent.type(screen.getByRole('textbox', { name: /Company name/ }), 'Northwind');
    await submit();
    const alert = await screen.findByText(/account information conflicts/i);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });

  it('-40001 (already in a company): the catalogue message and a reload', async () => {
    const { onSaved } = await renderCreate({ 'POST /orgs': new ApiError(-40001, 'too many', 400) });
    await userEvent.type(screen.getByRole('textbox', { name: /Company name/ }), 'Northwind');
    await submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(getToast()).toMatchObject({ kind: 'error' });
  });
});

describe('business licence upload', () => {
  const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;

  const files: Record<string, () => File> = {
    type: () => new File(['x'], 'licence.docx', { type: 'application/msword' }),
    size: () => new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'licence.pdf', { type: 'application/pdf' }),
    name: () => new File(['x'], `${'n'.repeat(252)}.pdf`, { type: 'application/pdf' }),
    empty: () => new File([], 'licence.pdf', { type: 'application/pdf' }),
  };
  it.each([
    ['type', 'Choose a PDF, PNG or JPG file.'],
    ['size', 'The file is larger than 5 MB.'],
    ['name', 'The file name must be shorter than 256 characters.'],
    ['empty', 'The file is empty.'],
  ])('refuses a file breaking the %s rule before sending', async (rule, message) => {
    const { calls } = await renderCreate({});
    fireEvent.change(input(), { target: { files: [files[rule]!()] } });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/orgs/businessLicense')).toBe(false);
  });

  it('uploads file, md5 and fileName as multipart and sends the file id with the company', async () => {
    const { calls } = await renderCreate({
      'POST /orgs/businessLicense': { fileId: 'file-7', fileName: 'licence.pdf', url: 'http://127.0.0.1:8080/api/files/euw/file-7' },
      'POST /orgs': company,
    });
    fireEvent.change(input(), { target: { files: [new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('button', { name: 'Uploaded: licence.pdf' })).toBeInTheDocument();
    const form = calls.find((c) => c.path === '/orgs/businessLicense')!.form!;
    expect(form.get('md5')).toBe(md5Hex(new TextEncoder().encode('%PDF-1.4')));
    expect(form.get('fileName')).toBe('licence.pdf');
    expect((form.get('file') as File).name).toBe('licence.pdf');
    await userEvent.type(screen.getByRole('textbox', { name: /Company name/ }), 'Northwind');
    await submit();
    await waitFor(() => expect(calls.find((c) => c.path === '/orgs')?.body).toMatchObject({ businessLicenseFileId: 'file-7' }));
  });

  it.each([-40003, -40027, -40004])('%i from the server shows on the licence field', async (code) => {
    await renderCreate({ 'POST /orgs/businessLicense': new ApiError(code, 'bad', 400) });
    fireEvent.change(input(), { target: { files: [new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(input()).toHaveAttribute('aria-invalid', 'true'));
    expect(getToast()?.message ?? '').not.toMatch(/licen/i);
  });
});

describe('licence refused by its content', () => {
  const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
  it.each([
    [{ field: 'file', reason: 'type' }, 'This file is not a real PDF, PNG or JPG file. Choose another file.'],
    [{ field: 'md5', reason: 'checksum' }, 'The file changed or was damaged while uploading. Please try again.'],
    [{ field: 'file', reason: 'empty' }, 'The file is empty.'],
  ])('-10020 %o says why on the licence field, not "Invalid parameter"', async (result, message) => {
    dismissToast();
    await renderCreate({ 'POST /orgs/businessLicense': new ApiError(-10020, 'The license must be a PDF, PNG or JPG file.', 400, result) });
    fireEvent.change(input(), { target: { files: [new File(['MZ not a pdf'], 'licence.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(input()).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(getToast()).toBeNull();
  });
});

describe('edit company form', () => {
  it('PUTs /orgs with id and version', async () => {
    const onSaved = vi.fn(async () => undefined);
    const { http, calls } = routeHttp({ ...WL, 'PUT /orgs': company });
    await renderCompany(<CompanyForm company={company} onSaved={onSaved} />, http, '/edit');
    const city = await screen.findByRole('textbox', { name: 'City' });
    expect(city).toHaveValue('Prague');
    await userEvent.clear(city);
    await userEvent.type(city, 'Brno');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 'org-1', version: 3, city: 'Brno', name: company.name });
    expect(getToast()).toMatchObject({ kind: 'success', message: 'Company information saved.' });
  });

  it('-40010 (stale version): a message, a reload, the newer version shown, and the next save based on it', async () => {
    let puts = 0;
    const { http, calls } = routeHttp({ ...WL, 'PUT /orgs': () => (++puts === 1 ? new ApiError(-40010, 'busy', 409) : company) });
    function Harness() {
      const [current, setCurrent] = useState(company);
      return <CompanyForm company={current} onSaved={async () => setCurrent({ ...company, version: 4, city: 'Ostrava' })} />;
    }
    await renderCompany(<Harness />, http, '/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Ostrava'));
    expect(getToast()).toMatchObject({ kind: 'warning', message: expect.stringContaining('Someone else changed this company') });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ version: 4, city: 'Ostrava' });
  });

  it('-20654 (became certified) shows the catalogue message and reloads', async () => {
    const onSaved = vi.fn(async () => undefined);
    const { http } = routeHttp({ ...WL, 'PUT /orgs': new ApiError(-20654, 'ro', 400) });
    await renderCompany(<CompanyForm company={company} onSaved={onSaved} />, http, '/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(getToast()).toMatchObject({ kind: 'error', message: 'A verified organization cannot be edited.' });
  });
});
