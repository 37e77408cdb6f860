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
  ArabicLoading: 'جارٍ تحميل اللغز…',
};
const title = (name: string) => (name.startsWith('Arabic') ? 'التحقق الأمني' : 'Security verification');

describeStoryStates('CaptchaDialog', stories, {
  expected: { Loading: [], Loaded: [], Failed: [], FailedDarkTheme: [], ClientTheme: [], ArabicLoading: [] },
  check(name) {
    expect(document.querySelector('[role="dialog"] h2')?.textContent).toBe(title(name));
    const iframe = document.querySelector('iframe')!;
    expect(iframe.getAttribute('src')).toBe('about:blank');
    const loading = name.endsWith('Loading');
    expect(iframe.style.visibility || getComputedStyle(iframe).visibility).toBe(loading ? 'hidden' : 'visible');
    const live = document.querySelector<HTMLElement>('[role="status"]')!;
    expect(live.textContent).toBe(status[name]);
    // No band under the frame: the live region is read out, not drawn (the frame shows its own status
    // line, the loading text sits on the spinner).
    expect(getComputedStyle(live).position).toBe('absolute');
    expect(getComputedStyle(live).width).toBe('1px');
    // The frame reaches into the dialog's side padding, so the slider handle's focus ring is not cut at 375 px.
    const box = iframe.parentElement!;
    expect(getComputedStyle(box).getPropertyValue('margin-inline')).toBe('-20px');
    if (loading) expect(box.textContent).toContain(status[name]);
  },
});
