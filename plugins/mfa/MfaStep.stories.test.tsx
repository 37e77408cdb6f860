import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../core/testing/Providers';
import { closeAllModals } from '../../core/ui/modalStore';
import * as stories from './MfaStep.stories';

setProjectAnnotations({ decorators: [(Story) => <Providers>{Story()}</Providers>] });
const composed = composeStories(stories);

/** What each story must show once its play function has finished (so a story cannot silently show the wrong state). */
const expected: Record<keyof typeof composed, string[]> = {
  TotpOnly: ['Authenticator app', 'Open your authenticator app'],
  EmailOnly: ['We sent a 6-digit code to an***@partner-example.com', 'Resend code in 60 s'],
  Both: ['Verification method', 'Authenticator appPrimary', 'Email code'],
  BothSwitchedToEmail: ['We sent a 6-digit code', 'Resend code in 60 s'],
  CodeRequired: ['This field is required'],
  IncompleteCode: ['Enter the 6-digit code.'],
  Submitting: [],
  WrongCode: ['The verification code is incorrect. Attempts left: 3.'],
  ResendTip: ['Please resend the code'],
  Locked: ['Verification is locked for 10 minutes'],
  AuthenticatorKeyExpired: ['Verify with an email code instead.', 'Use an email code'],
  AuthenticatorKeyExpiredTotpOnly: ['Please contact support'],
  ProcessExpired: ['This verification has expired. Please sign in again.'],
  MethodDisabled: ['This verification method is disabled.'],
  RightToLeft: ['Verification method'],
};

// Stories run as in the browser (play functions drive them), not inside act().
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});

afterEach(() => {
  cleanup();
  closeAllModals();
  document.body.replaceChildren();
});

describe('MfaStep stories', () => {
  it.each(Object.keys(composed) as Array<keyof typeof composed>)('%s renders its state', async (name) => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed[name].run({ canvasElement });
    for (const text of expected[name]) expect(document.body.textContent).toContain(text);
    if (name === 'Submitting') expect(canvasElement.querySelector('button[aria-busy="true"]')).not.toBeNull();
  });
});
