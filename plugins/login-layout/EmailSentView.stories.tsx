import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ApiError,
  type EmailSentData,
  type HttpClient,
  LoginPageContext,
  type LoginPageServices,
  type Registry,
} from '@portal/plugin-api';
import { cannedHttp, StoryPortal, testRegistry, withClientTheme, until } from '@portal/plugin-api/testing';
import EmailSentView from './EmailSentView';
import layout from './index';

type Loaded = { registry: Registry };

const EMAIL = 'ana.novak@partner-example.com';
/** 1 May 2024, 10:00 UTC: the clock every story of this file stands still at. */
const FROZEN_NOW = Date.UTC(2024, 4, 1, 10);

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('session_code=sc-story'),
};

/** A request that never answers: Resend stays in its loading state. */
const pending = { post: () => new Promise(() => undefined), get: () => new Promise(() => undefined) } as unknown as HttpClient;

/**
 * Stops Date.now for the story's lifetime, so the Resend countdown (which counts against
 * Date.now once a second) shows the same number in every screenshot.
 */
function freezeClock(): () => void {
  const original = Date.now;
  Date.now = () => FROZEN_NOW;
  return () => {
    Date.now = original;
  };
}

/** Presses Resend (click(): Loki disables pointer events, not scripted clicks). */
function pressResend(canvasElement: HTMLElement) {
  const button = Array.from(canvasElement.querySelectorAll('button')).find((b) => b.textContent?.includes('Resend email'));
  button?.click();
}

const meta: Meta = {
  title: 'Plugins/LoginLayout/EmailSentView',
  beforeEach: freezeClock,
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([layout]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? cannedHttp({})} path="/login">
      <LoginPageContext.Provider value={loginPage}>
        <div css={{ maxWidth: 440 }}>
          <EmailSentView goTo={() => undefined} data={parameters.data} />
        </div>
      </LoginPageContext.Provider>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

/** After register or an unactivated sign-in: the activation mail; Resend waits 60 s (frozen). */
export const Activation: Story = {
  parameters: { data: { email: EMAIL, purpose: 'activation' } satisfies EmailSentData },
};

/** After a password-reset request. */
export const Reset: Story = {
  parameters: { data: { email: EMAIL, purpose: 'reset' } satisfies EmailSentData },
};

/** The server asked for a shorter wait: the countdown stands at 42 s. */
export const CountdownRunning: Story = {
  parameters: { data: { email: EMAIL, purpose: 'activation', resendAfterSeconds: 42 } satisfies EmailSentData },
};

/** Registered (or signed in) again inside the resend wait: no mail went out; the earlier link still works and Resend counts down (issue 27). */
export const AlreadySentWaiting: Story = {
  parameters: { data: { email: EMAIL, purpose: 'activation', mailSent: false, resendAfterSeconds: 45 } satisfies EmailSentData },
};

/** The same in Arabic, right to left. */
export const AlreadySentWaitingArabic: Story = inArabic(AlreadySentWaiting);

/** The wait is over: Resend is enabled. */
export const ResendReady: Story = {
  parameters: { data: { email: EMAIL, purpose: 'activation', resendAfterSeconds: 0 } satisfies EmailSentData },
};

/** Resend pressed, the server has not answered yet. */
export const Resending: Story = {
  parameters: { data: { email: EMAIL, purpose: 'activation', resendAfterSeconds: 0 } satisfies EmailSentData, http: pending },
  play: async ({ canvasElement }) => {
    pressResend(canvasElement);
    await until(() => Boolean(canvasElement.querySelector('button[aria-busy="true"]')), 'button[aria-busy="true"]');
  },
};

/** -20623 on Resend: the account was activated meanwhile; the notice says so. */
export const AlreadyActivated: Story = {
  parameters: {
    data: { email: EMAIL, purpose: 'activation', resendAfterSeconds: 0 } satisfies EmailSentData,
    http: cannedHttp({ '/activations/email': new ApiError(-20623, 'already activated', 400) }),
  },
  play: async ({ canvasElement }) => {
    pressResend(canvasElement);
    await until(() => Boolean(canvasElement.textContent?.includes('already activated')), 'already activated');
  },
};

/** Registered through an invitation: the account is active at once, no mail to wait for. */
export const RegistrationComplete: Story = {
  parameters: { data: { email: EMAIL, purpose: 'activation', viaInvite: true } satisfies EmailSentData },
};

/** Opened without data (e.g. a reload lost it): a generic title and the way back. */
export const Generic: Story = {};

export const LongAddress: Story = {
  parameters: { data: { email: 'maximiliana.alexandrina.hohenzollern@very-long-partner-company-name.example.com', purpose: 'reset' } satisfies EmailSentData },
};

export const RightToLeft: Story = {
  parameters: { dir: 'rtl', data: { email: EMAIL, purpose: 'activation', resendAfterSeconds: 42 } satisfies EmailSentData },
};

/** A connected service's theme (the green partner): the resend countdown. */
export const ClientTheme: Story = withClientTheme(CountdownRunning);

export const Arabic: Story = inArabic(RightToLeft);
