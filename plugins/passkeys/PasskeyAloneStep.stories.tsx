import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { ApiError, type HttpClient, type InterruptProps, LOGIN_INTERRUPT_POINT, LoginPageContext, type MfaRequiredResult, type Registry } from '@portal/plugin-api';
import { cannedHttp, inArabic, pluginsById, StoryPortal, testRegistry, untilShown } from '@portal/plugin-api/testing';
import passkeys from './index';
import { installFakeWebAuthn, refusedStory, storyLoginPage } from './testing';

/*
 * The MFA step when a service demands a second factor of an account whose one factor beyond the
 * password is a passkey: no code method, the passkey alone (the MFA plugin's step, loaded by id as
 * the login page does, with this plugin's method). Mocked at the HTTP boundary and at WebAuthn.
 */

type Loaded = { registry: Registry; Step: ComponentType<InterruptProps> };

const CHALLENGE: MfaRequiredResult = { supportedMFATypes: [], MFAEmail: 'an***@partner-example.com', MFAProcessId: 'euw.story', expiresIn: 600, passkey: true };


const meta: Meta = {
  title: 'Plugins/MFA/PasskeyAlone',
  loaders: [
    async ({ parameters }): Promise<Loaded> => {
      const webauthn = installFakeWebAuthn();
      if (parameters.noWebAuthn === true) webauthn.restore();
      const registry = await testRegistry([passkeys, ...(await pluginsById('mfa'))]);
      const step = registry.getContributions(LOGIN_INTERRUPT_POINT).find((i) => i.codes.includes(-20677))!;
      return { registry, Step: (await step.view()).default };
    },
  ],
  render: (_args, { loaded, parameters }) => {
    const { registry, Step } = loaded as Loaded;
    return (
      <StoryPortal registry={registry} http={(parameters.http as HttpClient | undefined) ?? cannedHttp({})} path="/login">
        <LoginPageContext.Provider value={storyLoginPage}>
          <div css={{ maxWidth: 400 }}>
            <Step
              error={new ApiError(-20677, 'MFA required', 400, CHALLENGE)}
              call="signIn"
              form={{ email: 'ana.novak@partner-example.com', password: 'not-shown' }}
              retry={() => new Promise(() => undefined)}
              cancel={() => undefined}
              goTo={() => undefined}
            />
          </div>
        </LoginPageContext.Provider>
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

/** The service asked for the MFA context: the passkey is the step's one way on. */
export const Asked: Story = { play: ({ canvasElement }) => untilShown(canvasElement, 'Confirm with a passkey') };

/** A passkey of another account was chosen: refused, try one of this account's. */
export const Refused: Story = refusedStory('Confirm with a passkey');

/** A browser without WebAuthn: it says why there is no way on here. */
export const WithoutWebAuthn: Story = {
  parameters: { noWebAuthn: true },
  play: ({ canvasElement }) => untilShown(canvasElement, 'This browser cannot use passkeys.'),
};

/** Arabic, right to left. */
export const Arabic: Story = inArabic(Asked, { play: ({ canvasElement }) => untilShown(canvasElement, 'التأكيد باستخدام مفتاح مرور') });
