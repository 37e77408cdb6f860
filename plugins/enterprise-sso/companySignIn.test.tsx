import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getToast, type HttpClient } from '@portal/plugin-api';
import { demoUser, renderPortal, setUser, testRegistry } from '@portal/plugin-api/testing';
import CompanySignIn from './CompanySignIn';
import { company, samlConnection, serviceProvider } from './testing';
import { isIssuerAddress } from './ProviderPart';
import type { ConnectionResult, ConnectionView } from './contract';
import enterpriseSso from './index';


const BASE = '/orgs/org-1/enterprise-sso';
const REDIRECT = 'https://id.example.com/api/login/enterprise/callback';
const connection: ConnectionView = {
  kind: 'oidc',
  issuer: 'https://login.northwind.example',
  clientId: 'portal-client',
  secondFactor: 'provider',
  required: false,
  domains: [
    { domain: 'northwind.example', verified: true, record: { name: '_unified-id-challenge.northwind.example', value: 'unified-id-verification=AAAA' } },
    { domain: 'northwind-labs.example', verified: false, record: { name: '_unified-id-challenge.northwind-labs.example', value: 'unified-id-verification=BBBB' } },
  ],
};
const members = [
  { email: 'ana.novak@northwind.example', linked: true },
  { email: 'petr.svoboda@northwind.example', linked: true },
  { email: 'eva.horakova@northwind.example', linked: false },
];
const connected: ConnectionResult = { connection, redirectUri: REDIRECT, serviceProvider, members };
const none: ConnectionResult = { connection: null, redirectUri: REDIRECT, serviceProvider, members: members.map((m) => ({ ...m, linked: false })) };

type Call = { method: string; path: string; body: unknown; options: unknown };
type Answer = unknown | ((call: Call) => unknown);

/** Answers by method and path (`'PUT /orgs/org-1/enterprise-sso'`): a value, an Error to throw, or a function of the call. */
function routeHttp(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  const send = async (method: string, path: string, body: unknown, options: unknown) => {
    const call = { method, path, body, options };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in answers)) throw new Error(`unexpected call ${key}`);
    const answer = answers[key];
    const value = typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer;
    if (value instanceof Error) throw value;
    return value;
  };
  const http = {
    get: vi.fn((path: string, options?: unknown) => send('GET', path, undefined, options)),
    post: vi.fn((path: string, body?: unknown, options?: unknown) => send('POST', path, body, options)),
    put: vi.fn((path: string, body?: unknown, options?: unknown) => send('PUT', path, body, options)),
    delete: vi.fn((path: string, body?: unknown, options?: unknown) => send('DELETE', path, body, options)),
  } as unknown as HttpClient;
  return { http, calls, changes: () => calls.filter((c) => c.method !== 'GET') };
}

async function renderScreen(answers: Record<string, Answer>, onChanged = vi.fn()) {
  const fake = routeHttp(answers);
  setUser(demoUser);
  const registry = await testRegistry([enterpriseSso]);
  // The first read settles inside act(), as it does before anyone can look.
  await act(async () => {
    renderPortal(<CompanySignIn company={company} onChanged={onChanged} />, { registry, http: fake.http, path: '/accountSetting/company/sign-in' });
  });
  return { ...fake, onChanged };
}

