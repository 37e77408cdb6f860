import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import {
  ApiError,
  type HttpClient,
  LOGIN_SLOT_POINT,
  LoginPageContext,
  type LoginPageServices,
  type InviteGuardReason,
  refuseInvite,
  type Registry,
} from '@portal/plugin-api';
import { cannedHttp, pluginsById, StoryPortal, testRegistry, withClientTheme, until } from '@portal/plugin-api/testing';
import signIn from './index';
import SignInView from './SignInView';

/*
 * The sign-in form, mocked at the HTTP boundary: POST /login answers with the ApiError a
 * story names, and its play function fills the form and submits it (no clicks: Loki disables
 * pointer events), then waits for the alert. The help-desk notice is the layout's
 * 'aboveForm' slot, drawn here the way the layout draws it.
 */

type Loaded = { registry: Registry; AboveForm: ComponentType };

/** The help-desk plugin's 'aboveForm' part, taken from the registry and loaded before the story draws. */
async function load(): Promise<Loaded> {
  const registry = await testRegistry([signIn, ...(await pluginsById('helpdesk'))]);
  const slot = registry.getContributions(LOGIN_SLOT_POINT).find((s) => s.area === 'aboveForm');
  if (!slot) throw new Error('The help-desk plugin contributes no aboveForm part');
  const { default: AboveForm } = await slot.component();
  return { registry, AboveForm };
}

interface Params {
  http?: HttpClient;
  query?: string;
  data?: unknown;
  views?: string[];
  signUpUrl?: string;
  notice?: boolean;
  /** The server flags the login session: a service asks this signed-in account to sign in again. */
  reauthenticate?: string;
}

const EMAIL = 'ana.novak@partner-example.com';
const PASSWORD = 'Sunny-Day-42';

/** POST /login fails with `error`. */
const failingWith = (error: ApiError) => cannedHttp({ '/login': error });
/** A sign-in that never answers: the button stays in its loading state. */
const pending = { post: () => new Promise(() => undefined), get: () => new Promise(() => undefined) } as unknown as HttpClient;

function services(p: Params): LoginPageServices {
  const views = p.views ?? ['signIn', 'register', 'reset', 'email', 'locked'];
  return {
    goTo: () => undefined,
    hasView: (view) => views.includes(view),
    pluginAllowed: () => true,
    pageInfo:
      p.signUpUrl || p.reauthenticate
        ? {
            carouselInfos: [],
            language: null,
            title: null,
            titleLogoUrl: null,
            logoUrl: null,
            signUpUrl: p.signUpUrl ?? null,
            clientId: 'partner-cloud',
            clientName: 'Partner Cloud',
            reauthenticate: p.reauthenticate ? { email: p.reauthenticate } : null,
          }
        : null,
    query: new URLSearchParams(p.query ?? 'session_code=sc-story'),
  };
}

