import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ApiError,
  type HttpClient,
  type LocalAccountItem,
  type LocalAccountsResult,
  type RegionWhiteList,
  type Registry,
} from '@portal/plugin-api';
import { cannedHttp, demoUser, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import migration from './index';
import MergeAccountsPage, { type MergeAccountsInitial } from './MergeAccountsPage';

/* The signed-in 'merge accounts' screen in each state, mocked at the HTTP boundary. */

const WHITE_LIST: RegionWhiteList = { Use: ['US', 'CA'], Aps: ['SG', 'JP'], Euw: ['DE', 'FR', 'CZ'] };
const vendor: LocalAccountItem = {
  email: demoUser.email, identityProvider: 'vendorId', uuidProvider: 'v-ana', firstName: 'Ana', lastName: 'Novák', region: 'Euw',
  mfa: true, subscription: true, productLine: null, subscriptionTopic: null,
};
const app: LocalAccountItem = { ...vendor, identityProvider: 'partnerApp', uuidProvider: 'pa-ana', region: null, mfa: false, productLine: 'NVR', subscriptionTopic: 'news' };
const program: LocalAccountItem = { ...app, identityProvider: 'partnerProgram', uuidProvider: 'pp-ana', firstName: 'Anna', region: 'Euw' };

const LIST: LocalAccountsResult = { vendor, accounts: [program, app], migrationToken: 'story' };
const NOTHING: LocalAccountsResult = { vendor, accounts: [], migrationToken: null };

interface Params {
  http: HttpClient;
  initial?: MergeAccountsInitial;
}
type Loaded = { registry: Registry };

const answering = (list: LocalAccountsResult | ApiError, extra: Record<string, unknown> = {}) =>
  cannedHttp({ '/accounts/local-accounts': list, '/region/white-list': WHITE_LIST, ...extra });
const pending = { get: () => new Promise(() => {}), post: () => new Promise(() => {}) } as unknown as HttpClient;

const meta: Meta = {
  title: 'Plugins/Migration/MergeAccountsPage',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([migration], { migration: { supportUrl: 'https://support.vendor.example', termsUrl: '/terms.html' } }) })],
  render: (_args, { loaded, parameters }) => {
    const { http, initial } = parameters as unknown as Params;
    return (
      <StoryPortal registry={(loaded as Loaded).registry} http={http} user={demoUser} path="/accountSetting/mergeAccounts">
        <div style={{ padding: 16 }}>
          <MergeAccountsPage initial={initial} />
        </div>
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

const story = (params: Params, extra: Partial<Story> = {}): Story => ({ ...extra, parameters: { ...params, ...extra.parameters } });

export const Loading = story({ http: pending });

export const LoadFailed = story({ http: answering(new ApiError(-1, 'down', 500)) });

export const NothingToMerge = story({ http: answering(NOTHING) });

export const Accounts = story({ http: answering(LIST) });

/** A card chosen: the merge form under the cards (the partner-app account has no region, the vendor ID has). */
export const Chosen = story({ http: answering(LIST), initial: { chosen: 1 } });

export const ChosenWithErrors = story({ http: answering(LIST), initial: { chosen: 0, values: { changePassword: true, newPassword: 'short' }, validate: true } });

/** The vendor ID has no data region yet: the merge asks for a country/region. */
export const VendorWithoutRegion = story({ http: answering({ ...LIST, vendor: { ...vendor, region: null } }), initial: { chosen: 0 } });

export const RightToLeft = story({ http: answering(LIST), initial: { chosen: 1 } }, { parameters: { dir: 'rtl' } });

export const Arabic = inArabic(RightToLeft);