/** Renders and waits for the provider's form. */
async function renderLoaded(answers: Record<string, Answer>) {
  const fake = await renderScreen(answers);
  await screen.findByRole('heading', { level: 2, name: 'Identity provider' });
  return fake;
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const domainField = () => screen.getByRole('textbox', { name: 'Domain' });
const domainItem = (domain: string) => within(screen.getByRole('list', { name: 'Claimed domains' })).getByRole('heading', { level: 3, name: domain }).closest('li')!;

afterEach(() => setUser(null));

describe('the issuer check', () => {
  it('takes https addresses and http only on this machine', () => {
    expect(isIssuerAddress('https://login.example.com')).toBe(true);
    expect(isIssuerAddress('https://login.example.com/tenant/v2.0')).toBe(true);
    expect(isIssuerAddress('http://localhost:8080/realms/dev')).toBe(true);
    expect(isIssuerAddress('http://login.example.com')).toBe(false);
    expect(isIssuerAddress('login.example.com')).toBe(false);
    expect(isIssuerAddress('ftp://login.example.com')).toBe(false);
    expect(isIssuerAddress('')).toBe(false);
  });
});

describe('the Company pages’ Sign-in tab', () => {
  it('shows a loading line, then the connection, its domains and members', async () => {
    let answer: (value: ConnectionResult) => void = () => undefined;
    const { calls } = await renderScreen({ [`GET ${BASE}`]: () => new Promise<ConnectionResult>((resolve) => (answer = resolve)) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the sign-in settings…');
    expect(screen.getByRole('region', { name: 'Company sign-in' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer(connected));
    await screen.findByRole('heading', { level: 2, name: 'Identity provider' });
    expect(calls[0]).toMatchObject({ method: 'GET', path: BASE, options: { scope: 'regional' } });

    // Headings in order: the page's h1, its three sections' h2, a domain's h3.
    expect(screen.getByRole('heading', { level: 1, name: 'Company sign-in' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Identity provider', 'Domains', 'Members']);

    expect(field(/^Issuer URL/)).toHaveValue('https://login.northwind.example');
    expect(field(/^Issuer URL/)).toHaveAttribute('type', 'url');
    expect(field(/^Client ID/)).toHaveValue('portal-client');
    const secret = field(/^Client secret/);
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('autocomplete', 'off');
    expect(secret).not.toBeRequired();
    expect(secret).toHaveAccessibleDescription('Leave it empty to keep the saved secret.');
    expect(screen.getByRole('radio', { name: /Accept your provider's second factor/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: "Always ask the portal's own second factor" })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Require this sign-in for all members (their passwords stop working)' })).not.toBeChecked();

    const redirect = screen.getByRole('group', { name: 'Redirect URI' });
    expect(redirect).toHaveTextContent(REDIRECT);
    expect(redirect).toHaveAccessibleDescription('Register this redirect URI at your provider');

    expect(within(domainItem('northwind.example')).getByText('Verified')).toBeInTheDocument();
    expect(within(domainItem('northwind.example')).queryByRole('button', { name: /Check now/ })).toBeNull();
    const waiting = domainItem('northwind-labs.example');
    expect(within(waiting).getByText('Waiting for DNS record')).toBeInTheDocument();
    expect(within(waiting).getByText('_unified-id-challenge.northwind-labs.example')).toBeInTheDocument();
    expect(within(waiting).getByText('unified-id-verification=BBBB')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Check now: northwind-labs.example' })).toBeInTheDocument();

    expect(screen.getByText('2 of 3 members have linked')).toHaveAttribute('role', 'status');
    const list = screen.getByRole('list', { name: 'Members and their company sign-in' });
    expect(within(list).getAllByText('Linked')).toHaveLength(2);
    expect(within(list).getAllByText('Not linked yet')).toHaveLength(1);
  });

  it('without a connection: no domains, no disconnect, and the secret is required', async () => {
    await renderLoaded({ [`GET ${BASE}`]: none });
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Domains' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(field(/^Client secret/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('0 of 3 members have linked')).toBeInTheDocument();
  });

  it('says when it could not load, and tries again', async () => {
    let failing = true;
    await renderScreen({ [`GET ${BASE}`]: () => (failing ? new ApiError(0, undefined, 0) : none) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The sign-in settings could not be loaded.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Identity provider' })).toBeInTheDocument();
  });

  it('refuses an issuer that is not https without calling, and says which fields are missing', async () => {
    const { changes } = await renderLoaded({ [`GET ${BASE}`]: none });
    await userEvent.type(field(/^Issuer URL/), 'http://login.northwind.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const issuer = field(/^Issuer URL/);
    expect(issuer).toHaveAttribute('aria-invalid', 'true');
    expect(issuer).toHaveAccessibleDescription(expect.stringContaining("Enter the provider's https address"));
    expect(issuer).toHaveFocus();
    expect(field(/^Client ID/)).toHaveAccessibleDescription('Enter the client ID');
    expect(field(/^Client secret/)).toHaveAccessibleDescription('Enter the client secret');
    expect(changes()).toHaveLength(0);
  });

  it('saves a new connection with its secret', async () => {
    const { changes } = await renderLoaded({ [`GET ${BASE}`]: none, [`PUT ${BASE}`]: connected });
    await userEvent.type(field(/^Issuer URL/), ' https://login.northwind.example ');
    await userEvent.type(field(/^Client ID/), 'portal-client');
    await userEvent.type(field(/^Client secret/), 's3cret');
    await userEvent.click(screen.getByRole('radio', { name: "Always ask the portal's own second factor" }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Require this sign-in/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getToast()?.message).toBe('Saved'));
    expect(changes()).toEqual([
      { method: 'PUT', path: BASE, body: { kind: 'oidc', issuer: 'https://login.northwind.example', clientId: 'portal-client', clientSecret: 's3cret', secondFactor: 'portal', required: true }, options: { scope: 'regional' } },
    ]);
    // The saved state: connected, the secret field empty again, the domains shown.
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(field(/^Client secret/)).toHaveValue('');
    expect(screen.getByRole('heading', { level: 2, name: 'Domains' })).toBeInTheDocument();
  });

  it('saves an edit without the secret when it is left empty', async () => {
    const { changes } = await renderLoaded({ [`GET ${BASE}`]: connected, [`PUT ${BASE}`]: { ...connected, connection: { ...connection, clientId: 'portal-client-2' } } });
    await userEvent.clear(field(/^Client ID/));
    await userEvent.type(field(/^Client ID/), 'portal-client-2');
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await waitFor(() => expect(getToast()?.message).toBe('Saved'));
    expect(changes()).toHaveLength(1);
    expect(changes()[0]!.body).toEqual({ kind: 'oidc', issuer: 'https://login.northwind.example', clientId: 'portal-client-2', secondFactor: 'provider', required: false });
    expect(changes()[0]!.body).not.toHaveProperty('clientSecret');
    expect(field(/^Client ID/)).toHaveValue('portal-client-2');
  });

  it('keeps the button loading and the form while saving', async () => {
    let answer: (value: ConnectionResult) => void = () => undefined;
    await renderLoaded({ [`GET ${BASE}`]: connected, [`PUT ${BASE}`]: () => new Promise<ConnectionResult>((resolve) => (answer = resolve)) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
    expect(field(/^Issuer URL/)).toBeInTheDocument();
    answer(connected);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy'));
  });

  it('a failed save keeps the typed values and says why', async () => {
    await renderLoaded({ [`GET ${BASE}`]: connected, [`PUT ${BASE}`]: new ApiError(-40030, 'The identity provider could not be read.', 502) });
    await userEvent.clear(field(/^Issuer URL/));
    await userEvent.type(field(/^Issuer URL/), 'https://sso.northwind.example/tenant');
    await userEvent.type(field(/^Client secret/), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Your company's identity provider could not be reached or gave an answer we cannot use.");
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(expect.stringContaining('identity provider could not be reached'));
    expect(field(/^Issuer URL/)).toHaveValue('https://sso.northwind.example/tenant');
    expect(field(/^Client secret/)).toHaveValue('new-secret');
    expect(getToast()).toBeNull();
  });

  it('marks and focuses the field a -10020 names', async () => {
    await renderLoaded({ [`GET ${BASE}`]: connected, [`PUT ${BASE}`]: new ApiError(-10020, 'clientId is invalid', 400, { field: 'clientId' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^Client ID/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(/^Client ID/)).toHaveFocus();
    expect(field(/^Client ID/)).toHaveAccessibleDescription('Enter the client ID');
    expect(field(/^Issuer URL/)).not.toHaveAttribute('aria-invalid');
    // Said at the field, not again as a generic "Invalid parameter" below the form.
    expect(screen.queryByText('Invalid parameter.')).toBeNull();
  });

  it('asks the pages to read the company again when reading is refused', async () => {
    const { onChanged } = await renderScreen({ [`GET ${BASE}`]: new ApiError(-40006, 'not certified', 403) });
    await screen.findByRole('alert');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('asks the pages to read the company again when the role is gone', async () => {
    const { onChanged } = await renderLoaded({ [`GET ${BASE}`]: connected, [`PUT ${BASE}`]: new ApiError(-40005, 'permission denied', 403) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('copies the redirect URI', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      await renderLoaded({ [`GET ${BASE}`]: connected });
      await userEvent.click(screen.getByRole('button', { name: 'Copy the redirect URI' }));
      expect(writeText).toHaveBeenCalledWith(REDIRECT);
      await waitFor(() => expect(getToast()?.message).toBe('Copied'));
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('adds a domain, and shows a record not found under the domain', async () => {
    const added: ConnectionResult = {
      ...connected,
      connection: { ...connection, domains: [...connection.domains, { domain: 'northwind.cz', verified: false, record: { name: '_unified-id-challenge.northwind.cz', value: 'unified-id-verification=CCCC' } }] },
    };
    const { changes } = await renderLoaded({
      [`GET ${BASE}`]: connected,
      [`POST ${BASE}/domains`]: added,
      [`POST ${BASE}/domains/verify`]: new ApiError(-40031, 'not proven', 400),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(domainField()).toHaveAccessibleDescription(expect.stringContaining('Enter a domain name'));
    expect(changes()).toHaveLength(0);

    await userEvent.type(domainField(), 'northwind.cz');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    await waitFor(() => expect(domainItem('northwind.cz')).toBeInTheDocument());
    expect(changes()[0]).toMatchObject({ method: 'POST', path: `${BASE}/domains`, body: { domain: 'northwind.cz' } });
    expect(domainField()).toHaveValue('');

    const item = domainItem('northwind-labs.example');
    await userEvent.click(within(item).getByRole('button', { name: 'Check now: northwind-labs.example' }));
    const problem = await within(item).findByRole('alert');
    expect(problem).toHaveTextContent('We could not find the DNS record that proves this domain is yours.');
    expect(within(item).getByRole('button', { name: 'Check now: northwind-labs.example' })).toHaveAccessibleDescription(expect.stringContaining('We could not find the DNS record'));
    expect(changes()[1]).toMatchObject({ method: 'POST', path: `${BASE}/domains/verify`, body: { domain: 'northwind-labs.example' } });
    // Only that domain says so.
    expect(within(domainItem('northwind.cz')).queryByRole('alert')).toBeNull();
  });

  it('shows a domain another company claimed on the field', async () => {
    await renderLoaded({ [`GET ${BASE}`]: connected, [`POST ${BASE}/domains`]: new ApiError(-40032, 'claimed', 409) });
    await userEvent.type(domainField(), 'contoso.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    await waitFor(() => expect(domainField()).toHaveAttribute('aria-invalid', 'true'));
    expect(domainField()).toHaveAccessibleDescription(expect.stringContaining('Another company has already claimed this domain.'));
    expect(domainField()).toHaveValue('contoso.example');
  });

  it('checks and removes a domain', async () => {
    const proven: ConnectionResult = { ...connected, connection: { ...connection, domains: connection.domains.map((d) => ({ ...d, verified: true })) } };
    const { changes } = await renderLoaded({
      [`GET ${BASE}`]: connected,
      [`POST ${BASE}/domains/verify`]: proven,
      [`POST ${BASE}/domains/remove`]: { ...connected, connection: { ...connection, domains: [connection.domains[0]] } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Check now: northwind-labs.example' }));
    await waitFor(() => expect(within(domainItem('northwind-labs.example')).getByText('Verified')).toBeInTheDocument());
    expect(getToast()?.message).toBe('northwind-labs.example is verified.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove: northwind-labs.example' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'northwind-labs.example' })).toBeNull());
    expect(changes().map((c) => c.path)).toEqual([`${BASE}/domains/verify`, `${BASE}/domains/remove`]);
    expect(screen.getByRole('heading', { level: 2, name: 'Domains' })).toHaveFocus();
  });

  it('asks before disconnecting', async () => {
    const { changes } = await renderLoaded({ [`GET ${BASE}`]: connected, [`DELETE ${BASE}`]: none });
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    let dialog = await screen.findByRole('alertdialog', { name: /Disconnect the identity provider\?$/ });
    expect(dialog).toHaveTextContent('Members then sign in with their own passwords again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(changes()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    dialog = await screen.findByRole('alertdialog', { name: /Disconnect the identity provider\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(changes()).toEqual([{ method: 'DELETE', path: BASE, body: undefined, options: { scope: 'regional' } }]);
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    expect(field(/^Issuer URL/)).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'Domains' })).toBeNull();
    expect(getToast()?.message).toBe('The identity provider is disconnected.');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Identity provider' })).toHaveFocus());
  });
});

describe('the Sign-in tab with a SAML provider', () => {
  const chooseSaml = () => userEvent.click(screen.getByRole('radio', { name: 'SAML 2.0' }));

  it("shows what to register at the provider: the portal's entity ID, reply URL and metadata", async () => {
    await renderLoaded({ [`GET ${BASE}`]: none });
    await chooseSaml();
    expect(screen.queryByText(REDIRECT)).toBeNull();
    expect(screen.getByRole('group', { name: 'Entity ID (audience)' })).toHaveTextContent(serviceProvider.entityId);
    expect(screen.getByRole('group', { name: 'Reply URL (assertion consumer service)' })).toHaveTextContent(serviceProvider.acsUrl);
    expect(screen.getByRole('link', { name: "Download the portal's SAML metadata" })).toHaveAttribute('href', serviceProvider.metadataUrl);
    expect(screen.queryByLabelText(/^Client secret/)).toBeNull();
  });

  it('asks for the metadata URL or XML, refuses a URL that is not https, and saves either without calling twice', async () => {
    const saved = { ...connected, connection: samlConnection };
    const { changes } = await renderLoaded({ [`GET ${BASE}`]: none, [`PUT ${BASE}`]: saved });
    await chooseSaml();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the metadata URL or paste the metadata XML')).toBeInTheDocument();
    expect(field(/^Metadata URL/)).toHaveFocus();
    await userEvent.type(field(/^Metadata URL/), 'http://adfs.northwind.example/metadata.xml');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Enter the metadata's https address")).toBeInTheDocument();
    expect(changes()).toHaveLength(0);
    // Pasted XML alone is enough.
    await userEvent.clear(field(/^Metadata URL/));
    await userEvent.click(screen.getByLabelText(/^Or paste the metadata XML/));
    await userEvent.paste('<md:EntityDescriptor entityID="x"/>');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]!.body).toEqual({ kind: 'saml', metadataXml: '<md:EntityDescriptor entityID="x"/>', secondFactor: 'provider', required: false });
    // Saved: what the metadata said.
    expect(await screen.findByText(samlConnection.entityId)).toBeInTheDocument();
    expect(screen.getByText(samlConnection.ssoUrl)).toBeInTheDocument();
    expect(screen.getByText(/^Valid until .*2029/)).toBeInTheDocument();
    expect(field(/^Metadata URL/)).toHaveValue(samlConnection.metadataUrl);
  });

  it("says what is wrong with refused metadata under the field it came from, the URL kept", async () => {
    const refused = new ApiError(-10020, 'The metadata holds no signing certificate.', 400, { field: 'metadata', reason: 'noCertificate' });
    await renderLoaded({ [`GET ${BASE}`]: none, [`PUT ${BASE}`]: refused });
    await chooseSaml();
    const url = 'https://adfs.northwind.example/FederationMetadata/2007-06/FederationMetadata.xml';
    await userEvent.type(field(/^Metadata URL/), url);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The metadata holds no signing certificate the portal can read.')).toBeInTheDocument();
    expect(field(/^Metadata URL/)).toHaveValue(url);
    expect(field(/^Metadata URL/)).toHaveFocus();
    expect(field(/^Metadata URL/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Invalid parameter.')).toBeNull();
  });

  it('a connected SAML provider opens on SAML; switching to OpenID Connect asks for the client secret', async () => {
    const { changes } = await renderLoaded({ [`GET ${BASE}`]: { ...connected, connection: samlConnection } });
    expect(screen.getByRole('radio', { name: 'SAML 2.0' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'OpenID Connect' }));
    await userEvent.type(field(/^Issuer URL/), 'https://login.northwind.example');
    await userEvent.type(field(/^Client ID/), 'portal');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the client secret')).toBeInTheDocument();
    expect(changes()).toHaveLength(0);
  });
});
