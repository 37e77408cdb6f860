import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type HttpClient, type LoginPageServices, type Registry } from '@portal/plugin-api';
import { cannedHttp, LoginViewStory, pendingHttp, press, testRegistry, until, untilText } from '@portal/plugin-api/testing';
import EmailCodeMethod from './EmailCodeMethod';
import emailCode from './index';

/*
 * "Email me a sign-in code" as it shows under the sign-in form, with the address typed above it
 * (`args.email`). Mocked at the HTTP boundary.
 */

type Loaded = { registry: Registry };

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('session_code=sc-story'),
};

const meta: Meta = {
  title: 'Plugins/EmailCode/EmailCodeMethod',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([emailCode]) })],
  args: { email: 'ana.novak@partner-example.com' },
  render: (args, { loaded, parameters }) => (
    <LoginViewStory registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? cannedHttp({})} loginPage={loginPage} width={400}>
      <EmailCodeMethod email={(args as { email: string }).email} busy={false} signIn={async () => undefined} />
    </LoginViewStory>
  ),
};
export default meta;
type Story = StoryObj;

export const Idle: Story = {};

/** Pressed before an address was typed: says what to do first. */
export const EmailMissing: Story = {
  args: { email: '' },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Email me a sign-in code');
    await untilText(canvasElement, 'Type your email address above first.');
  },
};

export const Sending: Story = {
  parameters: { http: pendingHttp },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Email me a sign-in code');
    await until(() => canvasElement.querySelector('button[aria-busy="true"]'), 'the busy button');
  },
};

/** A code was mailed to this address a moment ago (-60001): the wait, frozen at 42 s. */
export const RateLimited: Story = {
  parameters: { http: cannedHttp({ '/login/email-code': new ApiError(-60001, 'wait', 429, { retryAfterSeconds: 42 }) }) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Email me a sign-in code');
    await untilText(canvasElement, 'Try again in 42 s.');
  },
};
