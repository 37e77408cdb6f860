import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, ERROR_CODES, type HttpClient, type LoginPageServices, type RegionWhiteList, type Registry } from '@portal/plugin-api';
import { cannedHttp, inArabic, LoginViewStory, resetRegionWhiteList, testRegistry, until, untilText } from '@portal/plugin-api/testing';
import type { SocialFlowResult } from './contract';
import socialSignIn from './index';
import SocialView, { type SocialViewProps } from './SocialView';

/*
 * The 'social' login view: back from Google (Microsoft, Apple) with a proof (or with what failed),
 * it signs in, links the ID of the address with its password, or makes a new ID. Mocked at the
 * HTTP boundary by path (`parameters.http`); the proof, the failure and its provider stand in for
 * the address's fragment (`parameters.proof`, `parameters.failure`, `parameters.provider`).
 */

type Loaded = { registry: Registry };

const EMAIL = 'ada.lovelace@example.com';
/** A proof as the server puts it in the fragment: `social.`, the flow's id, a dot, its secret. */
const PROOF = 'social.5c2e8f1a9b7d4e3c8a6f0b1d2e3f4a5b.Qx7vN2mK9pL4rT8wY3sB6hJ1cF0dG5aZ_uE-kR2qW9o';

/** Enough countries of each data region to show the grouped list (Google is offered in two of them). */
const WHITE_LIST: RegionWhiteList = {
  Use: ['US', 'CA', 'MX', 'BR'],
  Aps: ['SG', 'KR', 'JP', 'AU', 'IN'],
  Euw: ['DE', 'FR', 'GB', 'CH', 'CZ', 'ES', 'IT', 'NL', 'PL'],
};

const LINKED: SocialFlowResult = { status: 'linked', provider: 'google', email: EMAIL };
const LINK: SocialFlowResult = { status: 'link', provider: 'google', email: EMAIL, givenName: 'Ada', familyName: 'Lovelace' };
const CREATE: SocialFlowResult = {
  status: 'create',
  provider: 'google',
  email: EMAIL,
  givenName: 'Ada',
  familyName: 'Lovelace',
  regions: ['Use', 'Euw'],
  privacy: { version: 3, url: '/demo-service/privacy.html' },
};

/** Stands for a call that never answers. */
const PENDING = Symbol('pending');

/** Answers by path: a value, an ApiError to fail with, or PENDING (the flow read, then a sign-in still on its way). */
function storyHttp(answers: Record<string, unknown>): HttpClient {
  const canned = cannedHttp(answers) as unknown as Record<'get' | 'post', (path: string) => Promise<unknown>>;
  const answer = (method: 'get' | 'post') => (path: string) => (answers[path] === PENDING ? new Promise(() => undefined) : canned[method](path));
  return { get: answer('get'), post: answer('post') } as unknown as HttpClient;
}

/** The flow the proof names, the countries, what the new ID's call and the sign-in (`POST /login`) answer. */
const flowHttp = (flow: SocialFlowResult, more: Record<string, unknown> = {}) => storyHttp({ '/login/social/flow': flow, '/region/white-list': WHITE_LIST, '/login': null, ...more });

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('session_code=sc-story&module=social'),
};

interface Params {
  http?: HttpClient;
  /** undefined: the story's proof; null: none arrived. */
  proof?: string | null;
  failure?: SocialViewProps['failure'];
  provider?: SocialViewProps['provider'];
}

const countryList = (root: HTMLElement) => until(() => root.querySelector<HTMLInputElement>('input[role="combobox"]:not(:disabled)'), 'the country/region list');

const meta: Meta = {
  title: 'Plugins/SocialSignIn/SocialView',
  loaders: [
    async (): Promise<Loaded> => {
      // Each story its own country list (one story's pending call must not be another's).
      resetRegionWhiteList();
      return { registry: await testRegistry([socialSignIn]) };
    },
  ],
  render: (_args, { loaded, parameters }) => {
    const p = parameters as Params;
    return (
      <LoginViewStory registry={(loaded as Loaded).registry} http={p.http ?? cannedHttp({})} loginPage={loginPage} width={440}>
        <SocialView goTo={() => undefined} proof={p.proof === undefined ? PROOF : p.proof} failure={p.failure ?? null} provider={p.provider ?? null} />
      </LoginViewStory>
    );
  },
};
export default meta;
type Story = StoryObj;

/** Back from Google with a linked identity: the flow read, the sign-in on its way. */
export const Finishing: Story = {
  parameters: { http: flowHttp(LINKED, { '/login': PENDING }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Finishing your sign-in with Google…'),
};

/** An ID of the address exists: its password, once, links the Google account to it. */
export const Link: Story = {
  parameters: { http: flowHttp(LINK) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Link your Google account'),
};

/** No ID yet: the names Google gave, the countries/regions that offer Google, the policy. */
export const Create: Story = {
  parameters: { http: flowHttp(CREATE) },
  play: async ({ canvasElement }) => {
    await untilText(canvasElement, 'Create ID and sign in');
    // The country list has come: the select is enabled.
    await countryList(canvasElement);
  },
};

/**
 * The new ID was refused: the chosen country's region no longer offers Google (what the server
 * answers, -3069 with `result.field` 'country'). Said above the button, what was filled in kept.
 */
export const CreateRefused: Story = {
  parameters: { http: flowHttp(CREATE, { '/login/social/account': new ApiError(ERROR_CODES.regionCodeInvalid, 'Invalid country/region code.', 400, { field: 'country' }) }) },
  play: async ({ canvasElement }) => {
    const country = await countryList(canvasElement);
    // Typing filters the list; its option is picked without a pointer (Loki turns pointer events off).
    country.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    const option = await until(() => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent?.startsWith('Germany')), 'the option Germany');
    // The list picks on the option's mouse down (headlessui), not on a click.
    option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
    await until(() => country.value === 'Germany', 'Germany chosen');
    canvasElement.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    country.form!.requestSubmit();
    await untilText(canvasElement, 'The country/region code is invalid.');
  },
};

/** The person said no at Google. */
export const FailedDenied: Story = { parameters: { failure: 'denied', provider: 'google' } };

/** Google failed, or its answer could not be used. */
export const FailedProvider: Story = { parameters: { failure: 'provider', provider: 'google' } };

/** Google did not vouch for the address: no sign-in by it. */
export const FailedUnverified: Story = { parameters: { failure: 'unverified', provider: 'google' } };

/** Back from Google after the flow had expired. */
export const FailedExpired: Story = { parameters: { failure: 'expired', provider: 'google' } };

/** Opened without a proof (a reload, a used link): no provider to name. */
export const FailedInvalid: Story = { parameters: { proof: null } };

/** A failure whose provider the address did not name. */
export const FailedUnnamed: Story = { parameters: { failure: 'denied' } };

export const Arabic: Story = inArabic(Create, {
  play: async ({ canvasElement }) => {
    await until(() => canvasElement.querySelector('input[autocomplete="given-name"]'), 'the first name field');
    await countryList(canvasElement);
  },
});
