import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, MFA_STEP_PART_POINT, type MfaRequiredResult, SECURITY_SECTION_POINT } from '@portal/plugin-api';
import { testRegistry } from '@portal/plugin-api/testing';
import { codesLeft } from './codesLeft';
import recoveryCodes from './index';
import { challenge, renderMfaStep } from './testing';

const link = () => screen.queryByRole('button', { name: 'Use a recovery code' });

/** Opens the recovery-code form from the MFA step; resolves with its field. */
async function openRecovery(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
  return screen.findByRole('textbox', { name: 'Recovery code' });
}

describe('recovery-codes manifest', () => {
  it('adds an alternative to the MFA step and a card after two-factor on the Security page', async () => {
    const registry = await testRegistry([recoveryCodes]);
    const [part] = registry.getContributions(MFA_STEP_PART_POINT);
    expect(part).toMatchObject({ kind: 'alternative', labelKey: 'recovery-codes:step.link' });
    expect(part!.offered!({ ...challenge, recoveryCodes: 0 })).toBe(false);
    expect(part!.offered!({ ...challenge, recoveryCodes: undefined })).toBe(false);
    expect(part!.offered!(challenge)).toBe(true);
    expect(part!.offered!({ ...challenge, recoveryCodes: 1 })).toBe(true);
    // The manifest's own check (no import shared with the views) reads the count as the step does.
    for (const count of [0, 1, 10, -1, 2.5, Number.NaN, true, '3', null, undefined]) {
      const recoveryCodes = count as MfaRequiredResult['recoveryCodes'];
      expect(part!.offered!({ ...challenge, recoveryCodes }), String(count)).toBe(codesLeft({ recoveryCodes }) > 0);
    }
    expect(registry.getContributions(SECURITY_SECTION_POINT)).toMatchObject([{ after: 'twoFactor' }]);
  });
});

describe('the MFA step with recovery codes', () => {
  it('offers "Use a recovery code" only to an account that has codes', async () => {
    await renderMfaStep({ result: { ...challenge, recoveryCodes: 0 } });
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(link()).toBeNull();
  });

  it('opens the code form in place of the method code, retries with the code, and goes back', async () => {
    const { props } = await renderMfaStep();
    await userEvent.click((await screen.findByRole('button', { name: 'Use a recovery code' })));
    const field = await screen.findByRole('textbox', { name: 'Recovery code' });
    expect(field).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter a recovery code.')).toBeInTheDocument();
    expect(props.retry).not.toHaveBeenCalled();
    await userEvent.type(field, ' abcd-efgh-jk ');
    await userEvent.keyboard('{Enter}');
    expect(props.retry).toHaveBeenCalledWith({ recoveryCode: 'abcd-efgh-jk', mfaProcessId: 'proc-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Use a verification code instead' }));
    expect(await screen.findAllByRole('textbox', { name: /^Digit \d of 6$/ })).toHaveLength(6);
  });

  it('says a wrong or used code and the attempts left, keeps the form, and locks after too many', async () => {
    let answer: ApiError<unknown> = new ApiError(-20607, 'wrong', 400, { remainAttempts: 3 });
    const { props } = await renderMfaStep({ retry: async () => Promise.reject(answer) });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = await screen.findByRole('textbox', { name: 'Recovery code' });
    await userEvent.type(field, 'abcd-efgh-jk{Enter}');
    expect(await screen.findByText('This recovery code is incorrect or was already used. Attempts left: 3.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    answer = new ApiError(-20684, 'locked', 400, { lockedMinutes: 10 });
    await userEvent.type(field, 'abcd-efgh-jk{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification is locked for 10 minutes');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(props.retry).toHaveBeenCalledTimes(2);
  });

  it('says how many codes the account has and how many this one leaves, as the description of the field', async () => {
    await renderMfaStep({ result: { ...challenge, recoveryCodes: 7 } });
    const field = await openRecovery();
    const counts = 'You have 7 unused recovery codes. After this one, 6 codes will remain.';
    expect(screen.getByText(counts)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(`For example abcd-efgh-jk ${counts}`);
    expect(screen.queryByText(/create new/)).toBeNull();
    // Static text read with the field, not a live region talking over the heading.
    expect(screen.getByText(counts).closest('[role="status"], [role="alert"], [aria-live]')).toBeNull();
  });

  it('warns when this code leaves few (FEW_CODES = 3 or fewer) and says so with the field', async () => {
    await renderMfaStep({ result: { ...challenge, recoveryCodes: 4 } });
    const field = await openRecovery();
    expect(screen.getByText('You have 4 unused recovery codes. After this one, 3 codes will remain.')).toBeInTheDocument();
    const warning = 'Only a few codes will be left. After you sign in, create new ones in Security.';
    expect(screen.getByText(warning)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(warning));
    expect(screen.getByText(warning).closest('[role="status"], [role="alert"], [aria-live]')).toBeNull();
  });

  it('does not warn when more than FEW_CODES would remain', async () => {
    await renderMfaStep({ result: { ...challenge, recoveryCodes: 5 } });
    await openRecovery();
    expect(screen.getByText('You have 5 unused recovery codes. After this one, 4 codes will remain.')).toBeInTheDocument();
    expect(screen.queryByText(/Only a few codes/)).toBeNull();
  });

  it('says one code in the singular', async () => {
    await renderMfaStep({ result: { ...challenge, recoveryCodes: 2 } });
    await openRecovery();
    expect(screen.getByText('You have 2 unused recovery codes. After this one, 1 code will remain.')).toBeInTheDocument();
    expect(screen.getByText(/^Only a few codes will be left\./)).toBeInTheDocument();
  });

  it('says when this is the last code and to make new ones in Security after signing in', async () => {
    await renderMfaStep({ result: { ...challenge, recoveryCodes: 1 } });
    const field = await openRecovery();
    expect(screen.getByText('You have 1 unused recovery code. This is your last one.')).toBeInTheDocument();
    const warning = 'After you sign in, create new recovery codes in Security, so you still have a way in if you lose your device.';
    expect(screen.getByText(warning)).toBeInTheDocument();
    expect(screen.queryByText(/Only a few codes/)).toBeNull();
    expect(field).toHaveAccessibleDescription(`For example abcd-efgh-jk You have 1 unused recovery code. This is your last one. ${warning}`);
  });

  it('keeps the count after a wrong or used code (it spent nothing), the error read first', async () => {
    await renderMfaStep({ result: { ...challenge, recoveryCodes: 3 }, retry: async () => Promise.reject(new ApiError(-20607, 'wrong', 400, { remainAttempts: 4 })) });
    const field = await openRecovery();
    await userEvent.type(field, 'abcd-efgh-jk{Enter}');
    const error = 'This recovery code is incorrect or was already used. Attempts left: 4.';
    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.getByText('You have 3 unused recovery codes. After this one, 2 codes will remain.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(expect.stringMatching(new RegExp(`^${error.replace(/\./g, '\\.')} For example`)));
  });

  it('shows the step as expired when the process is gone', async () => {
    await renderMfaStep({ retry: async () => Promise.reject(new ApiError(-20681, 'gone', 400)) });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Recovery code' }), 'abcd-efgh-jk{Enter}');
    expect(await screen.findByText('This verification has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('sends the trusted-device choice with the recovery code', async () => {
    const { props } = await renderMfaStep({ extraIds: ['trusted-device'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: "Don't ask again on this device for 30 days" }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'abcd-efgh-jk{Enter}');
    expect(props.retry).toHaveBeenCalledWith({ trustDevice: true, recoveryCode: 'abcd-efgh-jk', mfaProcessId: 'proc-1' });
  });
});
