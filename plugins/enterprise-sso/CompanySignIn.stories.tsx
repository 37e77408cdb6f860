import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, CONTENT_WIDTH, type HttpClient, type Registry } from '@portal/plugin-api';
import { demoUser, inArabic, press, StoryPortal, testRegistry, typeInto, until, untilText } from '@portal/plugin-api/testing';
import CompanySignIn from './CompanySignIn';
import { company, samlConnection, serviceProvider } from './testing';
import type { ConnectionResult, ConnectionView } from './contract';
import enterpriseSso from './index';

/*
 * The Company pages' "Sign-in" tab (an owner of a certified company), mocked at the HTTP boundary
 * by method and path: the same path answers a read and a save differently. Shot as an account page
 * (375, 1024 and 1366): long record values wrap at 375 px.
 */

type Loaded = { registry: Registry };


const BASE = `/orgs/${company.id}/enterprise-sso`;
const REDIRECT = 'https://id.example.com/api/login/enterprise/callback';
const WAITING = 'northwind-labs.example';

const connection: ConnectionView = {
  kind: 'oidc',
  issuer: 'https://login.northwind.example/realms/employees',
  clientId: 'unified-id-portal',
  secondFactor: 'provider',
  required: false,
  domains: [
    { domain: 'northwind.example', verified: true, record: { name: '_unified-id-challenge.northwind.example', value: 'unified-id-verification=6hT2kQ9vXc4LmP8sRzW1aYbN' } },
    { domain: WAITING, verified: false, record: { name: `_unified-id-challenge.${WAITING}`, value: 'unified-id-verification=Qm7Fz2LcV9pRt4XwK8hJd3sA' } },
  ],
};

const members = [
  { email: 'ana.novak@northwind.example', linked: true },
  { email: 'petr.svoboda@northwind.example', linked: true },
  { email: 'maximiliana.alexandrina.hohenzollern@northwind-labs.example', linked: false },
];

const connected: ConnectionResult = { connection, redirectUri: REDIRECT, serviceProvider, members };
const notConnected: ConnectionResult = { connection: null, redirectUri: REDIRECT, serviceProvider, members: members.map((m) => ({ ...m, linked: false })) };

/** Stands for a call that never answers. */
const PENDING = Symbol('pending');

/** Answers by `'METHOD path'`: a value, an ApiError to fail with, or PENDING. */
function storyHttp(answers: Record<string, unknown>): HttpClient {
  const answer = (method: string) => async (path: string) => {
    const value = answers[`${method} ${path}`];
    if (value === PENDING) return new Promise(() => undefined);
    if (value instanceof ApiError) throw value;
    return value ?? null;
  };
  return { get: answer('GET'), post: answer('POST'), put: answer('PUT'), delete: answer('DELETE') } as unknown as HttpClient;
}

const meta: Meta = {
  title: 'Plugins/EnterpriseSso/CompanySignIn',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([enterpriseSso]) })],
  parameters: { http: storyHttp({ [`GET ${BASE}`]: connected }) },
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={parameters.http as HttpClient} user={demoUser} path="/accountSetting/company/sign-in">
      <div css={{ maxWidth: CONTENT_WIDTH, padding: 16 }}>
        <CompanySignIn company={company} onChanged={() => undefined} />
      </div>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

const shown = (root: HTMLElement) => until(() => root.querySelector('#sso-provider-heading'), 'the provider section');

/** No provider yet: the redirect URI to register, the empty form (the secret required); no domains. */
export const NotConnected: Story = {
  parameters: { http: storyHttp({ [`GET ${BASE}`]: notConnected }) },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    await untilText(canvasElement, 'Not connected');
  },
};

/** Connected: one domain verified, one waiting for its DNS record (the record to publish shown); two of three members linked. */
export const Connected: Story = {
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    await untilText(canvasElement, '2 of 3 members have linked');
  },
};

