import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type HttpClient, LoginPageContext, type LoginPageServices, type LoginViewProps, type Registry } from '@portal/plugin-api';
import { cannedHttp, inArabic, pluginsById, press, StoryPortal, testRegistry, until, untilText } from '@portal/plugin-api/testing';
import type { ComponentType } from 'react';
import passkeys from './index';
import { installFakeWebAuthn, notAllowed, webAuthnError } from './testing';

/*
 * The sign-in form with the passkeys plugin: its "Sign in with a passkey" under the form, mocked
 * at the HTTP boundary and at WebAuthn (a fake authenticator; no autofill, so the stories do not
 * depend on the browser's). Shot as a login view (375 and 1366).
 */

type Loaded = { registry: Registry; SignInView: ComponentType<LoginViewProps> };

interface Params {
  http?: HttpClient;
  /** The browser prompt is dismissed. */
  cancel?: boolean;
  /** The browser refuses the ceremony with this error (e.g. a SecurityError at an IP address). */
  fail?: Error;
}

const OPTIONS = { options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required', timeout: 300000 } };

const services: LoginPageServices = {
  goTo: () => undefined,
  hasView: (view) => ['signIn', 'register', 'reset'].includes(view),
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('session_code=sc-story'),
};

const meta: Meta = {
  title: 'Plugins/SignIn/Passkeys',
  loaders: [
    async ({ parameters }): Promise<Loaded> => {
      const fake = installFakeWebAuthn();
      if ((parameters as Params).cancel) fake.get.fail = notAllowed();
      const fail = (parameters as Params).fail;
      if (fail) fake.get.fail = fail;
      const registry = await testRegistry([...(await pluginsById('sign-in')), passkeys]);
      const view = registry.loginViews.find((v) => v.value.id === 'signIn')!;
      const { default: SignInView } = (await view.value.view()) as { default: ComponentType<LoginViewProps> };
      // The method's chunk ahead of the first draw, as the app has it by the time anyone clicks.
      await import('./PasskeySignIn');
      return { registry, SignInView };
    },
  ],
  render: (_args, { loaded, parameters }) => {
    const { registry, SignInView } = loaded as Loaded;
    return (
      <StoryPortal registry={registry} http={(parameters as Params).http ?? cannedHttp({ '/login/passkey/options': OPTIONS })} path="/login">
        <LoginPageContext.Provider value={services}>
          <div css={{ maxWidth: 440 }}>
            <SignInView goTo={() => undefined} data={undefined} />
          </div>
        </LoginPageContext.Provider>
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

/** The form with "Sign in with a passkey" under its button. */
export const WithPasskey: Story = {
  play: ({ canvasElement }) => untilText(canvasElement, 'Sign in with a passkey'),
};

/** Waiting for the browser's passkey prompt (the options call has not answered). */
export const Waiting: Story = {
  parameters: { http: { post: () => new Promise(() => undefined), get: () => new Promise(() => undefined) } as unknown as HttpClient },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Sign in with a passkey');
    await until(() => canvasElement.querySelector('button[aria-busy="true"]'), 'the busy button');
  },
};

/** The server did not accept the passkey (removed, or another account's). */
export const Refused: Story = {
  parameters: { http: cannedHttp({ '/login/passkey/options': OPTIONS, '/login/passkey/verify': new ApiError(-20601, 'The passkey was not accepted.', 400, { passkey: true }) }) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Sign in with a passkey');
    await untilText(canvasElement, 'This passkey was not accepted.');
  },
};

/** The person closed the browser's prompt. */
export const Cancelled: Story = {
  parameters: { cancel: true },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Sign in with a passkey');
    await untilText(canvasElement, 'Passkey sign-in was cancelled.');
  },
};

/**
 * The browser refused the ceremony (issue 27): here a SecurityError, which at the IP address the
 * visual run serves Storybook on (127.0.0.1) says that passkeys need a site name, naming the address.
 */
export const BrowserRefused: Story = {
  parameters: { fail: webAuthnError('SecurityError', 'This is an invalid domain.') },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Sign in with a passkey');
    await untilText(canvasElement, 'Your browser refused passkeys');
  },
};

/** The same in Arabic: the address stays whole and left to right inside the sentence. */
export const BrowserRefusedArabic: Story = {
  ...inArabic(BrowserRefused),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'تسجيل الدخول باستخدام مفتاح مرور');
    await untilText(canvasElement, 'رفض متصفحك مفاتيح المرور');
  },
};
