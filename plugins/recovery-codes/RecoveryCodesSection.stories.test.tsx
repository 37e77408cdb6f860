import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './RecoveryCodesSection.stories';

describeStoryStates('Recovery codes card', stories, {
  expected: {
    NoCodes: ['You have no recovery codes yet.', 'Create recovery codes'],
    Locked: ['Create recovery codes', 'Unlock the settings first.'],
    NeedsTwoStep: ['Turn on two-step verification to create recovery codes.', '!Create recovery codes'],
    CodesLeft: ['8 of 10 codes left, created', 'Create new codes', '!Only a few codes'],
    FewLeft: ['2 of 10 codes left', 'Only a few codes are left.'],
    ConfirmReplace: ['Your current codes will stop working. Create new ones?', 'Yes, create new codes'],
    NewCodes: ['Save these codes now', 'k7mq-2xhp-4n', 'd5we-j8rf-p4', 'Copy codes', 'Download as a text file'],
  },
});