/** Types into a React-controlled input the way the browser does (value, then an input event). */
function typeInto(input: HTMLInputElement | null, value: string) {
  if (!input) return;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function fill(canvasElement: HTMLElement, email: string, password: string) {
  typeInto(canvasElement.querySelector<HTMLInputElement>('input[type="email"]'), email);
  typeInto(canvasElement.querySelector<HTMLInputElement>('input[type="password"]'), password);
  await until(() => canvasElement.querySelector<HTMLInputElement>('input[type="password"]')?.value === password, 'input[type="password"]');
}

/** Fills the form, submits it and waits until `text` shows. */
async function signInWith(canvasElement: HTMLElement, text: string, email = EMAIL, password = PASSWORD) {
  await fill(canvasElement, email, password);
  canvasElement.querySelector('form')?.requestSubmit();
  await until(() => Boolean(canvasElement.textContent?.includes(text)), text);
}

const meta: Meta = {
  title: 'Plugins/SignIn/SignInView',
  loaders: [load],
  render: (_args, { loaded, parameters }) => {
    const p = parameters as Params;
    const { registry, AboveForm } = loaded as Loaded;
    return (
      <StoryPortal registry={registry} http={p.http ?? cannedHttp({})} path="/login">
        <LoginPageContext.Provider value={services(p)}>
          <div css={{ maxWidth: 440 }}>
            {p.notice ? <AboveForm /> : null}
            <SignInView goTo={() => undefined} data={p.data} />
          </div>
        </LoginPageContext.Provider>
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

/** Nothing typed: Sign in is disabled until both fields have something. */
export const Empty: Story = {};

/** An invitation link that cannot register ended here (spec section 2): sign-in says why. */
const invitation = (reason: InviteGuardReason): Story => ({
  loaders: [
    async () => {
      refuseInvite(reason);
      return {};
    },
  ],
});
export const InvitationInvalid: Story = invitation('invalid');
export const InvitationAlreadyRegistered: Story = invitation('registered');

/** Address and password typed (the address may also come from the link or the previous view). */
export const Filled: Story = {
  play: ({ canvasElement }) => fill(canvasElement, EMAIL, PASSWORD),
};

/** The address from the view before (e.g. Back from the locked view): the field is filled. */
export const EmailFromPreviousView: Story = { parameters: { data: { email: EMAIL } } };

/** Submitted with a malformed address and no password: the rules' messages on the fields. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'ana.novak@partner', '');
    canvasElement.querySelector('form')?.requestSubmit();
    await until(() => Boolean(canvasElement.textContent?.includes('Enter a valid email address.')), 'Enter a valid email address.');
  },
};

export const Submitting: Story = {
  parameters: { http: pending },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, EMAIL, PASSWORD);
    canvasElement.querySelector('form')?.requestSubmit();
    await until(() => Boolean(canvasElement.querySelector('button[aria-busy="true"]')), 'button[aria-busy="true"]');
  },
};

/** -20601 with remainAttempts: the attempts left; the password is cleared and focused. */
export const AttemptsLeft: Story = {
  parameters: { http: failingWith(new ApiError(-20601, 'wrong credentials', 400, { remainAttempts: 3, lockedMinutes: 30 })) },
  play: ({ canvasElement }) => signInWith(canvasElement, 'Attempts left: 3'),
};

/** -20601 without a count: the plain message. */
export const WrongCredentials: Story = {
  parameters: { http: failingWith(new ApiError(-20601, 'wrong credentials', 400)) },
  play: ({ canvasElement }) => signInWith(canvasElement, 'Incorrect ID or password.'),
};

/** One attempt left: the warning names the lock that follows, here 1 h 30 min. */
export const LastAttemptWarning: Story = {
  parameters: { http: failingWith(new ApiError(-20601, 'wrong credentials', 400, { remainAttempts: 1, lockedMinutes: 90 })) },
  play: ({ canvasElement }) => signInWith(canvasElement, '1 h 30 min'),
};

/** Back from the activation link (activated=1). */
export const ActivatedNotice: Story = { parameters: { query: 'session_code=sc-story&activated=1&email=ana.novak%40partner-example.com', data: { email: EMAIL } } };

/** The activation link was invalid or expired (activated=0). */
export const ActivationFailed: Story = { parameters: { query: 'session_code=sc-story&activated=0' } };

/** -29999: signed in meanwhile (another tab): said as information while the page goes on to the service. */
export const InfoMessage: Story = {
  parameters: { http: failingWith(new ApiError(-29999, 'login session exists', 400)) },
  play: ({ canvasElement }) => signInWith(canvasElement, 'You are already signed in.'),
};

/** -20679 with a fresh session code: the page was open too long; what was typed stays, the next submit goes on (issue 27). */
export const PageExpired: Story = {
  parameters: { http: failingWith(new ApiError(-20679, 'expired', 400, { sessionCode: 'sc-story-2' })) },
  play: ({ canvasElement }) => signInWith(canvasElement, 'This page was open too long'),
};

/** The same notice in Arabic, right to left. */
export const PageExpiredArabic: Story = {
  ...inArabic(PageExpired),
  play: ({ canvasElement }) => signInWith(canvasElement, 'ظلّت هذه الصفحة مفتوحة'),
};

/** -60001: too many requests; the typed password stays. */
export const RateLimited: Story = {
  parameters: { http: failingWith(new ApiError(-60001, 'rate limited', 429, { retryAfterSeconds: 30 })) },
  play: ({ canvasElement }) => signInWith(canvasElement, 'Too many requests.'),
};

/** 403 -19999 for mfa: the account's two-step verification is off in its region, so the server refuses it (fail closed). */
export const SecondFactorOff: Story = {
  parameters: { http: failingWith(new ApiError(-19999, 'plugin off', 403, { plugin: 'mfa', offIn: 'Euw', appType: null })) },
  play: ({ canvasElement }) => signInWith(canvasElement, 'Two-step verification is not available'),
};

/** 403 -20213 `closed`: the ID was closed by its person and waits to be deleted; the mailed link restores it. */
export const ClosedId: Story = {
  parameters: { http: failingWith(new ApiError(-20213, 'closed', 403, { reason: 'closed' })) },
  play: ({ canvasElement }) => signInWith(canvasElement, 'This ID is closed and waits to be deleted'),
};

/** A help-desk sign-in (source=zendesk): the help-desk notice above the form. */
export const WithHelpdeskNotice: Story = {
  parameters: {
    notice: true,
    query: 'session_code=sc-story&source=zendesk&brand_id=360001&locale_id=1&return_to=https%3A%2F%2Fhelp.vendor.example%2Fhc',
  },
};

/** A client without the reset and register views: no Forgot password, no Create one. */
export const WithoutResetAndRegister: Story = { parameters: { views: ['signIn', 'email', 'locked'] } };

/** The client's own sign-up page (signUpUrl) instead of the register view. */
export const ExternalSignUp: Story = { parameters: { views: ['signIn', 'reset', 'email', 'locked'], signUpUrl: 'https://partner-cloud.example/sign-up' } };

export const DarkTheme: Story = {
  parameters: { theme: 'midnight', http: failingWith(new ApiError(-20601, 'wrong credentials', 400, { remainAttempts: 1, lockedMinutes: 25 })) },
  play: ({ canvasElement }) => signInWith(canvasElement, '25 min'),
};

export const RightToLeft: Story = {
  parameters: { dir: 'rtl', http: failingWith(new ApiError(-20601, 'wrong credentials', 400, { remainAttempts: 3 })) },
  play: ({ canvasElement }) => signInWith(canvasElement, 'Attempts left: 3'),
};

/** A connected service's theme (the green partner): the filled form with its primary button. */
export const ClientTheme: Story = withClientTheme(Filled);

/** A service asked the signed-in account to sign in again (OpenID prompt=login): its address fixed, the password asked. */
export const Reauthenticate: Story = { parameters: { reauthenticate: EMAIL } };

/** The re-authentication with a wrong password: the attempts left, the address still fixed. */
export const ReauthenticateWrongPassword: Story = {
  parameters: { reauthenticate: EMAIL, http: failingWith(new ApiError(-20601, 'wrong credentials', 400, { remainAttempts: 4, lockedMinutes: 30 })) },
  play: async ({ canvasElement }) => {
    typeInto(canvasElement.querySelector<HTMLInputElement>('input[type="password"]'), PASSWORD);
    await until(() => canvasElement.querySelector<HTMLInputElement>('input[type="password"]')?.value === PASSWORD, 'input[type="password"]');
    canvasElement.querySelector('form')?.requestSubmit();
    await until(() => Boolean(canvasElement.textContent?.includes('Attempts left: 4')), 'Attempts left: 4');
  },
};

export const Arabic: Story = inArabic(Filled);
