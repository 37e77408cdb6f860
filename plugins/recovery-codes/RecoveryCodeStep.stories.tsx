import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { ApiError, ClockContext, type InterruptProps, LOGIN_INTERRUPT_POINT, type MfaRequiredResult, type Registry } from '@portal/plugin-api';
import { cannedHttp, frozenClock, inArabic, pluginsById, StoryPortal, testRegistry, typeInto } from '@portal/plugin-api/testing';
import recoveryCodes from './index';
import { clickButton, shows, until } from './storyHelpers';

type Loaded = { registry: Registry; Step: ComponentType<InterruptProps> };

const challenge: MfaRequiredResult = {
  supportedMFATypes: [3],
  primaryMFAType: 3,
  MFAEmail: 'an***@partner-example.com',
  MFAProcessId: 'story-process',
  expiresIn: 600,
  recoveryCodes: 7,
  trustDeviceDays: 30,
};

const rejecting = (code: number, result?: unknown): InterruptProps['retry'] => () => Promise.reject(new ApiError(code, `error ${code}`, 400, result));

async function openRecovery(root: HTMLElement, link = 'Use a recovery code', label = 'Recovery code') {
  await clickButton(root, link, label);
}
async function submitRecovery(root: HTMLElement, code: string, expect: string) {
  await openRecovery(root);
  await until(() => root.querySelector('input[autocomplete="one-time-code"]') !== null);
  typeInto(root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!, code);
  root.querySelector('form')?.requestSubmit();
  await until(shows(expect));
}

/** The MFA step (its plugin loaded by id, as the login page does) with recovery codes and trusted devices beside it. */
const meta: Meta = {
  title: 'Plugins/MFA/Fallbacks',
  loaders: [
    async (): Promise<Loaded> => {
      const registry = await testRegistry([recoveryCodes, ...(await pluginsById('mfa', 'trusted-device'))]);
      const step = registry.getContributions(LOGIN_INTERRUPT_POINT).find((i) => i.codes.includes(-20677))!;
      return { registry, Step: (await step.view()).default };
    },
  ],
  render: (_args, { loaded, parameters }) => {
    const { registry, Step } = loaded as Loaded;
    return (
      <StoryPortal registry={registry} http={cannedHttp({})} path="/login">
        <ClockContext.Provider value={frozenClock(Date.UTC(2024, 4, 1, 10))}>
          <div css={{ maxWidth: 400 }}>
            <Step
              error={new ApiError(-20677, 'MFA required', 400, (parameters.result as MfaRequiredResult | undefined) ?? challenge)}
              call="signIn"
              form={{ email: 'ana.novak@partner-example.com', password: 'not-shown' }}
              retry={(parameters.retry as InterruptProps['retry'] | undefined) ?? (() => Promise.resolve())}
              cancel={() => undefined}
              goTo={() => undefined}
            />
          </div>
        </ClockContext.Provider>
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

/** The code step offers "Don't ask again on this device" and, to an account with codes, "Use a recovery code". */
// Both parts load lazily and on their own: the picture waits for each, or it could catch one without the other.
export const Offered: Story = {
  play: ({ canvasElement }) => until(() => canvasElement.textContent?.includes('Use a recovery code') === true && canvasElement.textContent.includes('ask again')),
};

/** Without unused codes and with trusted devices off (TRUSTED_DEVICE_DAYS=0): the plain code step. */
export const NotOffered: Story = { parameters: { result: { ...challenge, recoveryCodes: 0, trustDeviceDays: undefined } } };

/** The recovery code form in place of the code boxes: seven codes left, six after this one. */
export const RecoveryCode: Story = { play: ({ canvasElement }) => openRecovery(canvasElement) };

/** Three left: this one leaves two, few enough (FEW_CODES) to say to make new ones after signing in. */
export const RecoveryCodeFewLeft: Story = {
  parameters: { result: { ...challenge, recoveryCodes: 3 } },
  play: ({ canvasElement }) => openRecovery(canvasElement),
};

/** The last code: none will remain. */
export const RecoveryCodeLastOne: Story = {
  parameters: { result: { ...challenge, recoveryCodes: 1 } },
  play: ({ canvasElement }) => openRecovery(canvasElement),
};

/** Arabic, right to left: three codes (few form), two after this one (dual form) and the warning. */
export const RecoveryCodeArabic: Story = inArabic(RecoveryCodeFewLeft, {
  play: ({ canvasElement }) => openRecovery(canvasElement, 'استخدام رمز استرداد', 'رمز الاسترداد'),
});

export const RecoveryCodeRequired: Story = {
  play: async ({ canvasElement }) => {
    await openRecovery(canvasElement);
    canvasElement.querySelector('form')?.requestSubmit();
    await until(shows('Enter a recovery code.'));
  },
};

/** -20607: wrong or already used. */
export const RecoveryCodeWrong: Story = {
  parameters: { retry: rejecting(-20607, { remainAttempts: 3 }) },
  play: ({ canvasElement }) => submitRecovery(canvasElement, 'abcd-efgh-jk', 'Attempts left: 3'),
};

/** -20684: too many wrong codes. */
export const RecoveryCodeLocked: Story = {
  parameters: { retry: rejecting(-20684, { lockedMinutes: 10 }) },
  play: ({ canvasElement }) => submitRecovery(canvasElement, 'abcd-efgh-jk', 'locked for 10 minutes'),
};
