import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as editorStories from './ServiceEditor.stories';
import * as viewStories from './ServicesView.stories';

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('OpsServices ServicesView', viewStories, {
  expected: {
    AsOperator: ['Services', 'Billing', 'Confidential', 'Public', 'New service', 'Served from version 7 of the services.'],
    AsViewer: ['View', '!New service'],
    Loading: ['Loading…', '!Billing'],
    LoadFailed: ['The console did not answer. Check your connection and try again.', 'Try again'],
    Empty: ['No service is connected yet.'],
    NewFromList: ['New service', 'Connection', 'Live preview', 'Create service'],
    Arabic: ['الخدمات', 'سرّي', '!Confidential'],
  },
});

describeStoryStates('OpsServices ServiceEditor', editorStories, {
  expected: {
    New: ['New service', 'Client ID', 'Redirect URIs', 'Live preview', 'Show in Arabic (right to left)', '375 px wide', '1,366 px wide', 'Create service'],
    Required: ['Enter the client ID.', "Enter the service's name.", 'Enter at least one redirect URI.', 'Say why, in a few words. It goes into the audit log.'],
    Editing: ['Service Billing', 'All text colours reach WCAG AA contrast.', 'New secret', 'Slide 1', 'Save changes'],
    ContrastFails: ['These colours do not reach WCAG AA contrast (4.5:1):', 'Use it', '!All text colours reach'],
    ReadOnly: ['Your role can read this service but not change it.', '!Save changes', '!New secret'],
    SecretShown: ['Secret of billing', 'I have stored it', 'Copy'],
    Rotate: ['New secret for billing', 'The old secret keeps working', 'Make the secret'],
    Arabic: ['لا تبلغ هذه الألوان تباين WCAG AA', '!These colours do not reach'],
  },
  check(name) {
    if (name === 'ContrastFails') expect(screen.getAllByRole('button', { name: /^Use #[0-9a-f]{6} for / }).length).toBeGreaterThan(0);
  },
});
