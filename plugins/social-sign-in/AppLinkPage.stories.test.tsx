import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './AppLinkPage.stories';

const EMAIL = 'ana.novak@partner-example.com';
const button = (name: string) => screen.queryByRole('button', { name, hidden: true });

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('AppLinkPage', stories, {
  expected: {
    Loading: ['Link a sign-in', 'Loading…'],
    Confirm: ['Link Google to this ID?', 'Partner App asked to link a Google account to this ID:', EMAIL, 'Only continue if you started this in Partner App yourself.', 'Continue with Google', 'Cancel'],
    LongAddress: ['Link Microsoft to this ID?', 'the app asked to link a Microsoft account to this ID:', 'procurement.department.team-lead@very-long-partner-company-name.example', 'Continue with Microsoft'],
    ContinueFailed: ['Link Google to this ID?', 'Continue with Google', EMAIL],
    Linked: ['Google is linked', 'From now on Google signs you in to this ID:', EMAIL, 'Back to Partner App', '!Continue with Google'],
    LinkedNoReturn: ['Google is linked', 'You can close this page and go back to the app.', '!Back to'],
    Taken: ['Google was not linked', 'This Google account is linked to another ID already.', 'Back to Partner App', `!${EMAIL}`],
    Denied: ['Google was not linked', 'Linking was cancelled at Google.', 'Back to Partner App'],
    Cancelled: ['Google was not linked', 'Nothing was linked.', 'Back to Partner App', '!Continue with Google'],
    Expired: ["This link can't be used", "It has expired or was opened already. Start linking again in the app's Security page.", '!Continue'],
    LoadFailed: ['This page could not be loaded. Check your connection and try again.', 'Try again'],
    DarkTheme: ['Link Google to this ID?', EMAIL],
    Review: ['Link this Google account?', 'You signed in to Google as:', 'ana.novak.private@gmail.example', 'From now on it will sign you in to this ID:', EMAIL, 'If this is not your ID, cancel', 'Link', 'Cancel', '!Continue with Google'],
    ReviewNoAddress: ['Link this Google account?', 'You signed in to Google. It gave no email address.', EMAIL, '!You signed in to Google as:'],
    AddressTaken: ['Google was not linked', 'The address of this Google account belongs to another ID. To link Google, sign in to that ID.', 'Back to Partner App'],
    Arabic: [EMAIL, 'Partner App', '!Continue with Google', '!Cancel'],
  },
  check(name) {
    expect(screen.getByRole('heading', { level: 1, hidden: true })).toBeInTheDocument();
    if (name === 'Confirm' || name === 'ContinueFailed') {
      expect(button('Continue with Google')).toBeEnabled();
      expect(button('Cancel')).toBeEnabled();
    }
    if (name === 'ContinueFailed') expect(screen.getByRole('alert', { hidden: true })).toBeInTheDocument();
    if (name === 'Review') {
      expect(button('Link')).toBeEnabled();
      expect(screen.getByTestId('app-link-provider-email')).toHaveAttribute('dir', 'ltr');
    }
    if (name === 'Taken' || name === 'Denied' || name === 'AddressTaken') expect(screen.getByRole('alert', { hidden: true })).toBeInTheDocument();
    if (name === 'Cancelled') expect(screen.queryByRole('alert', { hidden: true })).toBeNull();
    if (name === 'Linked' || name === 'Confirm') expect(screen.getByTestId('app-link-email')).toHaveAttribute('dir', 'ltr');
    if (name === 'LoadFailed') expect(button('Try again')).toBeEnabled();
  },
});
