import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './NewPasswordView.stories';

describeStoryStates('NewPasswordView', stories, {
  expected: {
    Checking: ['Checking the link…'],
    Form: ['Choose a new password', 'ana.novak@partner-example.com', 'Save password'],
    WeakPassword: ['Use 8 to 32 characters with no spaces; the password contains two of: letters, digits, symbols.'],
    Mismatch: ['Password and Confirm Password inconsistent!'],
    CommonPassword: ['This password is too common: it appears in lists of often used or leaked passwords. Please choose a different one.', 'Password strength: Weak (a commonly used password)'],
    Saving: [],
    SaveFailed: ['An unexpected error occurred.'],
    Done: ['Password changed', 'Sign in'],
    Expired: ['This link has expired', 'Send a new link'],
    Used: ['This link was already used', 'Send a new link'],
    NewLinkWait: ['You can request another one in 42 s.'],
    Invalid: ['This link does not work', 'Request a new link'],
    Missing: ['Open the link from your email', 'Request a new link'],
    CheckFailed: ['Try again'],
    RightToLeft: ['Choose a new password'],
    Arabic: ['اختر كلمة مرور جديدة', '!Choose a new password'],
  },
  async check(name, canvasElement) {
    if (name === 'Saving') expect(canvasElement.querySelector('button[aria-busy="true"]')).not.toBeNull();
    if (name === 'SaveFailed') expect(canvasElement.querySelector<HTMLInputElement>('input[name="password"]')?.value).toBe('Fresh-pass-2025');
    if (name === 'Mismatch') expect(screen.getByTestId('strength-meter')).toBeInTheDocument();
    if (name === 'NewLinkWait') expect(screen.getByRole('button', { name: 'Send a new link', hidden: true })).toBeDisabled();
  },
});
