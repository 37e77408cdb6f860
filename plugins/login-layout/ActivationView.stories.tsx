import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type HttpClient, type LoginPageServices, type Registry } from '@portal/plugin-api';
import { cannedHttp, LoginViewStory, pendingHttp, testRegistry, until } from '@portal/plugin-api/testing';
import ActivationView, { type ActivationState } from './ActivationView';
import layout from './index';

type Loaded = { registry: Registry };

const RESULT = { email: 'ana.novak@partner-example.com', serviceUrl: null };

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('module=activation&lang=en_US&client=demo-service'),
};


const meta: Meta = {
  title: 'Plugins/LoginLayout/ActivationView',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([layout]) })],
  render: (_args, { loaded, parameters }) => (
    <LoginViewStory registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? cannedHttp({})} loginPage={loginPage}>
      <ActivationView goTo={() => undefined} initialState={parameters.state as ActivationState} linkToken="euw.story-token" passwordError={parameters.passwordError as string | undefined} />
    </LoginViewStory>
  ),
};
export default meta;
type Story = StoryObj;

/** Opening the link: the activation call is on its way. */
export const Activating: Story = { parameters: { state: { kind: 'activating' } satisfies ActivationState, http: pendingHttp } };

/** Activated: a way to sign in to the service the registration started from. */
export const Activated: Story = { parameters: { http: cannedHttp({ '/activations/verify': RESULT }) } };

/** The ID was active already (the link was used before). */
export const AlreadyActive: Story = { parameters: { http: cannedHttp({ '/activations/verify': new ApiError(-20623, 'already', 400, RESULT) }) } };

/** Older than 24 hours: a new mail in one click. */
export const Expired: Story = { parameters: { http: cannedHttp({ '/activations/verify': new ApiError(-20679, 'expired', 400, { reason: 'expired' }) }) } };

/** A new mail asked for within 60 s of the last: the wait (frozen at 42 s). */
export const NewMailWait: Story = {
  parameters: {
    state: { kind: 'expired' } satisfies ActivationState,
    http: cannedHttp({ '/activations/renew': new ApiError(-60001, 'wait', 429, { retryAfterSeconds: 42 }) }),
  },
  play: async ({ canvasElement }) => {
    Array.from(canvasElement.querySelectorAll('button')).find((b) => b.textContent?.includes('Send a new activation email'))?.click();
    await until(() => Boolean(canvasElement.textContent?.includes('in 42 s')), 'in 42 s');
  },
};

/** The address was registered again while pending: the link needs the newest registration's password. */
export const PasswordNeeded: Story = {
  parameters: { http: cannedHttp({ '/activations/verify': new ApiError(-10020, 'password', 400, { field: 'password', reason: 'contested' }) }) },
};

/** Another password than the newest registration's. */
export const PasswordRefused: Story = {
  parameters: {
    state: { kind: 'password' } satisfies ActivationState,
    passwordError: 'That is not the password of the most recent registration. If you did not register this address again, register once more with your own password and use the newest email.',
  },
};

/** Unknown token. */
export const Invalid: Story = { parameters: { http: cannedHttp({ '/activations/verify': new ApiError(-20679, 'invalid', 400, { reason: 'invalid' }) }) } };

/** Opened without the token (a reload, a cut link). */
export const Missing: Story = { parameters: { state: { kind: 'missing' } satisfies ActivationState } };

/** The call failed (offline, server error): try again. */
export const Failed: Story = { parameters: { http: cannedHttp({ '/activations/verify': new ApiError(-10000, 'unexpected', 500) }) } };

export const RightToLeft: Story = { parameters: { dir: 'rtl', http: cannedHttp({ '/activations/verify': RESULT }) } };

export const Arabic: Story = inArabic(RightToLeft);
