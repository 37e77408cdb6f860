import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ApiError,
  ClockContext,
  type HttpClient,
  type InterruptProps,
  type MfaRequiredResult,
  type Registry,
} from '@portal/plugin-api';
import {
  cannedHttp,
  frozenClock,
  StoryPortal,
  testRegistry,
  withClientTheme,
  until,
} from '@portal/plugin-api/testing';
import mfa from './index';
import MfaStep from './MfaStep';

type Loaded = { registry: Registry };

const base = { MFAEmail: 'an***@partner-example.com', MFAProcessId: 'story-process', expiresIn: 600 };
const totpOnly: MfaRequiredResult = { ...base, supportedMFATypes: [3], primaryMFAType: 3 };
const emailOnly: MfaRequiredResult = { ...base, supportedMFATypes: [2], primaryMFAType: 2 };
const both: MfaRequiredResult = { ...base, supportedMFATypes: [2, 3], primaryMFAType: 3 };

const codeSent = cannedHttp({ '/email/code': { resendAfterSeconds: 60, expiresIn: 600 } });

/** The sign-in retry answers with `code` (what the step shows inline). */
const rejecting = (code: number, result?: unknown): InterruptProps['retry'] => () => Promise.reject(new ApiError(code, `error ${code}`, 400, result));

const shows = (text: string) => () => Boolean(document.body.textContent?.includes(text));

/** Pastes a code into the boxes and submits, without clicks (Loki disables pointer events). */
async function submitCode(canvasElement: HTMLElement, code: string, expect?: string) {
  const first = canvasElement.querySelector<HTMLInputElement>('input[inputmode="numeric"]');
  if (first && code) {
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: { getData: () => code } });
    first.dispatchEvent(paste);
    await new Promise((r) => setTimeout(r, 0));
  }
  canvasElement.querySelector('form')?.requestSubmit();
  if (expect) await until(shows(expect), expect);
}

const meta: Meta = {
  title: 'Plugins/MFA/MfaStep',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([mfa]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? codeSent} path="/login">
      <ClockContext.Provider value={frozenClock(Date.UTC(2024, 4, 1, 10))}>
        <div css={{ maxWidth: 400 }}>
          <MfaStep
            error={new ApiError(-20677, 'MFA required', 400, parameters.result === undefined ? totpOnly : parameters.result)}
            call="signIn"
            form={{ email: 'ana.novak@partner-example.com', password: 'not-shown' }}
            retry={(parameters.retry as InterruptProps['retry'] | undefined) ?? (() => Promise.resolve())}
            cancel={() => undefined}
            goTo={() => undefined}
          />
        </div>
      </ClockContext.Provider>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

export const TotpOnly: Story = { parameters: { result: totpOnly } };

/** Email as the only method: the code came with -20677; the resend countdown is frozen at 60 s. */
export const EmailOnly: Story = { parameters: { result: emailOnly } };

/** Both methods, the primary (authenticator app) first. */
export const Both: Story = { parameters: { result: both } };

/** Both methods after switching to email: a code was sent, resend counts down (frozen). */
export const BothSwitchedToEmail: Story = {
  parameters: { result: both },
  play: async ({ canvasElement }) => {
    canvasElement.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]?.click();
    await until(shows('We sent a 6-digit code'), 'We sent a 6-digit code');
  },
};

export const CodeRequired: Story = {
  parameters: { result: totpOnly },
  play: ({ canvasElement }) => submitCode(canvasElement, '', 'This field is required'),
};

export const IncompleteCode: Story = {
  parameters: { result: totpOnly },
  play: ({ canvasElement }) => submitCode(canvasElement, '123', 'Enter the 6-digit code.'),
};

export const Submitting: Story = {
  parameters: { result: totpOnly, retry: () => new Promise<void>(() => undefined) },
  play: async ({ canvasElement }) => {
    await submitCode(canvasElement, '123456');
    await until(() => Boolean(canvasElement.querySelector('button[aria-busy="true"]')), 'button[aria-busy="true"]');
  },
};

/** -20607: wrong code, with the attempts left; the boxes are cleared. */
export const WrongCode: Story = {
  parameters: { result: totpOnly, retry: rejecting(-20607, { remainAttempts: 3 }) },
  play: ({ canvasElement }) => submitCode(canvasElement, '111111', 'Attempts left: 3'),
};

/** -20676: the email code is no longer valid: resend it. */
export const ResendTip: Story = {
  parameters: { result: emailOnly, retry: rejecting(-20676) },
  play: ({ canvasElement }) => submitCode(canvasElement, '111111', 'Please resend the code'),
};

/** -20684: too many wrong codes; verification locked for 10 minutes, submit disabled. */
export const Locked: Story = {
  parameters: { result: totpOnly, retry: rejecting(-20684, { lockedMinutes: 10 }) },
  play: ({ canvasElement }) => submitCode(canvasElement, '111111', 'locked for 10 minutes'),
};

/** -20686: the authenticator key expired; the email method is suggested. */
export const AuthenticatorKeyExpired: Story = {
  parameters: { result: both, retry: rejecting(-20686) },
  play: ({ canvasElement }) => submitCode(canvasElement, '111111', 'Use an email code'),
};

/** -20686 with the authenticator app as the only method: no email suggestion. */
export const AuthenticatorKeyExpiredTotpOnly: Story = {
  parameters: { result: totpOnly, retry: rejecting(-20686) },
  play: ({ canvasElement }) => submitCode(canvasElement, '111111', 'contact support'),
};

/** -20681: the verification process expired; only the way back to sign-in. */
export const ProcessExpired: Story = {
  parameters: { result: totpOnly, retry: rejecting(-20681) },
  play: ({ canvasElement }) => submitCode(canvasElement, '111111', 'This verification has expired.'),
};

/** -20683: the method is not enabled; inline at the code. */
export const MethodDisabled: Story = {
  parameters: { result: totpOnly, retry: rejecting(-20683) },
  play: ({ canvasElement }) => submitCode(canvasElement, '111111', 'This verification method is disabled.'),
};

export const RightToLeft: Story = { parameters: { result: both, dir: 'rtl' } };

/** A connected service's theme (the green partner): both methods offered. */
export const ClientTheme: Story = withClientTheme(Both);

export const Arabic: Story = inArabic(RightToLeft);
