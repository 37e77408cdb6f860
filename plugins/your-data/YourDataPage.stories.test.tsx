import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './YourDataPage.stories';

const EMAIL = 'ana.novak@partner-example.com';
const button = (name: string) => screen.queryByRole('button', { name, hidden: true });

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('YourDataPage', stories, {
  expected: {
    Loading: ['Download a copy of your data', 'Loading your copy…', '!Ask for a copy'],
    LoadFailed: ['Your copy could not be loaded.', 'Try again', '!Ask for a copy'],
    NoCopy: ['Download a copy of your data', 'email you when it is ready', 'for 7 days', 'A ZIP file of JSON files', 'Ask for a copy'],
    Making: ['We are making your copy', `We will email ${EMAIL} when it is ready`, 'Asked for on', 'Cancel', '!Password'],
    Asked: ['We are making your copy', '!Ask for a copy'],
    Ready: ['Your copy is ready', '1.3 MB', 'You can download it until', 'enter your password', 'Password', 'Download', 'Ask for a new copy', 'Delete copy now', '!Last downloaded'],
    Downloaded: ['Your copy is ready', 'Last downloaded on'],
    PasswordMissing: ['Enter your password.'],
    WrongPassword: ['The password is not correct. 2 attempts left before your account is locked.'],
    Locked: ['Your account is locked after too many wrong passwords. Try again in 25 min'],
    NoPasswordYet: ['Your ID has no password yet. Set one with “Forgot password?” on the sign-in page, then download your copy.'],
    Failed: ['We could not make your copy', 'Please ask again', 'Try again', '!Password'],
    DarkTheme: ['Your copy is ready'],
    RightToLeft: ['Your copy is ready'],
    Arabic: ['!Your copy is ready', '!Download'],
  },
  check(name) {
    expect(screen.getByRole('heading', { level: 1, hidden: true })).toHaveTextContent(name === 'Arabic' ? /./ : 'Download a copy of your data');
    if (name === 'NoCopy') expect(button('Ask for a copy')).toBeEnabled();
    if (name === 'Ready' || name === 'WrongPassword') {
      expect(button('Download')).toBeEnabled();
      expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('autocomplete', 'current-password');
    }
    if (name === 'WrongPassword' || name === 'Locked' || name === 'PasswordMissing' || name === 'NoPasswordYet') expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    if (name === 'Failed') expect(screen.getByRole('alert', { hidden: true })).toBeInTheDocument();
  },
});
