import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './PasskeyAloneStep.stories';

describeStoryStates('PasskeyAloneStep', stories, {
  expected: {
    Asked: ['Two-step verification', 'This service asks for a second step. Confirm with a passkey of this account to finish signing in.', 'Confirm with a passkey', 'Back to sign in', '!Use a passkey instead', '!Verify'],
    Refused: ['This passkey was not accepted. Use one of this account’s passkeys.', '!enter a code'],
    WithoutWebAuthn: ['This browser cannot use passkeys. Sign in on a device that has your passkey.', 'Back to sign in'],
    Arabic: ['التحقق بخطوتين', 'التأكيد باستخدام مفتاح مرور', '!Confirm with a passkey'],
  },
  check(name, canvasElement) {
    // No code boxes and no method choice: the passkey is the one way on.
    expect(canvasElement.querySelector('input')).toBeNull();
    if (name === 'WithoutWebAuthn') expect(canvasElement.querySelectorAll('button')).toHaveLength(1);
    // The step's heading has the focus (the sign-in button that led here is gone).
    if (name === 'Asked') expect(document.activeElement).toBe(canvasElement.querySelector('h1'));
  },
});
