import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../core/testing/Providers';
import * as stories from './PrivacyNoticeDialog.stories';

setProjectAnnotations({ decorators: [(Story) => <Providers>{Story()}</Providers>] });
const composed = composeStories(stories);

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('privacy notice stories', () => {
  it.each(Object.keys(composed) as Array<keyof typeof composed>)('%s renders its state', async (name) => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed[name].run({ canvasElement });
    expect(document.body.textContent).toContain('We have updated our privacy policy.');
    expect(document.querySelector('button[aria-label="Close"]')).toBeNull();
    const link = document.querySelector('a[target="_blank"]');
    if (name === 'WithoutLink') expect(link).toBeNull();
    else expect(link?.getAttribute('href')).toBe('https://vendor.example/privacy');
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'I acknowledge');
    expect(button?.getAttribute('aria-busy')).toBe(name === 'Acknowledging' ? 'true' : null);
  });
});
