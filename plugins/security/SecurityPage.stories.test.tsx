import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './SecurityPage.stories';

/** Dialog stories are portalled (Loki screenshots #headlessui-portal-root); the others are not. */
const dialogs: readonly string[] = ['TotpEnrolment', 'TotpWrongCode', 'EmailEnrolment', 'EmailCodeExpired', 'DialogSessionTimeout', 'DisableConfirm', 'LogoutOthersConfirm'];

describeStoryStates('SecurityPage', stories, {
  expected: {
    Locked: ['Unlock to change these settings', 'Two-factor authentication is off.', 'Sign me out after1 day(default)', 'This device', 'Chrome 126 on Windows', 'Safari 17 on iOS', 'May 1, 2024, 10:00 AM UTC', 'Recent activity', 'Sign-in refused · wrong password', 'Lyon, France', 'New device', 'Two-factor authenticationOff'],
    Loading: ['Loading two-factor settings…', 'Loading the session timeout…', 'Loading devices…', 'Loading recent activity…', 'Unlock to change these settings'],
    WrongPassword: ['Incorrect password.'],
    UnlockLastAttempt: ['Incorrect password. One more failed attempt locks your account for 30 min.'],
    UnlockAccountLocked: ['Too many failed password attempts. Your account is locked for 30 min: until then you can neither unlock these settings nor sign in.'],
    Unlocked: ['Locks again in 5:00', 'Lock now'],
    PasswordErrors: ['The new password must be different from the old one.', 'Password and Confirm Password inconsistent!'],
    PasswordWrongOld: ['Incorrect ID or password.'],
    PasswordCommon: ['This password is too common: it appears in lists of often used or leaked passwords. Please choose a different one.', 'Password strength: Weak (a commonly used password)'],
    TwoFactorOneMethod: ['Two-factor authentication is on.', 'This is your only method.', 'Add email codes'],
    TwoFactorTwoMethods: ['Two-factor authentication is on.', 'an***@partner-example.com', 'Make primary'],
    TwoFactorNotOffered: ['Two-factor authentication is off.', "This service is not available in your account's region.", '!Turn on with an authenticator app'],
    TotpEnrolment: ['Set up an authenticator app', 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP', 'Copy key'],
    TotpWrongCode: ['The verification code is incorrect. Attempts left: 4.'],
    EmailEnrolment: ['We sent a 6-digit code to ana.novak@partner-example.com.', 'Send a new code in 60 s'],
    EmailCodeExpired: ['This code is no longer valid. Send a new code and try again.'],
    DialogSessionTimeout: ['Your security session has timed out. Close this dialog, unlock the settings again and retry.'],
    DisableConfirm: ['Turn off two-factor authentication?', 'Every method is removed'],
    TimeoutSixHours: ['Current setting: 6 hours'],
    LogoutOthersConfirm: ['Log out other devices?', 'Every other device (1) is signed out.'],
    RightToLeft: ['Locks again in 5:00', 'Make primary'],
    Arabic: ['تُقفل مجددًا بعد ٥:٠٠', 'جعلها أساسية', '!Make primary'],
    DarkTheme: ['Unlock to change these settings'],
    Overview: ['Two-factor authenticationOn: Authenticator app', 'Passkeys2', 'Recovery codes7 of 10 left', 'Trusted devices1', 'Last sign-inMay 1, 2024, 9:50 AM UTC · Safari 17 on iOS'],
    OverviewAttention: ['Two-factor authenticationOff', 'PasskeysNone', 'Recovery codes2 of 10 left', 'Trusted devicesNone'],
    OverviewArabic: ['آخر تسجيل دخول', 'متبقٍ ٧ من ١٠', '!Last sign-in'],
  },
  setup: () => import('./SecurityPage'),
  check(name, _canvas, story) {
    expect(document.querySelector('[role="dialog"], [role="alertdialog"]') !== null).toBe(dialogs.includes(name));
    expect(Boolean((story.parameters as { loki?: { chromeSelector?: string } } | undefined)?.loki?.chromeSelector)).toBe(dialogs.includes(name));
  },
});
