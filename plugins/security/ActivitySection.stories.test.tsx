import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './ActivitySection.stories';

/** Dialog stories are portalled (Loki screenshots #headlessui-portal-root); the others are not. */
const dialogs: readonly string[] = ['NotMeUnlock', 'NotMeWrongPassword', 'NotMePassword', 'NotMeDone', 'NotMeLogoutFailed'];

describeStoryStates('RecentActivity', stories, {
  expected: {
    Events: ['Recent activity', 'New device', 'Safari 17 on iOS', 'Lyon, France', 'IP 203.0.113.7', 'Sign-in refused · wrong password', 'Verification method added · Authenticator app', 'Show older activity', 'UTC'],
    Empty: ['No activity in the last 90 days.'],
    Loading: ['Loading recent activity…'],
    LoadFailed: ['Try again'],
    NotMeUnlock: ['Secure your account', 'Confirm it is you', 'Enter your current password to unlock the security settings.'],
    NotMeWrongPassword: ['Incorrect password. Attempts left: 3.'],
    NotMePassword: ['Change your password', 'Current password', 'New password'],
    NotMeDone: ['Your password is changed and every other device is logged out.'],
    NotMeLogoutFailed: ['Log out other devices again'],
    CompanyAnswers: ['Your application to Contoso Demo Ltd was accepted', 'Your application to Fabrikam (EU) GmbH was not accepted'],
    CompanyAnswersArabic: ['تم قبول طلب انضمامك إلى \u2068Contoso Demo Ltd\u2069', 'لم يتم قبول طلب انضمامك إلى \u2068Fabrikam (EU) GmbH\u2069'],
    DarkTheme: ['Sign-in refused'],
  },
  setup: () => import('./ActivitySection'),
  check(name, _canvas, story) {
    expect(document.querySelector('[role="dialog"], [role="alertdialog"]') !== null).toBe(dialogs.includes(name));
    // A company's answer is not the account's own doing: only the sign-in offers "This wasn't me".
    if (name.startsWith('CompanyAnswers')) expect(document.querySelectorAll('li button')).toHaveLength(1);
    expect(Boolean((story.parameters as { loki?: { chromeSelector?: string } } | undefined)?.loki?.chromeSelector)).toBe(dialogs.includes(name));
  },
});
