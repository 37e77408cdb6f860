import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates, resetRegionWhiteList } from '@portal/plugin-api/testing';
import * as stories from './EnterpriseView.stories';

const PROOF_SECRET = 'Zk3vQ9mX2pL7rT4wY8sN1bH6cJ0dF5gA_uE-kR2qW9o';
const CREATE_INTRO = 'Contoso Demo Ltd signed you in as ada@contoso.example. You have no ID yet: check your details to create one.';

const value = (root: HTMLElement, autoComplete: string) => root.querySelector<HTMLInputElement>(`input[autocomplete="${autoComplete}"]`)?.value;

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('EnterpriseView', stories, {
  expected: {
    Finishing: ['Finishing your sign-in with your company…', '!Back to sign-in', `!${PROOF_SECRET}`],
    Link: ['Link your company sign-in', 'There is already an ID for ada@contoso.example. Enter its password once to link it to your Contoso Demo Ltd sign-in.', 'Password of your ID', 'Link and sign in', 'Back to sign-in', `!${PROOF_SECRET}`],
    LinkWrongPassword: ['Link your company sign-in', 'Incorrect ID or password.'],
    Create: ['Create your ID', CREATE_INTRO, 'First name', 'Last name', 'Country/region', 'I have read and accept the privacy policy.', 'Read the privacy policy', 'Create ID and sign in', '!This field is required', `!${PROOF_SECRET}`],
    CreateMissingFields: ['This field is required', 'Accept the privacy policy to create your ID.'],
    FailedDenied: ['The sign-in at your company was cancelled.', 'Back to sign-in', '!Create your ID'],
    FailedProvider: ["Your company's sign-in did not work. Try again, or ask your company's IT team.", 'Back to sign-in'],
    FailedInvalid: ['This sign-in has expired or was used already. Please start again.', 'Back to sign-in'],
    // The core's texts (the country list's storage hint) in Arabic, the mirrored layout.
    Arabic: ['ستُخزَّن بياناتك في', '!Your data will be stored in'],
  },
  reset: resetRegionWhiteList,
  check(name, canvasElement) {
    if (name === 'Create' || name === 'Arabic') {
      expect(value(canvasElement, 'given-name')).toBe('Ada');
      expect(value(canvasElement, 'family-name')).toBe('Lovelace');
      expect(canvasElement.querySelector('input[role="combobox"]')).not.toBeDisabled();
      expect(canvasElement.querySelector('input[type="checkbox"]')).not.toBeChecked();
      expect(canvasElement.querySelector('a[href="/demo-service/privacy.html"]')).toHaveAttribute('target', '_blank');
    }
    if (name === 'Create') expect(canvasElement.querySelector('input[role="combobox"]')).toHaveValue('Germany');
    if (name === 'Arabic') expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    if (name === 'CreateMissingFields') {
      expect(value(canvasElement, 'given-name')).toBe('');
      expect(canvasElement.querySelector('input[autocomplete="given-name"]')).toHaveAttribute('aria-invalid', 'true');
      expect(canvasElement.querySelector('input[autocomplete="family-name"]')).toHaveAttribute('aria-invalid', 'true');
      expect(canvasElement.querySelector('input[type="checkbox"]')).toHaveAttribute('aria-invalid', 'true');
      // The company's country stays chosen: no error on it.
      expect(canvasElement.querySelector('input[role="combobox"]')).not.toHaveAttribute('aria-invalid');
    }
    if (name === 'Link' || name === 'LinkWrongPassword') {
      expect(canvasElement.querySelector('input[autocomplete="username"]')).toHaveValue('ada@contoso.example');
      expect(screen.getByRole('button', { name: 'Link and sign in', hidden: true })).toBeDisabled();
    }
    if (name === 'LinkWrongPassword') expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent('Incorrect ID or password.');
    if (name.startsWith('Failed')) expect(screen.getByRole('alert', { hidden: true })).toBeInTheDocument();
  },
});
