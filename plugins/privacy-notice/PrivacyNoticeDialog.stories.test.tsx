import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './PrivacyNoticeDialog.stories';

const notice = ['We have updated our privacy policy.'];

describeStoryStates('PrivacyNoticeDialog', stories, {
  expected: { Notice: notice, WithoutLink: notice, Acknowledging: notice, DarkTheme: notice, ClientTheme: notice },
  check(name) {
    // It cannot be dismissed but by acknowledging.
    expect(document.querySelector('button[aria-label="Close"]')).toBeNull();
    const link = document.querySelector('a[target="_blank"]');
    if (name === 'WithoutLink') expect(link).toBeNull();
    else expect(link?.getAttribute('href')).toBe('https://vendor.example/privacy');
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'I acknowledge');
    expect(button?.getAttribute('aria-busy')).toBe(name === 'Acknowledging' ? 'true' : null);
  },
});
