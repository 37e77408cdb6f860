import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import {
  ApiError,
  clearInvite,
  type HttpClient,
  LoginPageContext,
  type LoginPageServices,
  type RegionLookupResult,
  type RegionWhiteList,
  type RegisterResult,
  type Registry,
  saveInvite,
} from '@portal/plugin-api';
import { resetRegionWhiteList, StoryPortal, testRegistry, withClientTheme, until } from '@portal/plugin-api/testing';
import register from './index';
import { RegisterForm, type RegisterFormValues } from './RegisterView';

/** Enough countries of each data region to show the grouped list. */
const WHITE_LIST: RegionWhiteList = {
  Use: ['US', 'CA', 'MX', 'BR'],
  Aps: ['SG', 'KR', 'JP', 'AU', 'IN'],
  Euw: ['DE', 'FR', 'GB', 'CH', 'CZ', 'ES', 'IT', 'NL', 'PL'],
};

interface StoryHttp {
  visitor?: RegionLookupResult;
  /** What `POST /register/captcha` does: answer, fail, or never answer (submitting). */
  register?: RegisterResult | ApiError | 'pending';
}

/** The HTTP boundary of these stories: answers at once, or never (a call in flight). */
function storyHttp({ visitor = { regionCode: null, countryCode: null }, register: outcome = { email: 'x', region: 'Euw', activated: false } }: StoryHttp): HttpClient {
  const get = async (path: string) => (path === '/region/white-list' ? WHITE_LIST : path === '/accounts/region' ? visitor : null);
  const post = async () => {
    if (outcome === 'pending') return new Promise<never>(() => undefined);
    if (outcome instanceof ApiError) throw outcome;
    return outcome;
  };
  return { get, post } as unknown as HttpClient;
}

function StoryLoginPage({ query = '', children }: { query?: string; children: ReactNode }) {
  const services: LoginPageServices = {
    goTo: () => undefined,
    hasView: (view) => ['signIn', 'register', 'email', 'reset', 'locked'].includes(view),
    pluginAllowed: () => true,
    pageInfo: null,
    query: new URLSearchParams(query),
  };
  return <LoginPageContext.Provider value={services}>{children}</LoginPageContext.Provider>;
}

type Loaded = { registry: Registry };
interface Params {
  http?: StoryHttp;
  query?: string;
  initialValues?: Partial<RegisterFormValues>;
}

const meta: Meta = {
  title: 'Plugins/Register/RegisterView',
  loaders: [
    async (): Promise<Loaded> => {
      resetRegionWhiteList();
      clearInvite();
      return { registry: await testRegistry([register], { register: { termsUrl: '/demo-service/terms.html', privacyUrl: '/demo-service/privacy.html' } }) };
    },
  ],
  render: (_args, { loaded, parameters }) => {
    const p = parameters as Params;
    return (
      <StoryPortal registry={(loaded as Loaded).registry} http={storyHttp(p.http ?? {})} path="/login">
        <StoryLoginPage query={p.query}>
          <div style={{ maxWidth: 440, padding: 16 }}>
            <RegisterForm goTo={() => undefined} initialValues={p.initialValues} />
          </div>
        </StoryLoginPage>
      </StoryPortal>
    );
  },
  // Every story waits until the country list is in, so the screenshot never shows a half-loaded form.
  play: async ({ canvasElement }) => {
    await until(() => Boolean(canvasElement.querySelector('[role="combobox"]:not([disabled])')), '[role="combobox"]:not([disabled])');
  },
};
export default meta;
type Story = StoryObj;

/** Submit the form without a pointer (Loki turns pointer events off), then wait for `done`. */
function submitThen(done: (root: HTMLElement) => boolean) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await until(() => Boolean(canvasElement.querySelector('[role="combobox"]:not([disabled])')), '[role="combobox"]:not([disabled])');
    canvasElement.querySelector('form')!.requestSubmit();
    await until(() => done(canvasElement), 'the state after submitting');
  };
}

const FILLED: Partial<RegisterFormValues> = {
  email: 'nora.neumann@partner-example.com',
  password: 'Sturdy-pass-42',
  regionCode: 'DE',
  firstName: 'Nora',
  lastName: 'Neumann',
  phone: '49301234567',
  terms: true,
};

export const Empty: Story = {};

/** The visitor lookup said United States: preselected, subscription ticked. */
export const VisitorDefault: Story = {
  parameters: { http: { visitor: { regionCode: 'Use', countryCode: 'US' } } },
  play: async ({ canvasElement }) => {
    await until(() => (canvasElement.querySelector('[role="combobox"]') as HTMLInputElement | null)?.value === 'United States', '[role="combobox"]');
  },
};

