import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './ProfilePage.stories';

describeStoryStates('ProfilePage', stories, {
  expected: {
    ViewMode: ['My Profile', 'Edit profile', 'Developer', 'Czechia', '(UTC+01:00) Europe/Prague', 'Do not upload company data or other brand files.', '!Your account information conflicts with another account.'],
    WithAvatar: ['Edit profile'],
    ViewModeEmptyFields: ['Not set'],
    EditMode: ['Edit profile', 'Save', 'Cancel'],
    EditNewPosition: ['New position'],
    ValidationErrors: ['This field is required', 'Enter 4 to 12 digits only (no spaces, + or dashes).', 'These characters are not allowed: " \' \\ ; : < > @'],
    Saving: ['Saving…'],
    SaveFailed: ['Invalid nickname.'],
    SaveFailedOnField: ['Invalid parameter.'],
    Conflict: ['Your account information conflicts with another account.', 'Your first and last name are missing.'],
    AvatarUploading: ['Uploading avatar…'],
    AvatarError: ['The avatar is too large (max 1 MB).'],
    AvatarWrongType: ['Choose a PNG or JPG image.'],
    AvatarNotAnImage: ['This file is not a real PNG or JPG image. Choose another picture.'],
    Loading: ['Loading your profile'],
    LoadFailed: ['Your profile could not be loaded.', 'Try again'],
    LongValues: ['Senior Regional Director of Strategic Partner Enablement and Channel Development'],
    LongValuesEditing: ['New position', 'Save'],
    RightToLeft: ['Edit profile'],
    RightToLeftEditing: ['Save'],
    Arabic: ['تعديل الملف الشخصي', '!Edit profile'],
    ArabicEditing: ['حفظ', '!Save'],
    DarkTheme: ['Save'],
  },
  check(name, canvasElement) {
    if (name === 'Saving' || name === 'AvatarUploading') expect(canvasElement.querySelector('button[aria-busy="true"]')).not.toBeNull();
    if (name === 'WithAvatar') expect(screen.getByRole('img', { name: 'Avatar of Ana Novák' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml,/));
    if (name === 'SaveFailed') expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAttribute('aria-invalid', 'true');
  },
});
