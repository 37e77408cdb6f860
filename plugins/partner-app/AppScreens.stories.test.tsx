import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './AppScreens.stories';
import { appState } from './state';

describeStoryStates('partner-app', stories, {
  expected: {
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
  },
  check(name) {
    // The signed-out screen does not call the bridge again right after a sign-out.
    if (name === 'SignedOutWithoutBridge') expect(appState.signOut).toBe('missing');
  },
});
