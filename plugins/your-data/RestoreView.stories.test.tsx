import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './RestoreView.stories';

const EMAIL = 'ana.novak@partner-example.com';

// What each story must show once rendered; `!text` must not show.
describeStoryStates('RestoreView', stories, {
  expected: {
    Checking: ['Restore your ID', 'Checking your restore link…'],
    CheckFailed: ['We could not check your restore link.', 'Try again'],
    Ready: [`${EMAIL} is closed and will be deleted for good on`, '2026', 'Restore my ID', '!Go to sign-in'],
    Restored: [`${EMAIL} is restored`, 'Go to sign-in', '!Restore my ID'],
    Invalid: ['This restore link is not valid or was already used', 'Go to sign-in'],
    Expired: ['can no longer be restored', 'Go to sign-in'],
    JustClosed: ['Your ID is closed', `No one can sign in with ${EMAIL} now`, 'the link we emailed you restores it', 'Go to sign-in'],
    DarkTheme: ['Restore my ID'],
    Arabic: ['!Restore my ID'],
  },
  check(name) {
    if (name === 'Invalid' || name === 'Expired') expect(screen.getByRole('alert', { hidden: true })).toBeInTheDocument();
  },
});
