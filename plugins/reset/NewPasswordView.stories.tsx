import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ApiError,
  type HttpClient,
  type LoginPageServices,
  type Registry,
  type ResetLinkInfo,
} from '@portal/plugin-api';
import { cannedHttp, LoginViewStory, pendingHttp, testRegistry, until } from '@portal/plugin-api/testing';
import reset from './index';
import NewPasswordView, { type NewPasswordState } from './NewPasswordView';

type Loaded = { registry: Registry };

const LINK: ResetLinkInfo = { email: 'ana.novak@partner-example.com', expiresAt: Date.UTC(2024, 4, 1, 10, 30), country: 'DE' };

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('module=newPassword&lang=en_US&client=demo-service'),
};

/** Sets a react-hook-form input as typing would (the native setter, then an input event). */
function type(canvasElement: HTMLElement, name: string, value: string) {
  const input = canvasElement.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) return;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Fills the form and submits it (no clicks: Loki disables pointer events), then waits for `text`. */
async function fillAndSubmit(canvasElement: HTMLElement, password: string, confirm: string, text: string) {
  type(canvasElement, 'password', password);
  type(canvasElement, 'confirmPassword', confirm);
  canvasElement.querySelector('form')?.requestSubmit();
  await until(() => Boolean(document.body.textContent?.includes(text)), text);
}

function press(canvasElement: HTMLElement, label: string) {
  Array.from(canvasElement.querySelectorAll('button')).find((b) => b.textContent?.includes(label))?.click();
}


const meta: Meta = {
  title: 'Plugins/Reset/NewPasswordView',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([reset]) })],
  render: (_args, { loaded, parameters }) => (
    <LoginViewStory registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? cannedHttp({})} loginPage={loginPage}>
      <NewPasswordView goTo={() => undefined} initialState={parameters.state as NewPasswordState} linkToken="euw.story-token" />
    </LoginViewStory>
  ),
};
export default meta;
type Story = StoryObj;

const form: NewPasswordState = { kind: 'form', link: LINK };

/** The link is being checked. */
export const Checking: Story = { parameters: { state: { kind: 'checking' } satisfies NewPasswordState, http: pendingHttp } };

/** The link works: the new password, twice. */
export const Form: Story = { parameters: { state: form } };

/** A weak password is refused inline (the register form's rule), nothing is sent. */
export const WeakPassword: Story = {
  parameters: { state: form },
  play: ({ canvasElement }) => fillAndSubmit(canvasElement, 'weakpass', 'weakpass', 'Use 8 to 32 characters'),
};

/** A strong password with its meter; the confirmation does not match. */
export const Mismatch: Story = {
  parameters: { state: form },
  play: ({ canvasElement }) => fillAndSubmit(canvasElement, 'Fresh-pass-2025', 'Fresh-pass-2026', 'inconsistent'),
};

/** -3065: the server found the password on its common-password list: the reason on the field, the meter reads weak. */
export const CommonPassword: Story = {
  parameters: { state: form, http: cannedHttp({ '/password-reset': new ApiError(-3065, 'too common', 400) }) },
  play: ({ canvasElement }) => fillAndSubmit(canvasElement, 'Left4dead', 'Left4dead', 'This password is too common'),
};

/** Saving. */
export const Saving: Story = {
  parameters: { state: form, http: pendingHttp },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'Fresh-pass-2025', 'Fresh-pass-2025', '');
    await until(() => Boolean(canvasElement.querySelector('button[aria-busy="true"]')), 'button[aria-busy="true"]');
  },
};

/** The server failed: the message inline, what was typed is kept. */
export const SaveFailed: Story = {
  parameters: { state: form, http: cannedHttp({ '/password-reset': new ApiError(-10000, 'unexpected', 500) }) },
  play: ({ canvasElement }) => fillAndSubmit(canvasElement, 'Fresh-pass-2025', 'Fresh-pass-2025', 'An unexpected error occurred.'),
};

/** Done: a way to sign in to the service the reset started from. */
export const Done: Story = { parameters: { state: { kind: 'done', result: { email: LINK.email, serviceUrl: null } } satisfies NewPasswordState } };

export const Expired: Story = { parameters: { state: { kind: 'problem', problem: 'expired' } satisfies NewPasswordState } };

export const Used: Story = { parameters: { state: { kind: 'problem', problem: 'used' } satisfies NewPasswordState } };

/** A new link asked for within 60 s of the last mail: the wait (frozen at 42 s). */
export const NewLinkWait: Story = {
  parameters: {
    state: { kind: 'problem', problem: 'expired' } satisfies NewPasswordState,
    http: cannedHttp({ '/password-reset/renew': new ApiError(-11021, 'wait', 429, { retryAfterSeconds: 42 }) }),
  },
  play: async ({ canvasElement }) => {
    press(canvasElement, 'Send a new link');
    await until(() => Boolean(canvasElement.textContent?.includes('in 42 s')), 'in 42 s');
  },
};

export const Invalid: Story = { parameters: { state: { kind: 'problem', problem: 'invalid' } satisfies NewPasswordState } };

/** Opened without the token (a reload, a cut link). */
export const Missing: Story = { parameters: { state: { kind: 'problem', problem: 'missing' } satisfies NewPasswordState } };

/** The check itself failed (offline, server error): try again. */
export const CheckFailed: Story = { parameters: { state: { kind: 'checkFailed', error: new ApiError(-1, undefined, 0) } satisfies NewPasswordState } };

export const RightToLeft: Story = { parameters: { dir: 'rtl', state: form } };

export const Arabic: Story = inArabic(RightToLeft);
