import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type HttpClient, type LoginPageServices, type Registry } from '@portal/plugin-api';
import {
  cannedHttp,
  LoginViewStory,
  pendingHttp,
  testRegistry,
  withClientTheme,
} from '@portal/plugin-api/testing';
import reset from './index';
import ResetView from './ResetView';

type Loaded = { registry: Registry };

const PATH = '/auth/password-reset-request';
const EMAIL = 'ana.novak@partner-example.com';

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams(),
};

/** Mocked at the HTTP boundary: the server answers `error` (or a mail-sent result). */
const failingWith = (error: ApiError) => cannedHttp({ [PATH]: error });

/** Submits the form (no clicks: Loki disables pointer events) and waits until `text` shows. */
async function submit(canvasElement: HTMLElement, text?: string) {
  canvasElement.querySelector('form')?.requestSubmit();
  const deadline = Date.now() + 5000;
  while (text && !document.body.textContent?.includes(text) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

const meta: Meta = {
  title: 'Plugins/Reset/ResetView',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([reset]) })],
  render: (_args, { loaded, parameters }) => (
    <LoginViewStory registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? cannedHttp({ [PATH]: { email: EMAIL, resendAfterSeconds: 60 } })} loginPage={(parameters.loginPage as LoginPageServices | undefined) ?? loginPage} width={400}>
      <ResetView goTo={() => undefined} data={parameters.data} />
    </LoginViewStory>
  ),
};
export default meta;
type Story = StoryObj;

export const Empty: Story = {};

export const Filled: Story = { parameters: { data: { email: EMAIL } } };

/** Without a sign-in view on the page (a client that only allows reset): no way back. */
export const WithoutSignIn: Story = {
  parameters: { data: { email: EMAIL }, loginPage: { ...loginPage, hasView: (view: string) => view !== 'signIn' } },
};

export const InvalidEmail: Story = {
  parameters: { data: { email: 'ana.novak@partner' } },
  play: ({ canvasElement }) => submit(canvasElement, 'Enter a valid email address.'),
};

/** -3086: the server knows no such user; the message sits on the email field. */
export const EmailError: Story = {
  parameters: { data: { email: EMAIL }, http: failingWith(new ApiError(-3086, 'user not exist', 400)) },
  play: ({ canvasElement }) => submit(canvasElement, 'This user does not exist.'),
};

/** -11021: a reset mail went out a moment ago; the countdown is frozen at 42 s here. */
export const WaitCountdown: Story = {
  parameters: { data: { email: EMAIL }, http: failingWith(new ApiError(-11021, 'wait', 429, { retryAfterSeconds: 42 })) },
  play: ({ canvasElement }) => submit(canvasElement, 'in 42 s'),
};

/** -5001: the mail could not be sent; a warning dialog with a contact-support link. */
export const MailFailedDialog: Story = {
  parameters: {
    data: { email: EMAIL },
    http: failingWith(new ApiError(-5001, 'mail failed', 502)),
    loki: { chromeSelector: '#headlessui-portal-root' },
  },
  play: ({ canvasElement }) => submit(canvasElement, 'Contact support'),
};

/** Any other error: an inline error message, the typed address kept. */
export const OtherError: Story = {
  parameters: { data: { email: EMAIL }, http: failingWith(new ApiError(-10000, 'unexpected', 500)) },
  play: ({ canvasElement }) => submit(canvasElement, 'An unexpected error occurred.'),
};

export const Submitting: Story = {
  parameters: { data: { email: EMAIL }, http: pendingHttp },
  play: async ({ canvasElement }) => {
    await submit(canvasElement);
    const deadline = Date.now() + 5000;
    while (!canvasElement.querySelector('button[aria-busy="true"]') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  },
};

export const RightToLeft: Story = {
  parameters: { dir: 'rtl', data: { email: EMAIL }, http: failingWith(new ApiError(-11021, 'wait', 429, { retryAfterSeconds: 42 })) },
  play: ({ canvasElement }) => submit(canvasElement, 'in 42 s'),
};

/** A connected service's theme (the green partner). */
export const ClientTheme: Story = withClientTheme(Filled);

export const Arabic: Story = inArabic(Filled);
