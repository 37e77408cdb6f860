import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../core/testing/Providers';
import * as stories from './ProfilePage.stories';

setProjectAnnotations({ decorators: [(Story) => <Providers>{Story()}</Providers>] });
const composed = composeStories(stories);

/** What each story must show once its play function has finished. */
const expected: Record<keyof typeof composed, string[]> = {
  ViewMode: ['My Profile', 'Edit profile', 'Developer', 'Czechia', '(UTC+01:00) Europe/Prague', 'Do not upload company data or other brand files.'],
  WithAvatar: ['Edit profile'],
  ViewModeEmptyFields: ['Not set'],
  EditMode: ['Edit profile', 'Save', 'Cancel'],
  EditNewPosition: ['New position'],
  ValidationErrors: ['This field is required', 'Enter 4 to 12 digits.', 'These characters are not allowed: " \' \\ ; : < > @'],
  Saving: ['Saving…'],
  SaveFailed: ['Invalid nickname.'],
  SaveFailedOnField: ['Invalid parameter.'],
  Conflict: ['Your account information conflicts with another account.', 'Your first and last name are missing.'],
  AvatarUploading: ['Uploading avatar…'],
  AvatarError: ['The avatar is too large (max 1 MB).'],
  AvatarWrongType: ['Choose a PNG or JPG image.'],
  Loading: ['Loading your profile'],
  LoadFailed: ['Your profile could not be loaded.', 'Try again'],
  LongValues: ['Senior Regional Director of Strategic Partner Enablement and Channel Development'],
  LongValuesEditing: ['New position', 'Save'],
  RightToLeft: ['Edit profile'],
  RightToLeftEditing: ['Save'],
  DarkTheme: ['Save'],
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

describe('ProfilePage stories', () => {
  it.each(Object.keys(composed) as Array<keyof typeof composed>)('%s renders its state', async (name) => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed[name].run({ canvasElement });
    await waitFor(() => {
      for (const text of expected[name]) expect(document.body.textContent).toContain(text);
    });
    if (name === 'Saving' || name === 'AvatarUploading') expect(canvasElement.querySelector('button[aria-busy="true"]')).not.toBeNull();
    if (name === 'WithAvatar') expect(screen.getByRole('img', { name: 'Avatar of Ana Novák' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml,/));
    if (name === 'SaveFailed') expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAttribute('aria-invalid', 'true');
    if (name === 'ViewMode') expect(screen.queryByText('Your account information conflicts with another account.')).toBeNull();
  });
});
