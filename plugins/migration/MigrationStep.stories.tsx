import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ApiError,
  type HttpClient,
  type LocalAccountItem,
  type RegionWhiteList,
  type Registry,
} from '@portal/plugin-api';
import { cannedHttp, StoryPortal, testRegistry, withClientTheme, until } from '@portal/plugin-api/testing';
import migration from './index';
import MigrationStep, { MigrationView, type MigrationInitial } from './MigrationStep';
import { readMigration } from './migrationData';

/*
 * The migration dialog in every state. Mocked at the HTTP boundary (the country list and the
 * two calls); the states after a click are reached by a play function that presses the
 * dialog's submit button and waits for the answer.
 */

const WHITE_LIST: RegionWhiteList = { Use: ['US', 'CA', 'MX'], Aps: ['SG', 'JP', 'KR', 'AU'], Euw: ['DE', 'FR', 'GB', 'CZ', 'AT'] };
const leo: LocalAccountItem = {
  email: 'legacy-one@example.com', identityProvider: 'partnerProgram', uuidProvider: 'pp-leo', firstName: 'Leo', lastName: 'Local', region: null,
  mfa: false, subscription: true, productLine: 'NVR', subscriptionTopic: 'news',
};
const lenaProgram: LocalAccountItem = { ...leo, email: 'legacy-many@example.com', uuidProvider: 'pp-lena', firstName: 'Lena', lastName: 'Many', region: 'Euw' };
const lenaApp: LocalAccountItem = { ...lenaProgram, identityProvider: 'partnerApp', uuidProvider: 'pa-lena', region: 'Aps', mfa: true, subscription: false };
const maxVendor: LocalAccountItem = { ...leo, email: 'merge@example.com', identityProvider: 'vendorId', uuidProvider: 'v-max', firstName: 'Max', lastName: 'Merge', region: 'Euw' };
const maxApp: LocalAccountItem = { ...maxVendor, identityProvider: 'partnerApp', uuidProvider: 'pa-max' };

const RESULTS = {
  migrate: { variant: 'migrate', accounts: [leo], migrationToken: 'story' },
  pick: { variant: 'pick', accounts: [lenaProgram, lenaApp], migrationToken: 'story' },
  merge: { variant: 'merge', accounts: [maxVendor, maxApp], migrationToken: 'story' },
} as const;

const noop = () => {};
const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

/** Answers the country list at once and leaves the migration calls pending forever. */
function pendingHttp(): HttpClient {
  const base = cannedHttp({ '/region/white-list': WHITE_LIST });
  return { ...base, get: base.get, post: () => new Promise(() => {}) } as unknown as HttpClient;
}

interface Params {
  result: unknown;
  initial?: MigrationInitial;
  http?: HttpClient;
}
type Loaded = { registry: Registry };

