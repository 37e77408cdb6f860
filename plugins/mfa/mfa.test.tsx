import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type HttpClient,
  type InterruptProps,
  LOGIN_INTERRUPT_POINT,
  type MfaRequiredResult,
  useInterruptibleCall,
} from '@portal/plugin-api';
import {
  FAKE_CAPTCHA_TOKEN,
  fakeCaptcha,
  renderPortal,
  testLoginPage,
  testRegistry,
} from '@portal/plugin-api/testing';
import mfa, { MFA_HANDLED_CODES } from './index';
import MfaStep, { readMfaInfo } from './MfaStep';

type Post = (path: string, body?: unknown, options?: unknown) => Promise<unknown>;

function fakeHttp(post: Post = async () => ({ resendAfterSeconds: 60, expiresIn: 600 })) {
  return { get: vi.fn(async () => null), post: vi.fn(post) } as unknown as HttpClient & { post: ReturnType<typeof vi.fn<Post>> };
}

const base = { MFAEmail: 'mi***@example.com', MFAProcessId: 'proc-1', expiresIn: 600 };
const totpOnly: MfaRequiredResult = { ...base, supportedMFATypes: [3], primaryMFAType: 3 };
const emailOnly: MfaRequiredResult = { ...base, supportedMFATypes: [2], primaryMFAType: 2 };
/** The server lists email first; the primary (TOTP) must still come first. */
const bothTotpPrimary: MfaRequiredResult = { ...base, supportedMFATypes: [2, 3], primaryMFAType: 3 };
const bothEmailPrimary: MfaRequiredResult = { ...base, supportedMFATypes: [3, 2], primaryMFAType: 2 };

const form = { email: 'mfa@example.com', password: 'Demo-pass-2024' };

async function renderStep(options: { result?: unknown; http?: HttpClient; retry?: InterruptProps['retry'] } = {}) {
  const registry = await testRegistry([mfa]);
  const http = options.http ?? fakeHttp();
  const props = {
    error: new ApiError(-20677, 'MFA required', 400, 'result' in options ? options.result : totpOnly),
    call: 'signIn' as const,
    form,
    retry: vi.fn(options.retry ?? (async () => undefined)),
    cancel: vi.fn(),
    goTo: vi.fn(),
  };
  const utils = renderPortal(<MfaStep {...props} />, { registry, http });
  return { ...utils, props, http };
}

const boxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });
const verify = () => screen.getByRole('button', { name: 'Verify' });
const status = () => screen.getByRole('status');
const rejectWith = (code: number, result?: unknown) => async () => Promise.reject(new ApiError(code, `server ${code}`, 400, result));

async function enterCode(code = '123456') {
  await userEvent.click(boxes()[0]!);
  await userEvent.keyboard(code);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('mfa plugin manifest', () => {
  it('contributes the inline sign-in interrupt for -20677 and its namespace', async () => {
    const registry = await testRegistry([mfa]);
    const interrupts = registry.getOwnedContributions(LOGIN_INTERRUPT_POINT);
    expect(interrupts).toHaveLength(1);
    expect(interrupts[0]!.pluginId).toBe('mfa');
    expect(interrupts[0]!.value).toMatchObject({ codes: [-20677], calls: ['signIn'], presentation: 'inline' });
    expect(interrupts[0]!.value.handles).toEqual([-20607, -20676, -20684, -20686, -20687, -20681, -20683]);
    expect(MFA_HANDLED_CODES).toBe(interrupts[0]!.value.handles);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['mfa']);
  });
});

describe('readMfaInfo', () => {
  it('puts the primary method first', () => {
    expect(readMfaInfo(bothTotpPrimary)).toEqual({ methods: [3, 2], primary: 3, maskedEmail: 'mi***@example.com', processId: 'proc-1' });
    expect(readMfaInfo(bothEmailPrimary)?.methods).toEqual([2, 3]);
  });

  it('falls back to the first supported method when the primary is not supported, and ignores unknown types', () => {
    expect(readMfaInfo({ ...base, supportedMFATypes: [9, 2], primaryMFAType: 3 })).toMatchObject({ methods: [2], primary: 2 });
  });

  it('is null without a process id or any method', () => {
    expect(readMfaInfo(undefined)).toBeNull();
    expect(readMfaInfo({ ...totpOnly, MFAProcessId: '' })).toBeNull();
    expect(readMfaInfo({ ...base, supportedMFATypes: [], primaryMFAType: 7 })).toBeNull();
  });
});

