import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type HttpClient, type LoginPageServices, type Registry } from '@portal/plugin-api';
import { cannedHttp, LoginViewStory, press, testRegistry, untilText } from '@portal/plugin-api/testing';
import type { SocialProvider } from './contract';
import socialSignIn from './index';
import SocialButtons from './SocialButtons';

/*
 * "Continue with Google" (Microsoft, Apple) as it shows under the sign-in and registration forms,
 * one button per provider the deployment offers (`parameters.providers`, the plugin's config).
 * Mocked at the HTTP boundary: no story leaves for a provider.
 */

type Loaded = { registry: Registry };

interface Params {
  http?: HttpClient;
  providers?: SocialProvider[];
}

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('session_code=sc-story'),
};

const meta: Meta = {
  title: 'Plugins/SocialSignIn/SocialButtons',
  loaders: [async ({ parameters }): Promise<Loaded> => ({ registry: await testRegistry([socialSignIn], { 'social-sign-in': { providers: (parameters as Params).providers ?? ['google'] } }) })],
  render: (_args, { loaded, parameters }) => (
    <LoginViewStory registry={(loaded as Loaded).registry} http={(parameters as Params).http ?? cannedHttp({})} loginPage={loginPage} width={400}>
      <SocialButtons />
    </LoginViewStory>
  ),
};
export default meta;
type Story = StoryObj;

/** The one provider the deployment offers here. */
export const OneProvider: Story = {
  play: ({ canvasElement }) => untilText(canvasElement, 'Continue with Google'),
};

/** Every provider, in the configured order. */
export const ThreeProviders: Story = {
  parameters: { providers: ['google', 'microsoft', 'apple'] },
  play: ({ canvasElement }) => untilText(canvasElement, 'Continue with Apple'),
};

/** The start call failed: said under the buttons, every button usable again. */
export const StartFailed: Story = {
  parameters: { providers: ['google', 'microsoft', 'apple'], http: cannedHttp({ '/login/social/start': new ApiError(-10000, 'unexpected', 500) }) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Continue with Google');
    await untilText(canvasElement, 'Google sign-in is not available right now.');
  },
};
