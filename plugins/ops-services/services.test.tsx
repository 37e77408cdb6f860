import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODES as E } from '@portal/plugin-api';
import { SERVICES_CALLS as C, servicePath, type ServiceCreateRequest, type ServiceSaved, type ServiceUpdateRequest } from './contract';
import { LIST, OPERATOR_ME, renderServices, SERVICES, VIEWER_ME, type CannedAnswer } from './testing';

/** Keys without a pause between them: the forms are long and a loaded machine is slow. */
const user = userEvent.setup({ delay: null });

async function show(me = OPERATOR_ME, answers: Record<string, CannedAnswer> = {}) {
  const result = await renderServices(me, answers);
  await screen.findByRole('heading', { name: 'Services' });
  await screen.findByText('Billing', { selector: 'td' });
  return result;
}

async function openNew() {
  await user.click(screen.getByRole('button', { name: 'New service' }));
  await screen.findByRole('heading', { name: 'New service' });
}

async function fillNew(id: string) {
  await user.type(screen.getByLabelText(/^Client ID/), id);
  await user.type(screen.getByLabelText(/^Name/), 'Travel desk');
  await user.type(screen.getByLabelText(/^Redirect URIs/), 'https://travel.example/callback');
  await user.type(screen.getByLabelText(/^Reason/), 'Connect the travel desk');
}

