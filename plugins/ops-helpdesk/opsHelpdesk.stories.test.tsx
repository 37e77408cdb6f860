import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './HelpdeskView.stories';

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('OpsHelpdesk HelpdeskView', stories, {
  expected: {
    Empty: ['Help desk', 'Email address', 'Find account', '!Account of'],
    Looking: ['Find account', '!Account of'],
    NoAccount: ['No account has the address nobody@example.com, in any region.', '!Account of'],
    LookupFailed: ['The console did not answer. Check your connection and try again.', '!Account of'],
    LockedAccount: ['Account of Ada Lovelace', 'Locked after wrong passwords until', 'Email code, Authenticator app', 'MacBook Touch ID', 'Recovery codes left', 'Contoso Engineering', 'Signed-in sessions', 'Account locked after failed attempts', 'Unlock', 'Revoke trusted browsers', '!Resend activation mail'],
    PendingAccount: ['Pending: not activated yet', 'Resend activation mail', 'No session is signed in.', 'No activity in the last 90 days.', '!Unlock'],
    AsViewer: ['Your role reads only. Help-desk actions need the Support or Admin role.', 'Contoso Engineering', '!Sign out all sessions'],
    UnlockDialog: ['Unlock ada.lovelace@example.com', 'Ends the lock after wrong passwords or verification codes', 'Reason'],
    RemoveTwoFactorDialog: ['Remove two-factor authentication of ada.lovelace@example.com', 'This is a dangerous action: you confirm it with your second factor.'],
    ActionFailed: ['Sign out ada.lovelace@example.com everywhere', 'The console did not answer.'],
    Arabic: ['مكتب المساعدة', 'Ada Lovelace', 'Contoso Engineering', 'قُفل الحساب بعد محاولات فاشلة', '!Help desk', '!Find account'],
  },
  check(name) {
    if (name === 'ActionFailed') expect(screen.getByDisplayValue('Lost laptop, ticket 12')).toBeInTheDocument();
    if (name === 'Looking') expect(document.querySelector('section[aria-busy="true"]')).not.toBeNull();
  },
});
