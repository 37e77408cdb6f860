import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './EmailCodeMethod.stories';

describeStoryStates('EmailCodeMethod', stories, {
  expected: {
    Idle: ['Email me a sign-in code', '!Type your email address above first.'],
    EmailMissing: ['Type your email address above first.'],
    Sending: [],
    RateLimited: ['You asked for a code a moment ago. Try again in 42 s.'],
  },
  check(name, canvasElement) {
    if (name === 'Sending') expect(canvasElement.querySelector('button[aria-busy="true"]')).not.toBeNull();
    if (name === 'RateLimited') expect(canvasElement.querySelector('button')).toBeDisabled();
  },
});
