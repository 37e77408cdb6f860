import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates, resetRegionWhiteList } from '@portal/plugin-api/testing';
import * as stories from './SocialView.stories';

const PROOF_SECRET = 'Qx7vN2mK9pL4rT8wY3sB6hJ1cF0dG5aZ_uE-kR2qW9o';
const LINK_INTRO = 'There is already an ID for ada.lovelace@example.com. Enter its password once to link your Google account to it. After that, Google signs you in.';
const CREATE_INTRO = 'Google signed you in as ada.lovelace@example.com. You have no ID yet: choose where you are and check your details to create one.';

const value = (root: HTMLElement, autoComplete: string) => root.querySelector<HTMLInputElement>(`input[autocomplete="${autoComplete}"]`)?.value;

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('SocialView', stories, {
  expected: {
    Finishing: ['Finishing your sign-in with Google…', '!Back to sign-in', '!Link your Google account', '!Create your ID', `!${PROOF_SECRET}`],
    Link: ['Link your Google account', LINK_INTRO, 'Password of your ID', 'Link and sign in', 'Back to sign-in', '!Finishing your sign-in', `!${PROOF_SECRET}`],
    Create: ['Create your ID', CREATE_INTRO, 'First name', 'Last name', 'Country/region', 'I have read and accept the privacy policy.', 'Read the privacy policy', 'Create ID and sign in', 'Back to sign-in', '!This field is required', `!${PROOF_SECRET}`],
    CreateRefused: ['Create your ID', 'The country/region code is invalid.', 'Create ID and sign in', '!Accept the privacy policy to create your ID.', '!This field is required'],
    FailedDenied: ['Sign in with Google', 'The sign-in at Google was cancelled.', 'Back to sign-in', '!Create your ID', '!Finishing your sign-in'],
    FailedProvider: ['Sign in with Google', 'The sign-in at Google did not work. Please try again.', 'Back to sign-in'],
    FailedUnverified: ['Sign in with Google', 'Google did not confirm your email address. Sign in with your password, or confirm your address at Google first.', 'Back to sign-in'],
    FailedExpired: ['Sign in with Google', 'The sign-in took too long. Please start again.', 'Back to sign-in'],
    FailedInvalid: ['Sign-in with another account', 'This sign-in has expired or was used already. Please start again.', 'Back to sign-in', '!Google'],
    FailedUnnamed: ['Sign-in with another account', 'The sign-in was cancelled.', 'Back to sign-in', '!Google', '!{{provider}}'],
    // The view's and the core's texts (the country list's storage hint) in Arabic, the mirrored layout.
    Arabic: ['أنشئ معرّفك', 'إنشاء المعرّف وتسجيل الدخول', 'تحدد دولتك/منطقتك مكان تخزين بيانات حسابك.', '!Create your ID', '!Your country/region decides where your account data is stored.'],
  },
  reset: resetRegionWhiteList,
  check(name, canvasElement) {
    if (name === 'Finishing') expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('Finishing your sign-in with Google…');
    if (name === 'Create' || name === 'CreateRefused' || name === 'Arabic') {
      expect(value(canvasElement, 'given-name')).toBe('Ada');
      expect(value(canvasElement, 'family-name')).toBe('Lovelace');
      expect(canvasElement.querySelector('input[role="combobox"]')).not.toBeDisabled();
      expect(canvasElement.querySelector('a[href="/demo-service/privacy.html"]')).toHaveAttribute('target', '_blank');
    }
    if (name === 'Create' || name === 'Arabic') {
      // No country of its own from the provider: the person picks one.
      expect(canvasElement.querySelector('input[role="combobox"]')).toHaveValue('');
      expect(canvasElement.querySelector('input[type="checkbox"]')).not.toBeChecked();
    }
    if (name === 'CreateRefused') {
      expect(canvasElement.querySelector('input[role="combobox"]')).toHaveValue('Germany');
      expect(canvasElement.querySelector('input[type="checkbox"]')).toBeChecked();
      const alert = screen.getByRole('alert', { hidden: true });
      expect(alert).toHaveTextContent('The country/region code is invalid.');
      // Above the button, the form kept and ready to send again.
      const submit = screen.getByRole('button', { name: 'Create ID and sign in', hidden: true });
      expect(alert.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(submit).not.toHaveAttribute('aria-busy');
    }
    if (name === 'Link') {
      expect(canvasElement.querySelector('input[autocomplete="username"]')).toHaveValue('ada.lovelace@example.com');
      expect(screen.getByRole('button', { name: 'Link and sign in', hidden: true })).toBeDisabled();
      expect(screen.getByRole('heading', { level: 1, hidden: true })).toHaveTextContent('Link your Google account');
    }
    if (name === 'Arabic') expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    if (name.startsWith('Failed')) {
      expect(screen.getByRole('alert', { hidden: true })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Back to sign-in', hidden: true })).toBeEnabled();
    }
  },
});
