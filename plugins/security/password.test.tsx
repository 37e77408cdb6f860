import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { dismissToast, getToast } from '@portal/plugin-api';
import { passwordSchema } from './passwordSchema';
import { backend, fail, renderSecurity, type Handler } from './testing';

beforeAll(async () => {
  await import('./SecurityPage');
});

function errorsOf(values: { oldPassword: string; newPassword: string; confirmPassword: string }): Record<string, string> {
  try {
    passwordSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (e) {
    return Object.fromEntries((e as ValidationError).inner.map((i) => [i.path, i.message]));
  }
}

describe('change-password rules', () => {
  const ok = { oldPassword: 'Old-pass-1', newPassword: 'Newer-pass-2', confirmPassword: 'Newer-pass-2' };
  it('accepts a valid change', () => expect(errorsOf(ok)).toEqual({}));
  it('requires every field', () =>
    expect(errorsOf({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'core:validation.required',
      newPassword: 'core:validation.required',
      confirmPassword: 'core:validation.required',
    }));
  it.each([
    ['five characters', 'abc12'],
    ['33 characters', 'a'.repeat(32) + '1'],
    ['a space', 'abc 123'],
    ['non-ASCII', 'pässwort1'],
  ])('old password: refuses %s (visible ASCII 6-32)', (_label, oldPassword) => {
    expect(errorsOf({ ...ok, oldPassword }).oldPassword).toBe('core:validation.loginPassword');
  });
  it.each([['abcdef'], ['abcdef1']])('old password: accepts %s at the edges of the range', (oldPassword) => {
    expect(errorsOf({ ...ok, oldPassword }).oldPassword).toBeUndefined();
  });
  it.each([
    ['seven characters', 'abcde1!'],
    ['one class only', 'abcdefghij'],
    ['digits only', '1234567890'],
    ['33 characters', 'a1'.repeat(16) + 'x'],
    ['a space', 'abcd 1234'],
  ])('new password: refuses %s (register rule)', (_label, newPassword) => {
    expect(errorsOf({ ...ok, newPassword, confirmPassword: newPassword }).newPassword).toBe('core:validation.registerPassword');
  });
  it('new password must differ from the old one', () => {
    expect(errorsOf({ ...ok, newPassword: 'Old-pass-1', confirmPassword: 'Old-pass-1' }).newPassword).toBe('core:validation.passwordMustDiffer');
  });
  it('confirmation must match', () => {
    expect(errorsOf({ ...ok, confirmPassword: 'Newer-pass-3' }).confirmPassword).toBe('core:validation.passwordMismatch');
  });
});

async function unlockedPage(routes: Record<string, Handler> = {}) {
  const server = backend(routes);
  await renderSecurity(server.http);
  await userEvent.type(await screen.findByLabelText(/^Account password/), 'Right-pass-1');
  await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
  await screen.findByText(/Locks again in/);
  return server;
}

async function fill(oldPassword: string, newPassword: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(/^Current password/), oldPassword);
  await userEvent.type(screen.getByLabelText(/^New password/), newPassword);
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirm);
}

describe('change password form', () => {
  it('checks on blur that the new password differs from the old one, and that the confirmation matches', async () => {
    await unlockedPage();
    await userEvent.type(screen.getByLabelText(/^Current password/), 'Same-pass-1');
    await userEvent.type(screen.getByLabelText(/^New password/), 'Same-pass-1');
    await userEvent.tab();
    expect(await screen.findByText('The new password must be different from the old one.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Other-pass-2');
    await userEvent.tab();
    expect(await screen.findByText('Password and Confirm Password inconsistent!')).toBeInTheDocument();
  });

  it('shows the strength meter from the minimum length on, and the new password field is described by it', async () => {
    await unlockedPage();
    const field = screen.getByLabelText(/^New password/);
    await userEvent.type(field, 'Abc1234');
    expect(screen.queryByTestId('strength-meter')).not.toBeInTheDocument();
    await userEvent.type(field, '5');
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'weak');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Password strength: Weak'));
    await userEvent.type(field, '!xK#9mQ@');
    expect(screen.getByTestId('strength-meter').getAttribute('data-level')).not.toBe('weak');
  });

  it('sends old and new password with the security token; on success clears the form, confirms and reloads the sessions', async () => {
    const server = await unlockedPage({ 'POST /api/accounts/acc-7/password': () => ({ changed: true }) });
    const sessionLoads = server.find('GET', '/sessions').length;
    await fill('Old-pass-1', 'Newer-pass-2', 'Newer-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'success', message: 'Password changed. Other devices were signed out.' }));
    const call = server.find('POST', '/accounts/acc-7/password')[0]!;
    expect(call.body).toEqual({ oldPassword: 'Old-pass-1', newPassword: 'Newer-pass-2' });
    expect(call.securityToken).toBe('st-1');
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
    await waitFor(() => expect(server.find('GET', '/sessions').length).toBe(sessionLoads + 1));
  });

  it.each([
    [-20601, /^Current password/, 'Incorrect ID or password.'],
    [-3064, /^New password/, 'The new password must be different from the old one.'],
    [-3063, /^New password/, 'The password format is invalid.'],
  ])('server code %i lands on its field and keeps what was typed', async (code, field, text) => {
    await unlockedPage({ 'POST /api/accounts/acc-7/password': () => fail(code) });
    await fill('Old-pass-1', 'Newer-pass-2', 'Newer-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const input = screen.getByLabelText(field);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(text.slice(0, 12)));
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveValue('Newer-pass-2');
  });

  it('-3065: a commonly used new password lands on its field with the reason, and the meter reads weak while it stays', async () => {
    await unlockedPage({ 'POST /api/accounts/acc-7/password': () => fail(-3065) });
    dismissToast(); // an earlier test's toast may still show
    // On the server's list, not among the most common the meter knows.
    await fill('Old-pass-1', 'Left4dead', 'Left4dead');
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'medium');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const input = screen.getByLabelText(/^New password/);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('This password is too common: it appears in lists of often used or leaked passwords.'));
    expect(input).toHaveFocus();
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'weak');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Password strength: Weak (a commonly used password)'));
    expect(getToast()).toBeNull();
    // Leaving the field keeps the meter's verdict for the same value; another value is rated afresh.
    await userEvent.tab();
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'weak');
    await userEvent.type(input, '-Kq');
    expect(screen.getByTestId('strength-meter')).not.toHaveAttribute('data-common');
  });

  it('a refused security token (-20214) relocks the page without losing the typed passwords', async () => {
    await unlockedPage({ 'POST /api/accounts/acc-7/password': () => fail(-20214, 403) });
    await fill('Old-pass-1', 'Newer-pass-2', 'Newer-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your security session has timed out. Unlock again, then retry.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Newer-pass-2');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
  });

  it('other errors go to the catalogue toast', async () => {
    await unlockedPage({ 'POST /api/accounts/acc-7/password': () => fail(-60001, 429) });
    await fill('Old-pass-1', 'Newer-pass-2', 'Newer-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message: 'Too many requests. Please try again later.' }));
  });
});
