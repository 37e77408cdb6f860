import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './RecoveryCodeStep.stories';

describeStoryStates('MFA fallbacks', stories, {
  expected: {
    Offered: ['Use a recovery code', "Don't ask again on this device for 30 days"],
    NotOffered: ['Verify', '!Use a recovery code', "!Don't ask again"],
    RecoveryCode: ['Use a recovery code', 'Recovery code', 'Use a verification code instead', "Don't ask again on this device for 30 days"],
    RecoveryCodeRequired: ['Enter a recovery code.'],
    RecoveryCodeWrong: ['This recovery code is incorrect or was already used. Attempts left: 3.'],
    RecoveryCodeLocked: ['Verification is locked for 10 minutes'],
  },
});