const meta: Meta = {
  title: 'Plugins/Migration/MigrationDialog',
  parameters: portal,
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([migration], { migration: { supportUrl: 'https://support.vendor.example', termsUrl: '/terms.html' } }) })],
  render: (_args, { loaded, parameters }) => {
    const { result, initial, http } = parameters as unknown as Params;
    const parsed = readMigration(result);
    return (
      <StoryPortal registry={(loaded as Loaded).registry} http={http ?? cannedHttp({ '/region/white-list': WHITE_LIST })} path="/login">
        {parsed ? (
          <MigrationView migration={parsed} cancel={noop} goTo={noop} initial={initial} />
        ) : (
          <MigrationStep error={new ApiError(-6, 'merge', 400, result)} call="signIn" form={{}} retry={async () => {}} cancel={noop} goTo={noop} />
        )}
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

const story = (params: Params, extra: Partial<Story> = {}): Story => ({ ...extra, parameters: { ...portal, ...params, ...extra.parameters } });

const submitButton = () => document.querySelector<HTMLButtonElement>('#headlessui-portal-root button[type="submit"]');
const pressSubmit = async (thenWaitFor: () => boolean) => {
  await until(() => submitButton() !== null && document.querySelector('#headlessui-portal-root form') !== null, '#headlessui-portal-root form');
  submitButton()!.click();
  await until(thenWaitFor, 'what the submit leads to');
};

// --- migrate: one local account ---------------------------------------------------------

export const Migrate = story({ result: RESULTS.migrate });

export const MigrateFilled = story({ result: RESULTS.migrate, initial: { values: { country: 'DE', terms: true } } });

/** Everything filled but the terms: 'Please read and accept the Terms of Use.' */
export const MigrateTermsWarning = story({ result: RESULTS.migrate, initial: { values: { country: 'DE' }, validate: true } });

/** Nothing chosen or accepted, a name cleared: every rule's message. */
export const MigrateAllErrors = story({ result: RESULTS.migrate, initial: { values: { firstName: '' }, validate: true } });

/** The local account already has a data region: the country is optional. */
export const MigrateKnownRegion = story({ result: { ...RESULTS.migrate, accounts: [{ ...leo, region: 'Aps' }] } });

export const MigrateSubmitting = story(
  { result: RESULTS.migrate, initial: { values: { country: 'DE', terms: true } }, http: pendingHttp() },
  { play: () => pressSubmit(() => submitButton()?.getAttribute('aria-busy') === 'true') },
);

/** Any error but -20601: its message and 'please sign in again'. */
export const MigrateOtherError = story({ result: RESULTS.migrate, initial: { values: { country: 'DE', terms: true }, failure: new ApiError(-20621, 'exists', 409) } });

// --- pick: several local accounts, no vendor ID -----------------------------------------

export const PickChoose = story({ result: RESULTS.pick });

export const PickChosen = story({ result: RESULTS.pick, initial: { chosen: 1 } });

/** Continue without a choice. */
export const PickChooseError = story(
  { result: RESULTS.pick },
  {
    play: async () => {
      await until(() => document.querySelector('#headlessui-portal-root fieldset') !== null, '#headlessui-portal-root fieldset');
      const buttons = [...document.querySelectorAll<HTMLButtonElement>('#headlessui-portal-root button')];
      buttons.find((b) => b.textContent === 'Continue')?.click();
      await until(() => document.querySelector('#headlessui-portal-root fieldset [role="alert"]') !== null, '#headlessui-portal-root fieldset [role="alert"]');
    },
  },
);

export const PickForm = story({ result: RESULTS.pick, initial: { chosen: 1, atForm: true } });

export const PickFormFilled = story({ result: RESULTS.pick, initial: { chosen: 0, atForm: true, values: { country: 'FR', terms: true } } });

// --- merge: vendor ID plus local accounts -------------------------------------------------

export const Merge = story({ result: RESULTS.merge });

export const MergeSeveralLocal = story({ result: { ...RESULTS.merge, accounts: [maxVendor, { ...maxApp, identityProvider: 'partnerProgram', uuidProvider: 'pp-max', mfa: true }, maxApp] } });

export const MergeFilled = story({
  result: RESULTS.merge,
  initial: { values: { oldPassword: 'Legacy-pass-2024', changePassword: true, newPassword: 'New-pass-2025', confirmPassword: 'New-pass-2025', terms: true } },
});

export const MergePasswordMismatch = story({
  result: RESULTS.merge,
  initial: { values: { oldPassword: 'Legacy-pass-2024', changePassword: true, newPassword: 'New-pass-2025', confirmPassword: 'New-pass-2026', terms: true }, validate: true },
});

export const MergeTermsWarning = story({ result: RESULTS.merge, initial: { values: { oldPassword: 'Legacy-pass-2024' }, validate: true } });

/** The vendor ID has no data region yet: the merge sets one. */
export const MergeNeedsRegion = story({ result: { ...RESULTS.merge, accounts: [{ ...maxVendor, region: null }, maxApp] } });

/** -20601: the local password is wrong, on the field, with the contact-support hint. */
export const MergeWrongPassword = story(
  {
    result: RESULTS.merge,
    initial: { values: { oldPassword: 'Wrong-pass-1', terms: true } },
    http: cannedHttp({ '/region/white-list': WHITE_LIST, '/accounts/info-and-password': new ApiError(-20601, 'wrong', 400) }),
  },
  { play: () => pressSubmit(() => document.querySelector('#headlessui-portal-root input[aria-invalid="true"]') !== null) },
);

/** -3065: the new password is on the server's common-password list: the reason on its field; the merge can be tried again. */
export const MergeCommonPassword = story(
  {
    result: RESULTS.merge,
    initial: { values: { oldPassword: 'Legacy-pass-2024', changePassword: true, newPassword: 'Left4dead', confirmPassword: 'Left4dead', terms: true } },
    http: cannedHttp({ '/region/white-list': WHITE_LIST, '/accounts/info-and-password': new ApiError(-3065, 'too common', 400) }),
  },
  { play: () => pressSubmit(() => document.querySelector('#headlessui-portal-root input[name="newPassword"][aria-invalid="true"]') !== null) },
);

export const MergeSubmitting = story(
  { result: RESULTS.merge, initial: { values: { oldPassword: 'Legacy-pass-2024', terms: true } }, http: pendingHttp() },
  { play: () => pressSubmit(() => submitButton()?.getAttribute('aria-busy') === 'true') },
);

export const MergeOtherError = story({ result: RESULTS.merge, initial: { values: { oldPassword: 'Legacy-pass-2024', terms: true }, failure: new ApiError(-20615, 'format', 400) } });

/** A -6 result the dialog cannot use: the message and 'please sign in again' only. */
export const UnreadableResult = story({ result: { variant: 'merge', accounts: [] } });

export const MergeDarkTheme = story({ result: RESULTS.merge }, { parameters: { theme: 'midnight' } });

/** A connected service's theme (the green partner): the migration form filled in. */
export const ClientTheme: Story = withClientTheme(MigrateFilled);
