import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../core/testing/Providers';
import * as stories from './SecurityPage.stories';

setProjectAnnotations({ decorators: [(Story) => <Providers>{Story()}</Providers>] });
const composed = composeStories(stories);

/** What each story must show once its play function has finished. */
const expected: Record<keyof typeof composed, string[]> = {
  Locked: ['Settings are locked', 'Two-factor authentication is off.', 'Current setting: 1 day', 'This device', 'Chrome 126 on Windows', 'Safari 17 on iOS', 'May 1, 2024'],
  Loading: ['Loading two-factor settings…', 'Loading the session timeout…', 'Loading devices…', 'Settings are locked'],
  WrongPassword: ['Incorrect ID or password.'],
  Unlocked: ['Locks again in 5:00', 'Lock now'],
  PasswordErrors: ['The new password must be different from the old one.', 'Password and Confirm Password inconsistent!'],
  PasswordWrongOld: ['Incorrect ID or password.'],
  TwoFactorOneMethod: ['Two-factor authentication is on.', 'This is your only method.', 'Add email codes'],
  TwoFactorTwoMethods: ['Two-factor authentication is on.', 'an***@partner-example.com', 'Make primary'],
  TotpEnrolment: ['Set up an authenticator app', 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP', 'Copy key'],
  TotpWrongCode: ['The verification code is incorrect. Attempts left: 4.'],
  EmailEnrolment: ['We sent a 6-digit code to ana.novak@partner-example.com.', 'Send a new code in 60 s'],
  EmailCodeExpired: ['This code is no longer valid. Send a new code and try again.'],
  DialogSessionTimeout: ['Your security session has timed out. Close this dialog, unlock the settings again and retry.'],
  DisableConfirm: ['Turn off two-factor authentication?', 'Every method is removed'],
  TimeoutSixHours: ['Current setting: 6 hours'],
  LogoutOthersConfirm: ['Log out other devices?', 'Every other device (1) is signed out.'],
  RightToLeft: ['Locks again in 5:00', 'Make primary'],
  DarkTheme: ['Settings are locked'],
};

const dialogs: ReadonlyArray<keyof typeof composed> = ['TotpEnrolment', 'TotpWrongCode', 'EmailEnrolment', 'EmailCodeExpired', 'DialogSessionTimeout', 'DisableConfirm', 'LogoutOthersConfirm'];

// Stories run as in the browser (play functions drive them), not inside act().
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(async () => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  await import('./SecurityPage');
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('SecurityPage stories', () => {
  it.each(Object.keys(composed) as Array<keyof typeof composed>)('%s renders its state', async (name) => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed[name].run({ canvasElement });
    await waitFor(() => {
      for (const text of expected[name]) expect(document.body.textContent).toContain(text);
    });
    // Dialog stories are portalled (Loki screenshots #headlessui-portal-root); the others are not.
    expect(document.querySelector('[role="dialog"], [role="alertdialog"]') !== null).toBe(dialogs.includes(name));
    expect(Boolean((composed[name].parameters as { loki?: { chromeSelector?: string } }).loki?.chromeSelector)).toBe(dialogs.includes(name));
  });
});
