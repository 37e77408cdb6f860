import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './CaptchaDialog.stories';

/** The live region's text in each story ('' when the frame is ready and nothing failed). */
const status: Record<string, string> = {
  Loading: 'Loading the puzzle…',
  Loaded: '',
  Failed: 'That did not fit. A new puzzle is ready: please try again.',
  FailedDarkTheme: 'That did not fit. A new puzzle is ready: please try again.',
  ClientTheme: 'That did not fit. A new puzzle is ready: please try again.',
};

describeStoryStates('CaptchaDialog', stories, {
  expected: { Loading: [], Loaded: [], Failed: [], FailedDarkTheme: [], ClientTheme: [] },
  check(name) {
    expect(document.querySelector('[role="dialog"] h2')?.textContent).toBe('Security verification');
    const iframe = document.querySelector('iframe')!;
    expect(iframe.getAttribute('src')).toBe('about:blank');
    expect(iframe.style.visibility || getComputedStyle(iframe).visibility).toBe(name === 'Loading' ? 'hidden' : 'visible');
    expect(document.querySelector('[role="status"]')?.textContent).toBe(status[name]);
  },
});
