import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type HttpClient, type LoginPageServices, type RegionWhiteList, type Registry } from '@portal/plugin-api';
import { cannedHttp, inArabic, LoginViewStory, pendingHttp, resetRegionWhiteList, testRegistry, typeInto, until, untilText } from '@portal/plugin-api/testing';
import type { FlowResult } from './contract';
import EnterpriseView from './EnterpriseView';
import enterpriseSso from './index';

/*
 * The 'enterprise' login view: back from the company's identity provider with a proof (or with
 * what failed), it signs in, links the ID of the address with its password, or makes a new ID.
 * Mocked at the HTTP boundary by path (`parameters.http`); the proof and the failure stand in
 * for the address's fragment (`parameters.proof`, `parameters.failure`).
 */

type Loaded = { registry: Registry };

const COMPANY = 'Contoso Demo Ltd';
const EMAIL = 'ada@contoso.example';
/** A proof as the server puts it in the fragment: the flow's id, a dot, its secret. */
const PROOF = 'b4f0c1d29e7a4c3f8d6e5a1b2c3d4e5f.Zk3vQ9mX2pL7rT4wY8sN1bH6cJ0dF5gA_uE-kR2qW9o';

/** Enough countries of each data region to show the grouped list. */
const WHITE_LIST: RegionWhiteList = {
  Use: ['US', 'CA', 'MX', 'BR'],
  Aps: ['SG', 'KR', 'JP', 'AU', 'IN'],
  Euw: ['DE', 'FR', 'GB', 'CH', 'CZ', 'ES', 'IT', 'NL', 'PL'],
};

const LINK: FlowResult = { status: 'link', company: COMPANY, email: EMAIL, givenName: 'Ada', familyName: 'Lovelace', country: 'DE' };
const CREATE: FlowResult = {
  status: 'create',
  company: COMPANY,
  email: EMAIL,
  givenName: 'Ada',
  familyName: 'Lovelace',
  country: 'DE',
  privacy: { version: 3, url: '/demo-service/privacy.html' },
};

/** The flow the proof names, the countries, and what the sign-in (`POST /login`) answers. */
const flowHttp = (flow: FlowResult, signIn: unknown = null) => cannedHttp({ '/login/enterprise/flow': flow, '/region/white-list': WHITE_LIST, '/login': signIn });

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('session_code=sc-story&module=enterprise'),
};

interface Params {
  http?: HttpClient;
  /** undefined: the story's proof; null: none arrived. */
  proof?: string | null;
  failure?: FlowResult['error'];
}

const input = (root: HTMLElement, autoComplete: string) => until(() => root.querySelector<HTMLInputElement>(`input[autocomplete="${autoComplete}"]`), `the ${autoComplete} field`);

const meta: Meta = {
  title: 'Plugins/EnterpriseSso/EnterpriseView',
  loaders: [
    async (): Promise<Loaded> => {
      // Each story its own country list (one story's pending call must not be another's).
      resetRegionWhiteList();
      return { registry: await testRegistry([enterpriseSso]) };
    },
  ],
  render: (_args, { loaded, parameters }) => {
    const p = parameters as Params;
    return (
      <LoginViewStory registry={(loaded as Loaded).registry} http={p.http ?? cannedHttp({})} loginPage={loginPage} width={440}>
        <EnterpriseView goTo={() => undefined} proof={p.proof === undefined ? PROOF : p.proof} failure={p.failure ?? null} />
      </LoginViewStory>
    );
  },
};
export default meta;
type Story = StoryObj;

/** Back from the provider, the proof being read (or a linked identity signing in). */
export const Finishing: Story = {
  parameters: { http: pendingHttp },
  play: ({ canvasElement }) => untilText(canvasElement, 'Finishing your sign-in with your company…'),
};

/** An ID of the address exists: its password, once, links the company's sign-in to it. */
export const Link: Story = {
  parameters: { http: flowHttp(LINK) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Link your company sign-in'),
};

/** The ID's password was wrong (-20601): said above the field, the form kept. */
export const LinkWrongPassword: Story = {
  parameters: { http: flowHttp(LINK, new ApiError(-20601, 'wrong', 400)) },
  play: async ({ canvasElement }) => {
    const field = await input(canvasElement, 'current-password');
    typeInto(field, 'not-my-password');
    field.form?.requestSubmit();
    await untilText(canvasElement, 'Incorrect ID or password.');
  },
};

/** No ID yet: the names the provider gave, the company's country/region and the policy. */
export const Create: Story = {
  parameters: { http: flowHttp(CREATE) },
  play: async ({ canvasElement }) => {
    await untilText(canvasElement, 'Create ID and sign in');
    // The country list has come: the select is enabled.
    await until(() => canvasElement.querySelector('input[role="combobox"]:not(:disabled)'), 'the country/region list');
  },
};

/** Sent with the names cleared and the policy not accepted: each says what is missing. */
export const CreateMissingFields: Story = {
  parameters: { http: flowHttp(CREATE) },
  play: async ({ canvasElement }) => {
    const given = await input(canvasElement, 'given-name');
    typeInto(given, '');
    typeInto(await input(canvasElement, 'family-name'), '');
    given.form?.requestSubmit();
    await untilText(canvasElement, 'Accept the privacy policy to create your ID.');
  },
};

/** The person said no at the provider. */
export const FailedDenied: Story = { parameters: { failure: 'denied' } };

/** The provider failed, or its answer could not be used. */
export const FailedProvider: Story = { parameters: { failure: 'provider' } };

/** Opened without a proof (a reload, a used link). */
export const FailedInvalid: Story = { parameters: { proof: null } };

export const Arabic: Story = inArabic(Create, {
  play: async ({ canvasElement }) => {
    await until(() => canvasElement.querySelector('input[autocomplete="given-name"]'), 'the first name field');
    await until(() => canvasElement.querySelector('input[role="combobox"]:not(:disabled)'), 'the country/region list');
  },
});
