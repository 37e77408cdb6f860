import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../core/testing/Providers';
import * as stories from './CaptchaDialog.stories';

setProjectAnnotations({ decorators: [(Story) => <Providers>{Story()}</Providers>] });
const composed = composeStories(stories);

/** The live region's text in each story ('' when the frame is ready and nothing failed). */
const status: Record<keyof typeof composed, string> = {
  Loading: 'Loading the puzzle…',
  Loaded: '',
  Failed: 'That did not fit. A new puzzle is ready: please try again.',
  FailedDarkTheme: 'That did not fit. A new puzzle is ready: please try again.',
};

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('captcha dialog stories', () => {
  it.each(Object.keys(composed) as Array<keyof typeof composed>)('%s renders its state', async (name) => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed[name].run({ canvasElement });
    expect(document.querySelector('[role="dialog"] h2')?.textContent).toBe('Security verification');
    const iframe = document.querySelector('iframe')!;
    expect(iframe.getAttribute('src')).toBe('about:blank');
    expect(iframe.style.visibility || getComputedStyle(iframe).visibility).toBe(name === 'Loading' ? 'hidden' : 'visible');
    expect(document.querySelector('[role="status"]')?.textContent).toBe(status[name]);
  });
});
