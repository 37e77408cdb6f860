import type { Meta, StoryObj } from '@storybook/react-vite';
import { type HttpClient, LoginPageContext, type MfaRequiredResult, type Registry } from '@portal/plugin-api';
import { cannedHttp, StoryPortal, testRegistry, untilText } from '@portal/plugin-api/testing';
import passkeys from './index';
import PasskeySecondFactor from './PasskeySecondFactor';
import { installFakeWebAuthn, refusedStory, storyLoginPage } from './testing';

/*
 * "Use a passkey instead" as the MFA step shows it under its code form (the step itself: the MFA
 * plugin's stories), mocked at the HTTP boundary and at WebAuthn. Shot as a login step (375, 1366).
 */

type Loaded = { registry: Registry };

const RESULT: MfaRequiredResult = { supportedMFATypes: [3], primaryMFAType: 3, MFAEmail: 'an***@partner-example.com', MFAProcessId: 'euw.story', expiresIn: 600, passkey: true };


const meta: Meta = {
  title: 'Plugins/MFA/PasskeyInstead',
  loaders: [
    async (): Promise<Loaded> => {
      installFakeWebAuthn();
      return { registry: await testRegistry([passkeys]) };
    },
  ],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? cannedHttp({})} path="/login">
      <LoginPageContext.Provider value={storyLoginPage}>
        <div css={{ maxWidth: 440 }}>
          <PasskeySecondFactor result={RESULT} retry={() => new Promise(() => undefined)} />
        </div>
      </LoginPageContext.Provider>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

/** The account has a passkey: offered in place of a code. */
export const Offered: Story = { play: ({ canvasElement }) => untilText(canvasElement, 'Use a passkey instead') };

/** A passkey of another account was chosen: refused, the code form stays. */
export const Refused: Story = refusedStory('Use a passkey instead');