/** The provider could not be read (-40030): the inline error, the typed issuer kept. */
export const SavingFailed: Story = {
  parameters: { http: storyHttp({ [`GET ${BASE}`]: connected, [`PUT ${BASE}`]: new ApiError(-40030, 'The identity provider could not be read.', 502) }) },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    const issuer = await until(() => canvasElement.querySelector<HTMLInputElement>('input[type="url"]'), 'the issuer field');
    typeInto(issuer, 'https://sso.northwind.example/tenant/v2.0');
    await until(() => issuer.value === 'https://sso.northwind.example/tenant/v2.0', 'the typed issuer');
    await press(canvasElement, 'Save');
    await untilText(canvasElement, "Your company's identity provider could not be reached");
  },
};

/** "Check now" found no record (-40031): said under that domain. */
export const DomainNotProven: Story = {
  parameters: { http: storyHttp({ [`GET ${BASE}`]: connected, [`POST ${BASE}/domains/verify`]: new ApiError(-40031, 'The domain is not proven.', 400) }) },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    // Found by its domain rather than its name, which a translation changes (the Arabic story too).
    const item = await until(() => [...canvasElement.querySelectorAll('li')].find((li) => li.querySelector('h3')?.textContent === WAITING), `the item of ${WAITING}`);
    const buttons = item.querySelectorAll('button');
    // The item's actions come last: "Check now", then "Remove".
    buttons[buttons.length - 2]!.click();
    await until(() => item.querySelector('[role="alert"]'), 'the error under the domain');
  },
};

/** Disconnecting asks first. */
export const DisconnectConfirm: Story = {
  parameters: { loki: { chromeSelector: '#headlessui-portal-root' } },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    await press(canvasElement, 'Disconnect');
    await untilText(document.body, 'Disconnect the identity provider?');
  },
};

export const Loading: Story = {
  parameters: { http: storyHttp({ [`GET ${BASE}`]: PENDING }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Loading the sign-in settings'),
};

export const LoadFailed: Story = {
  parameters: { http: storyHttp({ [`GET ${BASE}`]: new ApiError(0, undefined, 0) }) },
  play: async ({ canvasElement }) => {
    await until(() => canvasElement.querySelector('[role="alert"]'), 'the error');
  },
};

const radio = (root: HTMLElement, value: string) => until(() => root.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`), `the ${value} choice`);

/** SAML chosen, not connected yet: the portal's entity ID and reply URL to register, its metadata link, and the metadata fields. */
export const SamlNotConnected: Story = {
  parameters: { http: storyHttp({ [`GET ${BASE}`]: notConnected }) },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    (await radio(canvasElement, 'saml')).click();
    await until(() => canvasElement.querySelector('textarea'), 'the metadata XML field');
  },
};

/** Connected to a SAML provider by its metadata URL: the provider, its sign-in address and its certificate's end of validity. */
export const SamlConnected: Story = {
  parameters: { http: storyHttp({ [`GET ${BASE}`]: { ...connected, connection: samlConnection } }) },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    await untilText(canvasElement, 'Valid until');
  },
};

/** The metadata was refused (no signing certificate): said under the field it came from, the URL kept. */
export const SamlMetadataRefused: Story = {
  parameters: {
    http: storyHttp({
      [`GET ${BASE}`]: notConnected,
      [`PUT ${BASE}`]: new ApiError(-10020, 'The metadata holds no signing certificate.', 400, { field: 'metadata', reason: 'noCertificate' }),
    }),
  },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    (await radio(canvasElement, 'saml')).click();
    const url = await until(() => canvasElement.querySelector<HTMLInputElement>('input[type="url"]'), 'the metadata URL field');
    typeInto(url, 'https://adfs.northwind.example/FederationMetadata/2007-06/FederationMetadata.xml');
    await until(() => url.value.endsWith('.xml'), 'the typed URL');
    await press(canvasElement, 'Save');
    await untilText(canvasElement, 'no signing certificate');
  },
};

/** Right to left (the screen's own texts are English until translated; the core's error is Arabic): addresses and records stay left to right. */
export const Arabic: Story = inArabic(DomainNotProven);
