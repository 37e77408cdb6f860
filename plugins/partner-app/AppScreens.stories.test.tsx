import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../core/testing/Providers';
import * as stories from './AppScreens.stories';
import { appState } from './state';

setProjectAnnotations({ decorators: [(Story) => <Providers>{Story()}</Providers>] });
const composed = composeStories(stories);

/** What each story must show. */
const expected: Record<keyof typeof composed, string[]> = {
  UnknownApp: ["This page can't open here", "isn't one the portal supports", 'Close this page and open it again from the app.'],
  OtherApp: ['belongs to a different partner app'],
  NotFromApp: ['meant to be opened from the partner app'],
  IncompleteSignIn: ["didn't hand over a complete sign-in"],
  SessionRefused: ["couldn't be continued here"],
  SignedOut: ["You're signed out", "Opening the app's sign-in screen…", "Go to the app's sign-in"],
  SignedOutWithoutBridge: ["isn't connected to the app", "Go to the app's sign-in"],
  SignedOutBridgeFailed: ["The app didn't respond."],
  ProblemRightToLeft: ["This page can't open here"],
  AccountShellInApp: ['My Profile', 'Security', 'Sign out'],
};

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
});
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('partner-app stories', () => {
  it.each(Object.keys(composed) as Array<keyof typeof composed>)('%s renders its state', async (name) => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed[name].run({ canvasElement });
    await waitFor(() => {
      for (const text of expected[name]) expect(document.body.textContent).toContain(text);
    });
  });

  it('the signed-out screen does not call the bridge again right after a sign-out', async () => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed.SignedOutWithoutBridge.run({ canvasElement });
    await waitFor(() => expect(document.body.textContent).toContain("isn't connected to the app"));
    expect(appState.signOut).toBe('missing');
  });
});
