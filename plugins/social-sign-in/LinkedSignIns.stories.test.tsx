import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './LinkedSignIns.stories';

const NO_PASSWORD = 'Your ID has no password yet: you sign in with a linked account. To set one, use Forgot password on the sign-in page.';
const LAST_WAY_IN = 'This is your only way to sign in. Set a password first (Forgot password on the sign-in page), or add a passkey.';

const button = (name: string) => screen.queryByRole('button', { name, hidden: true });

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('LinkedSignIns', stories, {
  expected: {
    None: ['Linked sign-ins', 'Accounts at other providers that sign you in to your ID.', 'No other account is linked.', 'Link Google', '!Linked on', '!Your ID has no password yet'],
    Linked: ['Linked sign-ins', 'Google', 'Linked on Apr 2, 2024', 'Contoso Demo Ltd (company sign-in)', 'Linked on Mar 14, 2024', 'Your company requires this sign-in.', 'Link Microsoft', '!No other account is linked.', '!Link Google', '!Your ID has no password yet', '!Unlock the page to link or unlink.'],
    NoPassword: [NO_PASSWORD, 'Google', 'Linked on Apr 2, 2024', '!Link Google', '!Link Microsoft'],
    Locked: ['Google', 'Contoso Demo Ltd (company sign-in)', 'Link Microsoft', 'Unlock the page to link or unlink.'],
    ConfirmUnlink: ['Unlink Google? It will no longer sign you in.', 'Cancel', 'Contoso Demo Ltd (company sign-in)'],
    LastWayIn: [LAST_WAY_IN, 'Google', '!It will no longer sign you in.'],
    LoadFailed: ['The linked sign-ins could not be loaded.', 'Try again', '!Linked on', '!No other account is linked.'],
    InApp: ['Google', 'Contoso Demo Ltd (company sign-in)', 'Link Microsoft', '!Link Google', '!in your browser'],
    InAppAwaiting: ['Finish linking Microsoft in your browser, then come back to this app.', 'Check again', 'Link Microsoft'],
    InAppNoBrowser: ['This app could not open your browser to link Microsoft.', '!Finish linking'],
    Arabic: ['طرق تسجيل الدخول المرتبطة', 'لن تتمكن بعد ذلك من تسجيل الدخول بهذه الطريقة.', 'إلغاء الربط', 'إلغاء', 'تاريخ الربط:', '!It will no longer sign you in.', '!Cancel', '!Linked on'],
  },
  check(name, canvasElement) {
    if (name !== 'Arabic') expect(screen.getByRole('heading', { level: 2, hidden: true })).toHaveTextContent('Linked sign-ins');
    if (name === 'None') expect(button('Link Google')).toBeEnabled();
    if (name === 'Linked' || name === 'InApp') {
      expect(canvasElement.querySelectorAll('li')).toHaveLength(2);
      expect(button('Unlink Google')).toBeEnabled();
      // The company's sign-in is not removable: no button for it.
      expect(button('Unlink Contoso Demo Ltd (company sign-in)')).toBeNull();
    }
    if (name === 'Linked' || name === 'InApp') expect(button('Link Microsoft')).toBeEnabled();
    if (name === 'InAppAwaiting') expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('Finish linking Microsoft in your browser');
    if (name === 'Locked') {
      expect(button('Unlink Google')).toBeDisabled();
      expect(button('Link Microsoft')).toBeDisabled();
      expect(button('Unlink Google')).toHaveAttribute('aria-describedby', 'linked-sign-ins-locked');
    }
    if (name === 'Arabic') expect(canvasElement.querySelector('li [role="group"]')).not.toBeNull();
    if (name === 'ConfirmUnlink') {
      expect(screen.getByRole('group', { name: 'Unlink Google? It will no longer sign you in.', hidden: true })).toBeInTheDocument();
      expect(button('Unlink Google')).toBeNull();
      expect(button('Unlink')).toBeEnabled();
      expect(button('Cancel')).toBeEnabled();
    }
    if (name === 'Arabic') expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    if (name === 'LastWayIn') {
      expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent(LAST_WAY_IN);
      // The question is closed, the row as it was.
      expect(screen.queryByRole('group', { hidden: true })).toBeNull();
      expect(button('Unlink Google')).toBeEnabled();
    }
    if (name === 'LoadFailed') {
      expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent('The linked sign-ins could not be loaded.');
      expect(button('Try again')).toBeEnabled();
    }
    if (name === 'InAppNoBrowser') expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent('This app could not open your browser to link Microsoft.');
    if (name !== 'LastWayIn' && name !== 'LoadFailed' && name !== 'InAppNoBrowser') expect(screen.queryByRole('alert', { hidden: true })).toBeNull();
  },
});