describe('MfaStep: methods', () => {
  it('TOTP only: names the method, no switch, no email call, focus in the first box', async () => {
    const { http } = await renderStep({ result: totpOnly });
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText('Authenticator app')).toBeInTheDocument();
    expect(screen.getByText('Open your authenticator app and enter the 6-digit code it shows for Unified ID.')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resend|Send code/ })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Code from your authenticator app' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(boxes()[0]).toHaveFocus();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('email only: the first code came with -20677, so no call; masked address; 60 s resend countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { http } = await renderStep({ result: emailOnly });
    expect(screen.getByText('Email code')).toBeInTheDocument();
    expect(screen.getByText('We sent a 6-digit code to mi***@example.com. Enter it below.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Code from the email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    expect(http.post).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend code in 59 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByRole('button', { name: 'Resend code in 1 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();
    expect(status()).toHaveTextContent('You can resend the code now.');

    await userEvent.click(resend);
    expect(http.post).toHaveBeenCalledWith('/email/code', { email: 'mfa@example.com', type: 'LOGIN', mfaProcessId: 'proc-1', language: 'en_US' }, { auth: 'none' });
    expect(await screen.findByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    expect(status()).toHaveTextContent('A code was sent to mi***@example.com. You can resend it in 60 seconds.');
  });

  it('both: a keyboard-operable switch with the primary first; choosing email sends a code and starts the countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { http } = await renderStep({ result: bothTotpPrimary });
    const group = screen.getByRole('group', { name: 'Verification method' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(['Authenticator appPrimary', 'Email code']);
    expect(within(group).getByRole('radio', { name: /Authenticator app/ })).toBeChecked();

    radios[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'Email code' })).toBeChecked();
    expect(http.post).toHaveBeenCalledTimes(1);
    expect(http.post).toHaveBeenCalledWith('/email/code', { email: 'mfa@example.com', type: 'LOGIN', mfaProcessId: 'proc-1', language: 'en_US' }, { auth: 'none' });
    expect(await screen.findByText('We sent a 6-digit code to mi***@example.com. Enter it below.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    expect(status()).toHaveTextContent('A code was sent to mi***@example.com. You can resend it in 60 seconds.');
    expect(screen.getByRole('group', { name: 'Code from the email' })).toBeInTheDocument();

    // Back to the app and again to email within the wait: the code already sent still works, no new mail.
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: /Authenticator app/ })).toBeChecked();
    expect(status()).toHaveTextContent('Authenticator app selected. Enter the code from your app.');
    await userEvent.keyboard('{ArrowRight}');
    expect(status()).toHaveTextContent('Email code selected. The code goes to mi***@example.com.');
    expect(http.post).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('button', { name: 'Resend code in 50 s' })).toBeDisabled();
  });

  it('both with email primary: email first and selected, countdown already running, no call', async () => {
    const { http } = await renderStep({ result: bothEmailPrimary });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(['Email codePrimary', 'Authenticator app']);
    expect(radios[0]).toBeChecked();
    expect(screen.getByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('switching methods clears the boxes', async () => {
    await renderStep({ result: bothTotpPrimary });
    await enterCode('123');
    expect(boxes().map((b) => (b as HTMLInputElement).value).join('')).toBe('123');
    await userEvent.click(screen.getByRole('radio', { name: 'Email code' }));
    expect(boxes().map((b) => (b as HTMLInputElement).value).join('')).toBe('');
  });
});

describe('MfaStep: submitting the code', () => {
  it('Enter submits: retries sign-in with method, code and process id', async () => {
    const { props } = await renderStep({ result: totpOnly });
    await enterCode('123456');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(props.retry).toHaveBeenCalledWith({ mfaType: 3, code: '123456', mfaProcessId: 'proc-1' }));
  });

  it('the email method retries with mfaType 2', async () => {
    const { props } = await renderStep({ result: emailOnly });
    await enterCode('654321');
    await userEvent.click(verify());
    await waitFor(() => expect(props.retry).toHaveBeenCalledWith({ mfaType: 2, code: '654321', mfaProcessId: 'proc-1' }));
  });

  it('takes a pasted code', async () => {
    const { props } = await renderStep({ result: totpOnly });
    await userEvent.click(boxes()[0]!);
    await userEvent.paste('12 34 56');
    await userEvent.click(verify());
    await waitFor(() => expect(props.retry).toHaveBeenCalledWith(expect.objectContaining({ code: '123456' })));
  });

  it.each([
    ['', 'This field is required'],
    ['123', 'Enter the 6-digit code.'],
  ])('an incomplete code (%j) is not sent and says why', async (code, message) => {
    const { props } = await renderStep({ result: totpOnly });
    if (code) await enterCode(code);
    await userEvent.click(verify());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(boxes()[0]).toHaveAttribute('aria-invalid', 'true');
    expect(boxes()[0]).toHaveAccessibleDescription(message);
    expect(props.retry).not.toHaveBeenCalled();
  });

  it('Enter with an incomplete code shows the rule message too', async () => {
    const { props } = await renderStep({ result: totpOnly });
    await enterCode('12');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    expect(props.retry).not.toHaveBeenCalled();
  });

  it('shows a loading state while the retry runs and sends once', async () => {
    let settle!: () => void;
    const { props } = await renderStep({ result: totpOnly, retry: () => new Promise<void>((resolve) => (settle = resolve)) });
    await enterCode();
    await userEvent.click(verify());
    await waitFor(() => expect(verify()).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(verify());
    expect(props.retry).toHaveBeenCalledTimes(1);
    await act(async () => settle());
    expect(verify()).not.toHaveAttribute('aria-busy');
  });

  it('Back returns to the sign-in form', async () => {
    const { props } = await renderStep({ result: totpOnly });
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(props.cancel).toHaveBeenCalledTimes(1);
  });
});

describe('MfaStep: errors of the retry (spec section 8)', () => {
  it('-20607 shows the remaining attempts, clears the boxes and puts focus back in the first one', async () => {
    await renderStep({ result: totpOnly, retry: rejectWith(-20607, { remainAttempts: 3 }) });
    await enterCode('111111');
    await userEvent.click(verify());
    expect(await screen.findByText('The verification code is incorrect. Attempts left: 3.')).toBeInTheDocument();
    expect(boxes().map((b) => (b as HTMLInputElement).value).join('')).toBe('');
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    expect(boxes()[0]).toHaveAccessibleDescription('The verification code is incorrect. Attempts left: 3.');
    // Typing the next code clears the message.
    await userEvent.keyboard('2');
    expect(screen.queryByText(/Attempts left/)).not.toBeInTheDocument();
  });

  it('-20607 without a count shows the catalogue message', async () => {
    await renderStep({ result: totpOnly, retry: rejectWith(-20607) });
    await enterCode();
    await userEvent.click(verify());
    expect(await screen.findByText('The verification code is incorrect.')).toBeInTheDocument();
  });

  it('-20676 tips to resend the code', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const http = fakeHttp();
    await renderStep({ result: emailOnly, http, retry: rejectWith(-20676) });
    await enterCode();
    await userEvent.click(verify());
    expect(await screen.findByText('This code is no longer valid. Please resend the code and enter the new one.')).toBeInTheDocument();
    expect(boxes().map((b) => (b as HTMLInputElement).value).join('')).toBe('');
    act(() => vi.advanceTimersByTime(60_000));
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/email/code', expect.objectContaining({ type: 'LOGIN', mfaProcessId: 'proc-1' }), { auth: 'none' }));
    await waitFor(() => expect(screen.queryByText(/no longer valid/)).not.toBeInTheDocument());
  });

  it('-20684 says verification is locked for 10 minutes and disables submitting', async () => {
    const { props } = await renderStep({ result: totpOnly, retry: rejectWith(-20684, { lockedMinutes: 10 }) });
    await enterCode();
    await userEvent.click(verify());
    const alert = await screen.findByText('Too many wrong verification codes. Verification is locked for 10 minutes. Please try again later.');
    expect(verify()).toBeDisabled();
    boxes().forEach((box) => expect(box).toBeDisabled());
    await waitFor(() => expect(alert.closest('[role="alert"]')).toHaveFocus());
    // Back still works.
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(props.cancel).toHaveBeenCalled();
    expect(props.retry).toHaveBeenCalledTimes(1);
  });

  it('-20684 of one minute says "1 minute", not "1 minutes"', async () => {
    await renderStep({ result: totpOnly, retry: rejectWith(-20684, { lockedMinutes: 1 }) });
    await enterCode();
    await userEvent.click(verify());
    expect(await screen.findByText('Too many wrong verification codes. Verification is locked for 1 minute. Please try again later.')).toBeInTheDocument();
  });

  it('-20684 without minutes assumes the 10 minutes of spec section 9', async () => {
    await renderStep({ result: totpOnly, retry: rejectWith(-20684) });
    await enterCode();
    await userEvent.click(verify());
    expect(await screen.findByText(/locked for 10 minutes/)).toBeInTheDocument();
  });

  it.each([-20686, -20687])('%i: the authenticator key expired or is missing; suggests the email method when supported', async (code) => {
    const http = fakeHttp();
    await renderStep({ result: bothTotpPrimary, http, retry: rejectWith(code) });
    await enterCode();
    await userEvent.click(verify());
    expect(await screen.findByText('The authenticator key of your account has expired or is missing. Verify with an email code instead.')).toBeInTheDocument();
    const useEmail = screen.getByRole('button', { name: 'Use an email code' });
    await waitFor(() => expect(useEmail).toHaveFocus());
    await userEvent.click(useEmail);
    expect(screen.getByRole('radio', { name: 'Email code' })).toBeChecked();
    expect(http.post).toHaveBeenCalledWith('/email/code', expect.objectContaining({ type: 'LOGIN' }), { auth: 'none' });
    expect(screen.queryByText(/authenticator key/)).not.toBeInTheDocument();
  });

  it('-20686 with TOTP only: the tip without the email suggestion', async () => {
    await renderStep({ result: totpOnly, retry: rejectWith(-20686) });
    await enterCode();
    await userEvent.click(verify());
    expect(await screen.findByText(/has expired or is missing. Please contact support/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use an email code' })).not.toBeInTheDocument();
  });

  it('-20681: the process expired; only a way back to sign-in remains', async () => {
    const { props } = await renderStep({ result: totpOnly, retry: rejectWith(-20681) });
    await enterCode();
    await userEvent.click(verify());
    expect(await screen.findByText('This verification has expired. Please sign in again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    const back = screen.getByRole('button', { name: 'Back to sign in' });
    await waitFor(() => expect(back).toHaveFocus());
    await userEvent.click(back);
    expect(props.cancel).toHaveBeenCalledTimes(1);
  });

  it('-20683 shows inline at the code', async () => {
    await renderStep({ result: totpOnly, retry: rejectWith(-20683) });
    await enterCode();
    await userEvent.click(verify());
    expect(await screen.findByText('This verification method is disabled.')).toBeInTheDocument();
    expect(boxes()[0]).toHaveAccessibleDescription('This verification method is disabled.');
    expect(verify()).toBeEnabled();
  });

  it('a result without a process id shows the expired state at once', async () => {
    await renderStep({ result: undefined });
    expect(screen.getByText('This verification has expired. Please sign in again.')).toBeInTheDocument();
  });
});

describe('MfaStep: sending email codes', () => {
  it('-60001: a code went out a moment ago; waits the seconds the server names', async () => {
    const http = fakeHttp(rejectWith(-60001, { retryAfterSeconds: 35 }));
    await renderStep({ result: bothTotpPrimary, http });
    await userEvent.click(screen.getByRole('radio', { name: 'Email code' }));
    expect(await screen.findByText('A code was sent less than a minute ago. Use that code, or request a new one in 35 s.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 35 s' })).toBeDisabled();
  });

  it('-20681 while sending: the process expired', async () => {
    const http = fakeHttp(rejectWith(-20681));
    await renderStep({ result: bothTotpPrimary, http });
    await userEvent.click(screen.getByRole('radio', { name: 'Email code' }));
    expect(await screen.findByText('This verification has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('other send errors show inline and the code can be requested again', async () => {
    const http = fakeHttp(rejectWith(-10000));
    await renderStep({ result: bothTotpPrimary, http });
    await userEvent.click(screen.getByRole('radio', { name: 'Email code' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('We can send a 6-digit code to mi***@example.com.')).toBeInTheDocument();
    http.post.mockImplementation(async () => ({ resendAfterSeconds: 60, expiresIn: 600 }));
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code to mi***@example.com. Enter it below.')).toBeInTheDocument();
    expect(screen.queryByText('An unexpected error occurred. Please try again later.')).not.toBeInTheDocument();
  });
});

/** The step inside a real interruptible sign-in call, as the sign-in view runs it. */
function FakeSignIn({ exec, onSuccess, onError }: { exec: (form: Record<string, unknown>, extra: Record<string, unknown>) => Promise<unknown>; onSuccess: () => void; onError: (e: ApiError) => boolean }) {
  const call = useInterruptibleCall({ call: 'signIn', exec, onSuccess, onError, onCancel: () => undefined });
  return call.active?.presentation === 'inline' ? (
    <>{call.outlet}</>
  ) : (
    <>
      <button type="button" onClick={() => void call.start({ email: 'mfa@example.com', password: 'pw' })}>
        Sign in
      </button>
      {call.outlet}
    </>
  );
}

describe('MfaStep in an interruptible sign-in', () => {
  async function renderSignIn(exec: (form: Record<string, unknown>, extra: Record<string, unknown>) => Promise<unknown>) {
    const registry = await testRegistry([mfa, fakeCaptcha]);
    const { wrap } = testLoginPage();
    const onSuccess = vi.fn();
    const onError = vi.fn(() => true);
    renderPortal(wrap(<FakeSignIn exec={exec} onSuccess={onSuccess} onError={onError} />), { registry, http: fakeHttp() });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Two-step verification' });
    return { onSuccess, onError };
  }

  it('-20677 opens the step; a wrong code stays in it; the right one completes the sign-in', async () => {
    const exec = vi
      .fn<(form: Record<string, unknown>, extra: Record<string, unknown>) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(-20677, 'mfa', 400, totpOnly))
      .mockRejectedValueOnce(new ApiError(-20607, 'wrong', 400, { remainAttempts: 4 }))
      .mockResolvedValueOnce({ serviceUrl: '/api/authorize', redirectParams: {} });
    const { onSuccess } = await renderSignIn(exec);
    await enterCode('000000');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('The verification code is incorrect. Attempts left: 4.')).toBeInTheDocument();
    expect(exec).toHaveBeenLastCalledWith({ email: 'mfa@example.com', password: 'pw' }, { mfaType: 3, code: '000000', mfaProcessId: 'proc-1' });
    await userEvent.keyboard('123456{Enter}');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(exec).toHaveBeenLastCalledWith({ email: 'mfa@example.com', password: 'pw' }, { mfaType: 3, code: '123456', mfaProcessId: 'proc-1' });
    expect(screen.queryByRole('heading', { name: 'Two-step verification' })).not.toBeInTheDocument();
  });

  it('codes the step does not handle go to the page', async () => {
    const exec = vi
      .fn<(form: Record<string, unknown>, extra: Record<string, unknown>) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(-20677, 'mfa', 400, totpOnly))
      .mockRejectedValueOnce(new ApiError(-20601, 'wrong password', 400));
    const { onError } = await renderSignIn(exec);
    await enterCode('123456');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: -20601 }), expect.anything()));
    expect(screen.queryByRole('heading', { name: 'Two-step verification' })).not.toBeInTheDocument();
  });

  it('a captcha asked at the code keeps the step: closing it returns to the code with its attempts left, never to the form', async () => {
    const exec = vi
      .fn<(form: Record<string, unknown>, extra: Record<string, unknown>) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(-20677, 'mfa', 400, totpOnly))
      .mockRejectedValueOnce(new ApiError(-20607, 'wrong', 400, { remainAttempts: 4 }))
      .mockRejectedValueOnce(new ApiError(-23029, 'captcha', 400, {}))
      .mockRejectedValueOnce(new ApiError(-23029, 'captcha', 400, {}))
      .mockRejectedValueOnce(new ApiError(-20607, 'wrong', 400, { remainAttempts: 3 }))
      .mockResolvedValueOnce({ serviceUrl: '/api/authorize', redirectParams: {} });
    const { onSuccess } = await renderSignIn(exec);
    await enterCode('000000');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('The verification code is incorrect. Attempts left: 4.')).toBeInTheDocument();

    await userEvent.keyboard('111111{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Sliding verification' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(verify()).toBeEnabled();
    await waitFor(() => expect(boxes()[0]).toHaveFocus()); // back where the user goes on, not lost on the page

    // Submitted again, the puzzle solved: the wrong code comes back to the step with the attempts left.
    await userEvent.click(verify());
    await userEvent.click(await screen.findByRole('button', { name: 'Verified' }));
    expect(await screen.findByText('The verification code is incorrect. Attempts left: 3.')).toBeInTheDocument();
    expect(exec).toHaveBeenLastCalledWith({ email: 'mfa@example.com', password: 'pw' }, { mfaType: 3, code: '111111', mfaProcessId: 'proc-1', captchaToken: FAKE_CAPTCHA_TOKEN });
    await userEvent.keyboard('123456{Enter}');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
  });
});
