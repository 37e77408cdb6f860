import { expect } from 'vitest';
import { describeStoryStates, regionCodesKept, resetRegionWhiteList } from '@portal/plugin-api/testing';
import * as stories from './MigrationStep.stories';

describeStoryStates('Migration dialog', stories, {
  expected: {
    Migrate: ['Move to a Unified ID', 'Leo Local', 'Create my Unified ID', '!Please read and accept the Terms of Use.'],
    MigrateFilled: [regionCodesKept('Your data will be stored in: Europe (eu-west-1)'), '!Please read and accept the Terms of Use.'],
    ClientTheme: [regionCodesKept('Your data will be stored in: Europe (eu-west-1)'), '!Please read and accept the Terms of Use.'],
    MigrateTermsWarning: ['Please read and accept the Terms of Use.', '!Select your country/region.'],
    MigrateAllErrors: ['Select your country/region.', 'This field is required', 'Please read and accept the Terms of Use.'],
    MigrateKnownRegion: [regionCodesKept('If you choose none, your data stays in this region: Asia Pacific, Singapore (ap-southeast-1).')],
    MigrateSubmitting: [],
    MigrateOtherError: ['This user already exists.', 'Please sign in again.', 'Sign in again'],
    PickChoose: ['Which account do you want to keep?', 'Partner app account', 'Continue'],
    PickChosen: ['Which account do you want to keep?', '!Choose an account to continue.'],
    PickChooseError: ['Choose an account to continue.'],
    PickForm: ['Complete your details', 'Choose another account'],
    PickFormFilled: ['Complete your details', regionCodesKept('Your data will be stored in: Europe (eu-west-1)')],
    Merge: ['Merge your accounts', 'Password of the selected account (Partner app account)', 'Keep receiving news about NVR', '!New password', '!The password of this account is incorrect.'],
    MergeSeveralLocal: ['Account to merge into your Unified ID', 'Partner program account'],
    MergeFilled: ['New password', 'Confirm new password', '!Password and Confirm Password inconsistent!'],
    MergePasswordMismatch: ['Password and Confirm Password inconsistent!'],
    MergeTermsWarning: ['Please read and accept the Terms of Use.'],
    MergeNeedsRegion: ['Data region: not set yet', 'Country/region'],
    MergeWrongPassword: ['The password of this account is incorrect.', 'Contact support'],
    MergeCommonPassword: ['This password is too common: it appears in lists of often used or leaked passwords. Please choose a different one.', '!Please sign in again.'],
    MergeSubmitting: [],
    MergeOtherError: ['The password format is invalid.', 'Please sign in again.'],
    UnreadableResult: ['Your accounts need to be migrated or merged.', 'Please sign in again.'],
    MergeDarkTheme: ['Merge your accounts'],
  },
  reset: resetRegionWhiteList,
  check(name) {
    if (name.endsWith('Submitting')) expect(document.querySelector('button[type="submit"][aria-busy="true"]')).not.toBeNull();
  },
});
