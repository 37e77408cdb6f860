import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../core/testing/Providers';
import * as stories from './ResetView.stories';

setProjectAnnotations({ decorators: [(Story) => <Providers>{Story()}</Providers>] });
const composed = composeStories(stories);

/** What each story must show once its play function has finished. */
const expected: Record<keyof typeof composed, string[]> = {
  Empty: ['Reset your password', 'Back to sign in'],
  Filled: ['Reset your password'],
  WithoutSignIn: ['Reset your password'],
  InvalidEmail: ['Enter a valid email address.'],
  EmailError: ['This user does not exist.'],
  WaitCountdown: ['You can request another one in 42 s.'],
  MailFailedDialog: ['The password reset email could not be sent.', 'Contact support'],
  OtherError: ['An unexpected error occurred. Please try again later.'],
  Submitting: [],
  RightToLeft: ['in 42 s'],
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
  document.body.replaceChildren();
});

describe('ResetView stories', () => {
  it.each(Object.keys(composed) as Array<keyof typeof composed>)('%s renders its state', async (name) => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed[name].run({ canvasElement });
    for (const text of expected[name]) expect(document.body.textContent).toContain(text);
    const email = screen.getByRole('textbox', { name: 'Email', hidden: true });
    if (name === 'Empty') expect(email).toHaveValue('');
    else expect(email).not.toHaveValue('');
    if (name === 'WithoutSignIn') expect(screen.queryByRole('button', { name: 'Back to sign in' })).toBeNull();
    if (name === 'Submitting') expect(canvasElement.querySelector('button[aria-busy="true"]')).not.toBeNull();
    if (name === 'MailFailedDialog') await waitFor(() => expect(screen.getByRole('alertdialog')).toBeInTheDocument());
  });
});
