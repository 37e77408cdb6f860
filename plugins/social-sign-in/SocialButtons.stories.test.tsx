import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './SocialButtons.stories';

const FAILED = 'Google sign-in is not available right now. Try again, or sign in with your password.';

const names = () => screen.getAllByRole('button', { hidden: true }).map((button) => button.textContent);

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('SocialButtons', stories, {
  expected: {
    OneProvider: ['or continue with', 'Continue with Google', '!Continue with Microsoft', '!Continue with Apple', '!not available'],
    ThreeProviders: ['or continue with', 'Continue with Google', 'Continue with Microsoft', 'Continue with Apple', '!not available'],
    StartFailed: [FAILED, 'Continue with Google', 'Continue with Microsoft', 'Continue with Apple', '!This sign-in has expired'],
  },
  check(name) {
    if (name === 'OneProvider') expect(names()).toEqual(['Continue with Google']);
    if (name === 'ThreeProviders') expect(names()).toEqual(['Continue with Google', 'Continue with Microsoft', 'Continue with Apple']);
    if (name === 'StartFailed') {
      const alert = screen.getByRole('alert', { hidden: true });
      expect(alert).toHaveTextContent(FAILED);
      // Under the buttons, and the pressed one names it; nothing is left busy or disabled.
      const google = screen.getByRole('button', { name: 'Continue with Google', hidden: true });
      expect(google).toHaveAttribute('aria-describedby', alert.id);
      expect(google.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      for (const button of screen.getAllByRole('button', { hidden: true })) {
        expect(button).toBeEnabled();
        expect(button).not.toHaveAttribute('aria-busy');
      }
    } else expect(screen.queryByRole('alert', { hidden: true })).toBeNull();
  },
});
