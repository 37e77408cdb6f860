import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './MfaStep.stories';

describeStoryStates('MfaStep', stories, {
  expected: {
    TotpOnly: ['Authenticator app', 'Open your authenticator app'],
    EmailOnly: ['We sent a 6-digit code to an***@partner-example.com', 'Resend code in 60 s'],
    Both: ['Verification method', 'Authenticator appPrimary', 'Email code'],
    BothSwitchedToEmail: ['We sent a 6-digit code', 'Resend code in 60 s'],
    CodeRequired: ['This field is required'],
    IncompleteCode: ['Enter the 6-digit code.'],
    Submitting: [],
    WrongCode: ['The verification code is incorrect. Attempts left: 3.'],
    ResendTip: ['Please resend the code'],
    Locked: ['Verification is locked for 10 minutes'],
    AuthenticatorKeyExpired: ['Verify with an email code instead.', 'Use an email code'],
    AuthenticatorKeyExpiredTotpOnly: ['Please contact support'],
    ProcessExpired: ['This verification has expired. Please sign in again.'],
    MethodDisabled: ['This verification method is disabled.'],
    RightToLeft: ['Verification method'],
    Arabic: ['طريقة التحقق', 'تطبيق المصادقة', '!Verification method'],
    ClientTheme: ['Verification method', 'Authenticator appPrimary', 'Email code'],
  },
  check(name, canvasElement) {
    if (name === 'Submitting') expect(canvasElement.querySelector('button[aria-busy="true"]')).not.toBeNull();
  },
});
