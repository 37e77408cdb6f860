import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as auditStories from './AuditView.stories';
import * as confirmStories from './ConfirmDialog.stories';
import * as appStories from './ConsoleApp.stories';
import * as enrolStories from './EnrolView.stories';
import * as operatorStories from './OperatorsView.stories';
import * as signInStories from './SignInView.stories';

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('OpsConsole SignInView', signInStories, {
  expected: {
    Empty: ['Sign in to the ops console', 'Email address', 'Password', 'Continue', '!Wrong email address'],
    Required: ['Enter your email address.', 'Enter your password.'],
    WrongPassword: ['Wrong email address or password.', 'Sign in to the ops console'],
    SecondStepPasskeyAndCode: ["Confirm it's you", 'Use your passkey, or enter the 6-digit code', 'Use passkey', '6-digit code', 'Verify', 'Start over'],
    SecondStepCodeOnly: ['Enter the 6-digit code from your authenticator app.', 'Verify', '!Use passkey'],
    SecondStepPasskeyOnly: ['Use the passkey you set up for the console.', 'Use passkey', '!Verify'],
    NoSecondFactor: ['This operator has no second factor.', '!Use passkey', '!Verify'],
    Arabic: ['تسجيل الدخول إلى وحدة تحكم العمليات', 'متابعة', '!Sign in to the ops console', '!Continue'],
    ArabicSecondStep: ['أكّد هويتك', 'استخدام مفتاح المرور', "!Confirm it's you", '!Use passkey'],
  },
  check(name) {
    if (name === 'SecondStepCodeOnly') expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
  },
});

describeStoryStates('OpsConsole EnrolView', enrolStories, {
  expected: {
    CheckingLink: ['Checking your invitation…'],
    InvalidLink: ['This invitation link is not valid any more. Ask an administrator for a new one.', '!New password'],
    Ready: ['Set up your operator account', 'You are invited as Viewer with the address vik.viewer@vendor.example.', 'New password', 'Repeat the password', 'Create passkey and finish', '!JBSWY3DP'],
    PasswordTooShort: ['At least 12 characters, not all the same.', 'Create passkey and finish'],
    AuthenticatorApp: ['Add this key to your authenticator app', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'Open in an authenticator app on this device', 'Finish', '!Create passkey and finish'],
    Arabic: ['إعداد حساب المشغّل', 'vik.viewer@vendor.example', '!Set up your operator account'],
    ArabicAuthenticatorApp: ['أضف هذا المفتاح إلى تطبيق المصادقة', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', '!Add this key to your authenticator app'],
  },
  check(name, canvasElement) {
    if (name === 'PasswordTooShort') expect(canvasElement.querySelector('input[autocomplete="new-password"]')).toHaveAttribute('aria-invalid', 'true');
  },
});

describeStoryStates('OpsConsole OperatorsView', operatorStories, {
  expected: {
    AsAdmin: ['Operators', 'ana.admin@vendor.example', 'sam.support@vendor.example', 'vik.viewer@vendor.example', 'old.operator.with.a.long.address@regional-operations.vendor.example', 'Disabled', 'Invited', 'Never', 'Invite an operator', 'Send invitation', 'Every change asks for a reason'],
    AsViewer: ['Operators', 'old.operator.with.a.long.address@regional-operations.vendor.example', 'vik.viewer@vendor.example · Viewer', '!Invite an operator', '!Actions', '!Every change asks for a reason'],
    Loading: ['Operators', 'Loading…', '!sam.support@vendor.example'],
    LoadFailed: ['The console did not answer.', 'Try again'],
    ChangeDialog: ['Change sam.support@vendor.example', 'Disable this operator', 'Reason', 'Save'],
    Arabic: ['المشغّلون', 'دعوة مشغّل', 'old.operator.with.a.long.address@regional-operations.vendor.example', '!Invite an operator', '!Operators'],
  },
  check(name) {
    // Change on each operator but the disabled one, for an admin only.
    const changes = screen.queryAllByRole('button', { name: /^Change / });
    if (name === 'AsAdmin') expect(changes.map((b) => b.getAttribute('aria-label'))).toEqual(['Change ana.admin@vendor.example', 'Change sam.support@vendor.example', 'Change vik.viewer@vendor.example']);
    if (name === 'AsViewer') expect(changes).toEqual([]);
    if (name === 'ChangeDialog') expect(screen.getByRole('dialog', { name: 'Change sam.support@vendor.example' })).toBeInTheDocument();
  },
});

describeStoryStates('OpsConsole AuditView', auditStories, {
  expected: {
    Entries: ['Audit log', 'operator.invite', 'operator:sam.support@vendor.example', 'Joins the help desk', '{"role":"viewer"} → {"role":"support"}', 'Changed a role', 'The command line', '!Show more'],
    MoreToShow: ['operator.role', 'Show more'],
    Empty: ['No entries match these filters.', '!operator.invite'],
    LoadFailed: ['The console did not answer.', 'Try again'],
  },
});

describeStoryStates('OpsConsole ConfirmDialog', confirmStories, {
  expected: {
    PasskeyAndCode: ['Confirm this change', 'You will not be asked again for 5 minutes.', 'Use passkey', '6-digit code', 'Verify'],
    CodeOnly: ['Confirm this change', '6-digit code', 'Verify', '!Use passkey'],
  },
});

describeStoryStates('OpsConsole ConsoleApp', appStories, {
  expected: {
    Loading: ['Ops console', 'Loading…'],
    LoadFailed: ['The console did not answer. Check your connection and try again.', 'Try again'],
    SignedOut: ['Sign in to the ops console'],
  },
});
