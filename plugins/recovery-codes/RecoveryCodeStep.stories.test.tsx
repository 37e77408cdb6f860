import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './RecoveryCodeStep.stories';

describeStoryStates('MFA fallbacks', stories, {
  expected: {
    Offered: ['Use a recovery code', "Don't ask again on this device for 30 days"],
    NotOffered: ['Verify', '!Use a recovery code', "!Don't ask again"],
    RecoveryCode: [
      'Use a recovery code',
      'Recovery code',
      'You have 7 unused recovery codes. After this one, 6 codes will remain.',
      '!create new',
      'Use a verification code instead',
      "Don't ask again on this device for 30 days",
    ],
    RecoveryCodeFewLeft: ['You have 3 unused recovery codes. After this one, 2 codes will remain.', 'Only a few codes will be left. After you sign in, create new ones in Security.'],
    RecoveryCodeLastOne: ['You have 1 unused recovery code. This is your last one.', 'After you sign in, create new recovery codes in Security', '!Only a few'],
    RecoveryCodeArabic: ['لديك ٣ رموز استرداد غير مستخدمة. بعد هذا الرمز سيتبقى رمزان.', 'أنشئ رموزًا جديدة في «الأمان»', '!unused'],
    RecoveryCodeRequired: ['Enter a recovery code.'],
    RecoveryCodeWrong: ['This recovery code is incorrect or was already used. Attempts left: 3.', 'You have 7 unused recovery codes. After this one, 6 codes will remain.'],
    RecoveryCodeLocked: ['Verification is locked for 10 minutes'],
  },
});