/** Everything filled in; Germany, so the subscription starts unticked. */
export const Filled: Story = { parameters: { initialValues: FILLED } };

export const ValidationErrors: Story = {
  parameters: { initialValues: { email: 'nora@partner', password: 'short', phone: '+49 30 1234' } },
  play: submitThen((root) => root.querySelectorAll('[role="alert"]').length >= 6),
};

/** Singapore asks for 10 to 32 characters: 9 are not enough, and the meter waits for 10. */
export const SingaporeRule: Story = {
  parameters: { initialValues: { ...FILLED, regionCode: 'SG', password: 'Sturdy-42', phone: '' } },
  play: submitThen((root) => Boolean(root.querySelector('input[name="password"][aria-invalid="true"]'))),
};

export const StrengthWeak: Story = { parameters: { initialValues: { ...FILLED, password: 'mqzvkwpr' } } };
/** Strong by its make-up, but one of the most common passwords the meter knows: weak, and it says why. */
export const StrengthCommon: Story = { parameters: { initialValues: { ...FILLED, password: 'Password123!' } } };
export const StrengthMedium: Story = { parameters: { initialValues: { ...FILLED, password: 'Xyz-12345' } } };
export const StrengthStrong: Story = { parameters: { initialValues: { ...FILLED, password: 'Demo-pass-2024' } } };
export const StrengthVeryStrong: Story = { parameters: { initialValues: { ...FILLED, password: 'xK#9mQ!2vL@7' } } };

/** Opened from an invitation: the email is locked and only countries of the organization's region are offered. */
export const Invited: Story = {
  loaders: [
    async (): Promise<Loaded> => {
      resetRegionWhiteList();
      saveInvite({ invitedEmail: 'invitee@example.com', inviteCode: 'INV-STORY', orgRegion: 'Aps', status: 'unregistered' });
      return { registry: await testRegistry([register]) };
    },
  ],
  parameters: { query: 'module=register&inviteCode=INV-STORY', initialValues: { firstName: 'Ivy', lastName: 'Invitee' } },
};

/** An invitation that names the organization's country/region: prefilled and locked with the email (spec section 4). */
export const InvitedCountryLocked: Story = {
  loaders: [
    async (): Promise<Loaded> => {
      resetRegionWhiteList();
      saveInvite({ invitedEmail: 'invitee@example.com', inviteCode: 'INV-STORY', orgRegion: 'Euw', status: 'unregistered', orgCountry: 'DE' });
      return { registry: await testRegistry([register]) };
    },
  ],
  parameters: { query: 'module=register&inviteCode=INV-STORY', initialValues: { firstName: 'Ivy', lastName: 'Invitee' } },
};

export const Submitting: Story = {
  parameters: { initialValues: FILLED, http: { register: 'pending' } },
  play: submitThen((root) => Boolean(root.querySelector('button[type="submit"][aria-busy="true"]'))),
};

/** -20621: the address is taken; the message sits on the email field and nothing typed is lost. */
export const EmailTaken: Story = {
  parameters: { initialValues: FILLED, http: { register: new ApiError(-20621, 'exists', 409) } },
  play: submitThen((root) => Boolean(root.querySelector('input[name="email"][aria-invalid="true"]'))),
};

/** -3065: the server found the password on its common-password list; the reason sits on the password field and the meter reads weak. */
export const CommonPasswordRefused: Story = {
  parameters: { initialValues: { ...FILLED, password: 'Left4dead' }, http: { register: new ApiError(-3065, 'too common', 400) } },
  play: submitThen((root) => Boolean(root.querySelector('input[name="password"][aria-invalid="true"]') && root.querySelector('[data-testid="strength-meter"][data-common]'))),
};

/** -20623: already activated; an inline message with a way to sign in. */
export const AlreadyActivated: Story = {
  parameters: { initialValues: FILLED, http: { register: new ApiError(-20623, 'activated', 400) } },
  play: submitThen((root) => Boolean(root.querySelector('form [role="alert"] button'))),
};

export const DarkTheme: Story = { parameters: { theme: 'midnight', initialValues: FILLED } };

export const RightToLeft: Story = { parameters: { dir: 'rtl', initialValues: FILLED } };

/** A connected service's theme (the green partner): the filled form, strength meter and button. */
export const ClientTheme: Story = withClientTheme(Filled);

export const Arabic: Story = inArabic(RightToLeft);
