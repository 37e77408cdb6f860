import { describeStoryStates, resetRegionWhiteList } from '@portal/plugin-api/testing';
import * as stories from './MergeAccountsPage.stories';

describeStoryStates('MergeAccountsPage', stories, {
  expected: {
    Loading: ['Merge accounts', 'Loading your other accounts…'],
    LoadFailed: ['Your other accounts could not be loaded.', 'Try again'],
    NothingToMerge: ['No other account uses ana.novak@partner-example.com. There is nothing to merge.', 'Back to My Profile'],
    Accounts: ['Your Unified ID', 'Partner program account', 'Partner app account', '!Password of the selected account'],
    Chosen: ['Password of the selected account (Partner app account)', 'Merge accounts', 'Keep receiving news about NVR', '!Please read and accept the Terms of Use.', '!Country/region'],
    ChosenWithErrors: ['Please read and accept the Terms of Use.', 'This field is required'],
    VendorWithoutRegion: ['Country/region'],
    RightToLeft: ['Password of the selected account (Partner app account)'],
    Arabic: ['كلمة مرور الحساب المحدد (حساب تطبيق الشريك)', '!Password of the selected account'],
  },
  reset: resetRegionWhiteList,
});