describe('the list', () => {
  it('lists every service with its type, a running overlap, and Edit for an operator', async () => {
    await show();
    const row = screen.getByText('Billing', { selector: 'td' }).closest('tr')!;
    expect(within(row).getByText('Confidential')).toBeInTheDocument();
    expect(within(row).getByText(/The previous secret works until/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Billing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New service' })).toBeInTheDocument();
    expect(screen.getByText('Served from version 7 of the services.')).toBeInTheDocument();
  });

  it('a viewer reads: View instead of Edit, no New service, a form with nothing to save', async () => {
    await show(VIEWER_ME);
    expect(screen.queryByRole('button', { name: 'New service' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View Billing' }));
    await screen.findByRole('heading', { name: 'Service Billing' });
    expect(screen.getByText('Your role can read this service but not change it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New secret' })).toBeNull();
  });

  it('says so when the list does not load, and loads again on Try again', async () => {
    let fail = true;
    const { ops } = await renderServices(OPERATOR_ME, { [`GET ${C.services}`]: () => (fail ? new ApiError(0, undefined, 0) : LIST) });
    expect(await screen.findByText('The console did not answer. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Billing', { selector: 'td' })).toBeInTheDocument();
    expect(ops.calls.filter((c) => c.path === C.services)).toHaveLength(2);
  });
});

describe('creating a service', () => {
  it('checks the fields inline before any call: ID, name, redirect URI, reason', async () => {
    const { ops } = await show();
    await openNew();
    await user.type(screen.getByLabelText(/^Redirect URIs/), 'https://travel.example/callback#here');
    await user.click(screen.getByRole('button', { name: 'Create service' }));
    expect(await screen.findByText('Enter the client ID.')).toBeInTheDocument();
    expect(screen.getByText("Enter the service's name.")).toBeInTheDocument();
    expect(screen.getByText('An address must not end with a # part.')).toBeInTheDocument();
    expect(screen.getByText('Say why, in a few words. It goes into the audit log.')).toBeInTheDocument();
    expect(ops.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a theme below AA as the operator types, with the ratio and a suggestion, and takes the suggestion in one click', async () => {
    const saved: ServiceSaved = { service: { ...SERVICES[1]!, id: 'travel', name: 'Travel desk', confidential: true, previousSecretUntil: null }, secret: 'S3cret-shown-once-S3cret-shown-once-0123456', version: 8 };
    const { ops } = await show(OPERATOR_ME, { [`POST ${C.services}`]: saved });
    await openNew();
    await fillNew('travel');
    // A base theme, then a light primary.
    const base = screen.getByRole('combobox', { name: /Base theme/ });
    await user.click(base);
    await user.click(screen.getAllByRole('option').find((o) => o.textContent === 'default')!);
    await waitFor(() => expect(screen.getAllByTestId('contrast-report').at(-1)!).toHaveTextContent('All text colours reach WCAG AA contrast.'));
    const primary = screen.getByRole('textbox', { name: 'Primary' });
    await user.type(primary, '#7fb3ff');
    const report = (await screen.findAllByTestId('contrast-report')).at(-1)!;
    await waitFor(() => expect(report).toHaveTextContent(/Button text on primary: 2\.\d\d:1 \(#ffffff on #7fb3ff\)/));
    expect(report).toHaveTextContent(/Links on the card: 2\.\d\d:1 \(#7fb3ff on #ffffff\)/);
    // Saving now is refused here, before any call.
    await user.click(screen.getByRole('button', { name: 'Create service' }));
    // Said at the top of the form too, where the save was refused (the submit handler is
    // async: under load the second report lands a tick after the click).
    await waitFor(() => expect(screen.getAllByTestId('contrast-report')).toHaveLength(2));
    expect(ops.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // The links' suggestion is for the primary itself: one click, and every pair passes.
    const use = within(screen.getAllByTestId('contrast-report').at(-1)!).getAllByRole('button', { name: /^Use #[0-9a-f]{6} for Primary$/ })[0]!;
    await user.click(use);
    await waitFor(() => expect(screen.getAllByTestId('contrast-report').at(-1)!).toHaveTextContent('All text colours reach WCAG AA contrast.'));
    await user.click(screen.getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(ops.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = ops.calls.find((c) => c.method === 'POST')!.body as ServiceCreateRequest;
    expect(sent).toMatchObject({ confidential: true, reason: 'Connect the travel desk', service: { id: 'travel', name: 'Travel desk', redirectUris: ['https://travel.example/callback'], grantTypes: ['authorization_code', 'refresh_token'], tokenEndpointAuthMethod: 'client_secret_basic', branding: { theme: { name: 'default' } } } });
    expect(sent.service.branding!.theme!.overrides!.colors!.primary).toMatch(/^#[0-9a-f]{6}$/);
    // The secret, once, until the operator says they stored it.
    const dialog = await screen.findByRole('dialog', { name: 'Secret of travel' });
    expect(within(dialog).getByDisplayValue(saved.secret!)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Secret of travel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
   }, 60_000);

  it("keeps everything typed when the server refuses, and lists the clients check's problems", async () => {
    const refused = new ApiError(-10020, 'refused', 400, { problems: ["field 'redirectUris[0]': (client 'travel') must be https in production"] });
    await show(OPERATOR_ME, { [`POST ${C.services}`]: refused });
    await openNew();
    await fillNew('travel');
    await user.click(screen.getByRole('button', { name: 'Create service' }));
    expect(await screen.findByText("field 'redirectUris[0]': (client 'travel') must be https in production")).toBeInTheDocument();
    expect(screen.getByText('The service was not saved:')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Client ID/)).toHaveValue('travel');
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('Connect the travel desk');
  });

  it('asks for the second factor when the server wants a fresh one, then creates', async () => {
    let asked = 0;
    const saved: ServiceSaved = { service: { ...SERVICES[1]!, id: 'travel', name: 'Travel desk', confidential: false }, version: 8 };
    const { ops } = await show(OPERATOR_ME, { [`POST ${C.services}`]: () => (asked++ === 0 ? new ApiError(-20677, 'confirm', 403, { confirm: true }) : saved) });
    await openNew();
    await fillNew('travel');
    await user.click(screen.getByRole('radio', { name: /Public/ }));
    await user.click(screen.getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(ops.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect((ops.calls.find((c) => c.method === 'POST')!.body as ServiceCreateRequest).confidential).toBe(false);
  });
});

describe('editing a service', () => {
  it('saves the changed fields with a reason; the id stays', async () => {
    const { ops } = await show(OPERATOR_ME, { [`PUT ${servicePath('billing')}`]: (b: unknown) => ({ service: { ...SERVICES[0]!, name: (b as ServiceUpdateRequest).service.name }, version: 8 }) });
    await user.click(screen.getByRole('button', { name: 'Edit Billing' }));
    await screen.findByRole('heading', { name: 'Service Billing' });
    expect(screen.getByLabelText(/^Client ID/)).toHaveAttribute('readonly');
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Billing and invoices');
    await user.type(screen.getByLabelText(/^Reason/), 'New product name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(ops.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(ops.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ reason: 'New product name', service: { id: 'billing', name: 'Billing and invoices', branding: { theme: { name: 'default', overrides: { colors: { primary: '#0a6b47' } } } } } });
  });

  it('sends the version it was opened on; told another operator changed it since, says so and keeps the edits', async () => {
    const { ops } = await show(OPERATOR_ME, { [`PUT ${servicePath('billing')}`]: new ApiError(E.invalidParameter, undefined, 409, { field: 'baseVersion', current: 8 }) });
    await user.click(screen.getByRole('button', { name: 'Edit Billing' }));
    await screen.findByRole('heading', { name: 'Service Billing' });
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'My rename');
    await user.type(screen.getByLabelText(/^Reason/), 'New product name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Someone changed this service since you opened it/)).toBeInTheDocument();
    expect((ops.calls.find((c) => c.method === 'PUT')!.body as ServiceUpdateRequest).baseVersion).toBe(LIST.version);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('My rename');
  });
});
