import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './ResetView.stories';

describeStoryStates('ResetView', stories, {
  expected: {
    Empty: ['Reset your password', 'Back to sign in'],
    Filled: ['Reset your password'],
    ClientTheme: ['Reset your password'],
    WithoutSignIn: ['Reset your password'],
    InvalidEmail: ['Enter a valid email address.'],
    EmailError: ['This user does not exist.'],
    WaitCountdown: ['You can request another one in 42 s.'],
    MailFailedDialog: ['The password reset email could not be sent.', 'Contact support'],
    OtherError: ['An unexpected error occurred. Please try again later.'],
    Submitting: [],
    RightToLeft: ['in 42 s'],
    Arabic: ['إعادة تعيين كلمة المرور', 'العودة إلى تسجيل الدخول', '!Reset your password'],
  },
  async check(name, canvasElement) {
    const email = screen.getByRole('textbox', { name: name === 'Arabic' ? 'البريد الإلكتروني' : 'Email', hidden: true });
    if (name === 'Empty') expect(email).toHaveValue('');
    else expect(email).not.toHaveValue('');
    if (name === 'WithoutSignIn') expect(screen.queryByRole('button', { name: 'Back to sign in' })).toBeNull();
    if (name === 'Submitting') expect(canvasElement.querySelector('button[aria-busy="true"]')).not.toBeNull();
    if (name === 'MailFailedDialog') await waitFor(() => expect(screen.getByRole('alertdialog')).toBeInTheDocument());
  },
});
