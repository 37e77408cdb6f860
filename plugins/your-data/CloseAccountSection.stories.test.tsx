import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './CloseAccountSection.stories';

const button = (name: string) => screen.queryByRole('button', { name, hidden: true });

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('CloseAccountSection', stories, {
  expected: {
    Start: ['Delete your account', 'signs you out everywhere', '14 days later', 'Delete my account…', '!Password'],
    Checking: ['Checking what closing your ID means…', '!Password'],
    CheckFailed: ['We could not check what closing your ID means.', 'Try again'],
    WhatGoes: ['What is deleted', 'Your profile, sign-in methods', 'Unified ID Portal and Partner Shop', 'download it above first', 'Password', 'deleted for good after 14 days unless I restore it', 'Close and delete my ID', 'Cancel', '!only member'],
    CompanyGoes: ['The company Fabrikam Startup: you are its only member.'],
    HandOverFirst: ['You own Contoso Demo Ltd, which has other members', 'Cancel', '!Close and delete my ID', '!Password'],
    NoPasswordYet: ['has no password yet', '!Close and delete my ID'],
    Missing: ['Enter your password.', 'Confirm that you understand what is deleted.'],
    WrongPassword: ['The password is not correct. 2 attempts left before your account is locked.'],
    Closing: ['Close and delete my ID'],
    DarkTheme: ['What is deleted'],
    RightToLeft: ['What is deleted'],
    Arabic: ['!What is deleted'],
  },
  check(name) {
    if (name === 'Start') expect(button('Delete my account…')).toBeEnabled();
    if (name === 'WhatGoes') {
      expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('autocomplete', 'current-password');
      expect(screen.getByRole('checkbox', { hidden: true })).not.toBeChecked();
    }
    if (name === 'Missing') {
      expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('checkbox', { hidden: true })).toHaveAttribute('aria-invalid', 'true');
    }
    if (name === 'HandOverFirst') expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent('Hand it over');
  },
});
