import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './ActivationView.stories';

describeStoryStates('ActivationView', stories, {
  expected: {
    Activating: ['Activating your ID…'],
    Activated: ['Your ID is activated', 'ana.novak@partner-example.com', 'Sign in'],
    AlreadyActive: ['Your ID is already active', 'Sign in'],
    Expired: ['This activation link has expired', 'Send a new activation email'],
    NewMailWait: ['You can request another one in 42 s.'],
    PasswordNeeded: ['Enter your password to activate', 'Activate my ID'],
    PasswordRefused: ['That is not the password of the most recent registration.'],
    Invalid: ['This activation link does not work', 'Sign in'],
    Missing: ['Open the link from your email'],
    Failed: ['Your ID could not be activated yet', 'An unexpected error occurred.', 'Try again'],
    RightToLeft: ['Your ID is activated'],
    Arabic: ['تم تفعيل معرّفك', '!Your ID is activated'],
  },
  check(name) {
    if (name === 'NewMailWait') expect(screen.getByRole('button', { name: 'Send a new activation email', hidden: true })).toBeDisabled();
  },
});
