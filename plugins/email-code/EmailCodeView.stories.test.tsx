import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './EmailCodeView.stories';

const TOKEN_PART = 'S'.repeat(43);

describeStoryStates('EmailCodeView', stories, {
  expected: {
    CodeEntry: ['Check your email', 'We sent a 6-digit code to ana.novak@partner-example.com. It is valid for 10 minutes.', 'Send a new code', 'Back to sign-in'],
    WrongCode: ['Incorrect code. 3 attempts left.'],
    LastAttempt: ['Incorrect code. One more failed attempt locks your account for 15 min.'],
    ExpiredCode: ['This code has expired or a newer one was sent. Send a new code.'],
    ResendCountdown: ['Send a new code in 42 s'],
    ResendRateLimited: ['You asked for a code a moment ago. Try again in 37 s.'],
    LinkSigningIn: ['Signing you in…', `!${TOKEN_PART}`],
    LinkExpired: ['This link has expired or was already used', 'Email me a code', `!${TOKEN_PART}`],
    LinkOtherBrowser: ['Open this link where you asked for the code', 'works only in the browser where you asked for the code', 'Email me a code', '!This link has expired', `!${TOKEN_PART}`],
    SendMode: ['Sign in with a code by email', 'Email me a code'],
    Submitting: [],
    RightToLeft: ['3 attempts left.'],
    ClientTheme: ['Check your email'],
    DarkTheme: ['Incorrect code. 3 attempts left.'],
    Arabic: ['تحقق من بريدك الإلكتروني', 'الرمز غير صحيح.', '!Check your email'],
  },
  check(name, canvasElement) {
    const code = canvasElement.querySelector<HTMLInputElement>('input[name="emailCode"]');
    if (['WrongCode', 'LastAttempt', 'DarkTheme', 'RightToLeft'].includes(name)) expect(code).toHaveValue('111111');
    if (name === 'WrongCode') expect(code).toHaveAttribute('aria-invalid', 'true');
    if (name === 'ResendCountdown') expect(screen.getByRole('button', { name: 'Send a new code in 42 s', hidden: true })).toBeDisabled();
    if (name === 'LinkExpired') expect(screen.getByRole('textbox', { name: /^Email/, hidden: true })).toHaveValue('ana.novak@partner-example.com');
    if (name === 'SendMode') expect(screen.getByRole('textbox', { name: /^Email/, hidden: true })).toHaveValue('ana.novak@partner-example.com');
    if (name === 'Submitting') expect(canvasElement.querySelector('button[aria-busy="true"]')).not.toBeNull();
  },
});
