import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, MFA_STEP_PART_POINT, SECURITY_SECTION_POINT } from '@portal/plugin-api';
import { testRegistry } from '@portal/plugin-api/testing';
import recoveryCodes from './index';
import { challenge, renderMfaStep } from './testing';

const link = () => screen.queryByRole('button', { name: 'Use a recovery code' });

describe('recovery-codes manifest', () => {
  it('adds an alternative to the MFA step and a card after two-factor on the Security page', async () => {
    const registry = await testRegistry([recoveryCodes]);
    const [part] = registry.getContributions(MFA_STEP_PART_POINT);
    expect(part).toMatchObject({ kind: 'alternative', labelKey: 'recovery-codes:step.link' });
    expect(part!.offered!({ ...challenge, recoveryCodes: false })).toBe(false);
    expect(part!.offered!(challenge)).toBe(true);
    expect(registry.getContributions(SECURITY_SECTION_POINT)).toMatchObject([{ after: 'twoFactor' }]);
  });
});

describe('the MFA step with recovery codes', () => {
  it('offers "Use a recovery code" only to an account that has codes', async () => {
    await renderMfaStep({ result: { ...challenge, recoveryCodes: false } });
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
