import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetRegionWhiteList } from '../../core/regions/useRegionWhiteList';
import { Providers } from '../../core/testing/Providers';
import { closeAllModals } from '../../core/ui/modalStore';
import * as stories from './MigrationStep.stories';

setProjectAnnotations({ decorators: [(Story) => <Providers>{Story()}</Providers>] });
const composed = composeStories(stories);

/** What each story must show once it has rendered (and its play function has finished). */
const expected: Record<keyof typeof composed, string[]> = {
  Migrate: ['Move to a Unified ID', 'Leo Local', 'Create my Unified ID'],
  MigrateFilled: ['Your data will be stored in: Europe (eu-west-1)'],
  MigrateTermsWarning: ['Please read and accept the Terms of Use.'],
  MigrateAllErrors: ['Select your country/region.', 'This field is required', 'Please read and accept the Terms of Use.'],
  MigrateKnownRegion: ['If you choose none, your data stays in this region: Asia Pacific, Singapore (ap-southeast-1).'],
  MigrateSubmitting: [],
  MigrateOtherError: ['This user already exists.', 'Please sign in again.', 'Sign in again'],
  PickChoose: ['Which account do you want to keep?', 'Partner app account', 'Continue'],
  PickChosen: ['Which account do you want to keep?'],
  PickChooseError: ['Choose an account to continue.'],
  PickForm: ['Complete your details', 'Choose another account'],
  PickFormFilled: ['Complete your details', 'Your data will be stored in: Europe (eu-west-1)'],
  Merge: ['Merge your accounts', 'Password of the selected account (Partner app account)', 'Keep receiving news about NVR'],
  MergeSeveralLocal: ['Account to merge into your Unified ID', 'Partner program account'],
  MergeFilled: ['New password', 'Confirm new password'],
  MergePasswordMismatch: ['Password and Confirm Password inconsistent!'],
  MergeTermsWarning: ['Please read and accept the Terms of Use.'],
  MergeNeedsRegion: ['Data region: not set yet', 'Country/region'],
  MergeWrongPassword: ['The password of this account is incorrect.', 'Contact support'],
  MergeSubmitting: [],
  MergeOtherError: ['The password format is invalid.', 'Please sign in again.'],
  UnreadableResult: ['Your accounts need to be migrated or merged.', 'Please sign in again.'],
  MergeDarkTheme: ['Merge your accounts'],
};

/** Texts a story must not show (the state is exactly the one named). */
const absent: Partial<Record<keyof typeof composed, string[]>> = {
  Migrate: ['Please read and accept the Terms of Use.'],
  MigrateFilled: ['Please read and accept the Terms of Use.'],
  MigrateTermsWarning: ['Select your country/region.'],
  PickChosen: ['Choose an account to continue.'],
  Merge: ['New password', 'The password of this account is incorrect.'],
  MergeFilled: ['Password and Confirm Password inconsistent!'],
};

// Stories run as in the browser (play functions drive them), not inside act().
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});
afterEach(() => {
  cleanup();
  closeAllModals();
  resetRegionWhiteList();
  document.body.replaceChildren();
});

/** Resolves once `check` holds (stories load the country list and validate after their first render). */
async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check() && Date.now() - start < timeoutMs) await new Promise((r) => setTimeout(r, 20));
}

describe('migration dialog stories', () => {
  it.each(Object.keys(composed) as Array<keyof typeof composed>)('%s renders its state', async (name) => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed[name].run({ canvasElement });
    await until(() => expected[name].every((text) => document.body.textContent!.includes(text)));
    for (const text of expected[name]) expect(document.body.textContent).toContain(text);
    for (const text of absent[name] ?? []) expect(document.body.textContent).not.toContain(text);
    if (name.endsWith('Submitting')) expect(document.querySelector('button[type="submit"][aria-busy="true"]')).not.toBeNull();
  });
});
