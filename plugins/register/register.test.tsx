import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  dismissToast,
  getToast,
  type HttpClient,
  type PluginManifest,
  type RegionLookupResult,
  type RegionWhiteList,
  type RegisterResult,
  saveInvite,
} from '@portal/plugin-api';
import {
  buildRegistry,
  fakeCaptcha,
  regionCodesKept,
  renderPortal,
  resetRegionWhiteList,
  testDeployment,
  testLoginPage,
  testRegistry,
} from '@portal/plugin-api/testing';
import register from './index';
import RegisterView from './RegisterView';
import { TERMINAL_KEY } from './terminal';

const WHITE_LIST: RegionWhiteList = { Use: ['US', 'CA'], Aps: ['SG', 'KR', 'JP'], Euw: ['DE', 'FR', 'GB', 'CH', 'AT', 'NO'] };

type Post = (path: string, body: unknown, options: unknown) => Promise<unknown>;

function fakeHttp(options: { post?: Post; visitor?: RegionLookupResult | Error; whiteList?: RegionWhiteList | Error } = {}) {
  const { visitor = { regionCode: null, countryCode: null }, whiteList = WHITE_LIST } = options;
  const get = vi.fn(async (path: string) => {
    const answer = path === '/region/white-list' ? whiteList : path === '/accounts/region' ? visitor : undefined;
    if (answer instanceof Error) throw answer;
    if (answer === undefined) throw new Error(`unexpected GET ${path}`);
    return answer;
  });
  const post = vi.fn(options.post ?? (async (_path: string, body: unknown) => ({ email: (body as { email: string }).email, region: 'Euw', activated: false }) satisfies RegisterResult));
  return { get, post } as unknown as HttpClient & { get: typeof get; post: typeof post };
}

interface Setup {
  http?: ReturnType<typeof fakeHttp>;
  query?: string;
  views?: string[];
  config?: Record<string, unknown>;
  plugins?: PluginManifest[];
  /** An invitation locks the country: the selector stays disabled. */
  countryLocked?: boolean;
}

async function renderRegister(setup: Setup = {}) {
  const http = setup.http ?? fakeHttp();
  const registry = await testRegistry([register, ...(setup.plugins ?? [])], { register: setup.config ?? {} });
  const { services, wrap } = testLoginPage({ query: new URLSearchParams(setup.query ?? ''), views: setup.views });
  const utils = renderPortal(wrap(<RegisterView goTo={services.goTo} />), { registry, http, path: '/login' });
  await screen.findByRole('heading', { name: 'Create your Unified ID' });
  // The country list arrives asynchronously; the selector is enabled once it is in (unless an invitation locks it).
  if (!setup.countryLocked) await waitFor(() => expect(countryInput()).toBeEnabled());
  return { ...utils, http, goTo: services.goTo, user: userEvent.setup({ delay: null }) };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input labelled `name` (a required field's label ends in a decorative asterisk). */
const field = (name: string) => screen.getByLabelText(new RegExp(`^${escape(name)}\\*?$`), { selector: 'input' }) as HTMLInputElement;
const countryInput = () => screen.getByRole('combobox', { name: 'Country/region' }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Create ID' });
const alertOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error')) ?? '');

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  const input = countryInput();
  await user.clear(input);
  await user.type(input, name);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

const VALID = { email: 'new.user@partner.test', password: 'Sturdy-pass-42', firstName: 'Nora', lastName: 'Neu' };

async function fillValid(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof VALID> & { country?: string; terms?: boolean } = {}) {
  const v = { ...VALID, ...values };
  if (!field('Email').readOnly) await user.type(field('Email'), v.email);
  await user.type(field('Password'), v.password);
  if (values.country !== undefined) await chooseCountry(user, values.country);
  await user.type(field('First name'), v.firstName);
  await user.type(field('Last name'), v.lastName);
  if (values.terms !== false) await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
}

beforeEach(() => resetRegionWhiteList());
afterEach(() => dismissToast());

describe('register plugin manifest', () => {
  it("contributes the login view 'register' and its namespace", async () => {
    const registry = await testRegistry([register]);
    expect(registry.loginViews.map((v) => [v.pluginId, v.value.id])).toEqual([['register', 'register']]);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['register']);
  });

  it('has defaults for the terms and privacy links and accepts https URLs or own paths', async () => {
    const registry = await testRegistry([register], { register: { termsUrl: '/legal/terms', privacyUrl: 'https://vendor.test/privacy' } });
    expect(registry.pluginConfigs.get('register')).toEqual({ termsUrl: '/legal/terms', privacyUrl: 'https://vendor.test/privacy' });
    const defaults = await testRegistry([register]);
    expect(defaults.pluginConfigs.get('register')).toMatchObject({ termsUrl: expect.stringMatching(/^https:\/\//), privacyUrl: expect.stringMatching(/^https:\/\//) });
  });

  it.each([
    [{ termsUrl: 'http://plain.test/terms' }, "config field 'termsUrl'"],
    [{ privacyUrl: '//elsewhere.test/privacy' }, "config field 'privacyUrl'"],
    [{ privacyUrl: 'javascript:alert(1)' }, "config field 'privacyUrl'"],
    [{ colour: 'red' }, "config field 'colour': is not a known field"],
  ])('rejects bad config %j', async (config, message) => {
    await expect(buildRegistry([register], { register: { enabled: true, config } }, testDeployment)).rejects.toThrow(message);
  });
});

describe('RegisterView: the form', () => {
  it('labels every field and marks the required ones; the heading can take the focus the host moves to it', async () => {
    await renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your Unified ID' })).toHaveAttribute('tabindex', '-1');
    for (const name of ['Email', 'Password', 'First name', 'Last name']) expect(field(name)).toHaveAttribute('aria-required', 'true');
    expect(countryInput()).toHaveAttribute('aria-required', 'true');
    expect(field('Phone (optional)')).not.toHaveAttribute('aria-required');
    expect(field('Email')).toHaveAttribute('autocomplete', 'email');
    expect(field('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('checkbox', { name: /Send me news/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /I have read and accept/ })).not.toBeChecked();
  });

  it('shows and hides the password', async () => {
    const { user } = await renderRegister();
    await user.type(field('Password'), 'Sturdy-pass-42');
    expect(field('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field('Password')).toHaveAttribute('type', 'password');
  });

  it('links the terms of use and the privacy policy from the config, in a new tab so nothing typed is lost', async () => {
    await renderRegister({ config: { termsUrl: 'https://vendor.test/terms', privacyUrl: '/privacy' } });
    const terms = screen.getByRole('link', { name: 'Terms of Use' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(terms).toHaveAttribute('href', 'https://vendor.test/terms');
    expect(privacy).toHaveAttribute('href', '/privacy');
    for (const link of [terms, privacy]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it("has a 'Sign in' link back to the sign-in view, only when that view exists", async () => {
    const { user, goTo, unmount } = await renderRegister({ query: 'session_code=sc-1' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(goTo).toHaveBeenCalledWith('signIn');
    unmount();
    await renderRegister({ views: ['register', 'email'] });
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByText('Already have an ID?')).toBeNull();
  });

  it("without a login session 'Sign in' goes to the authorize entry, which starts one", async () => {
    saveInvite({ invitedEmail: 'invitee@example.com', inviteCode: 'INV-1', orgRegion: 'Euw', status: 'unregistered' });
    const { user, goTo, location } = await renderRegister({ query: 'module=register&inviteCode=INV-1' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(goTo).not.toHaveBeenCalled();
    expect(location.history).toEqual(['/login', '/']);
  });

  it('offers a retry when the country list cannot be loaded', async () => {
    const http = fakeHttp({ whiteList: new ApiError(-10000, 'down', 500) });
    const registry = await testRegistry([register]);
    const { services, wrap } = testLoginPage();
    renderPortal(wrap(<RegisterView goTo={services.goTo} />), { registry, http });
    expect(await screen.findByText('The list of countries/regions could not be loaded.')).toBeInTheDocument();
    http.get.mockImplementation(async (path: string) => (path === '/region/white-list' ? WHITE_LIST : { regionCode: null, countryCode: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(countryInput()).toBeEnabled());
  });
});

describe('RegisterView: country/region default and subscription', () => {
  it('preselects the visitor country when it is on the white-list, with its storage hint', async () => {
    await renderRegister({ http: fakeHttp({ visitor: { regionCode: 'Use', countryCode: 'US' } }) });
    await waitFor(() => expect(countryInput()).toHaveValue('United States'));
    expect(screen.getByText(regionCodesKept('Your data will be stored in: North America (us-east-1)'))).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Send me news/ })).toBeChecked();
  });

  it('does not preselect a visitor country that is not on the white-list', async () => {
    const http = fakeHttp({ visitor: { regionCode: null, countryCode: 'ZZ' } });
    await renderRegister({ http });
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('/accounts/region', { auth: 'none' }));
    expect(countryInput()).toHaveValue('');
    expect(screen.getByText('Your country/region decides where your account data is stored.')).toBeInTheDocument();
  });

  it('keeps working without a default when the visitor lookup fails', async () => {
    const { user } = await renderRegister({ http: fakeHttp({ visitor: new ApiError(0, undefined, 0) }) });
    expect(countryInput()).toHaveValue('');
    await chooseCountry(user, 'Japan');
    expect(countryInput()).toHaveValue('Japan');
  });

  it('a European visitor gets the subscription unticked by default', async () => {
    await renderRegister({ http: fakeHttp({ visitor: { regionCode: 'Euw', countryCode: 'DE' } }) });
    await waitFor(() => expect(countryInput()).toHaveValue('Germany'));
    expect(screen.getByRole('checkbox', { name: /Send me news/ })).not.toBeChecked();
  });

  it.each([
    ['Germany', false],
    ['Austria', false],
    ['France', false],
    ['United Kingdom', false],
    ['South Korea', false],
    ['Switzerland', false],
    ['Singapore', true],
    ['Japan', true],
    ['United States', true],
    ['Canada', true],
  ])('choosing %s sets the subscription default to %s', async (country, ticked) => {
    const { user } = await renderRegister();
    await chooseCountry(user, country);
    expect(screen.getByRole('checkbox', { name: /Send me news/ })).toHaveProperty('checked', ticked);
  });

  it('the default follows the country until the user touches the checkbox', async () => {
    const { user } = await renderRegister();
    const subscription = () => screen.getByRole('checkbox', { name: /Send me news/ });
    await chooseCountry(user, 'Germany');
    expect(subscription()).not.toBeChecked();
    await chooseCountry(user, 'Singapore');
    expect(subscription()).toBeChecked();
    await user.click(subscription()); // the user says no
    await chooseCountry(user, 'United States');
    expect(subscription()).not.toBeChecked();
    await user.click(subscription()); // and now yes
    await chooseCountry(user, 'France');
    expect(subscription()).toBeChecked();
  });

  it('a country the user picked is not replaced by a late visitor default', async () => {
    let answer: (value: RegionLookupResult) => void = () => undefined;
    const http = fakeHttp();
    http.get.mockImplementation(async (path: string) => (path === '/region/white-list' ? WHITE_LIST : new Promise<RegionLookupResult>((resolve) => (answer = resolve))));
    const { user } = await renderRegister({ http });
    await chooseCountry(user, 'Japan');
    await act(async () => answer({ regionCode: 'Euw', countryCode: 'DE' }));
    expect(countryInput()).toHaveValue('Japan');
  });

  it('a late visitor default does not interrupt a country being typed', async () => {
    let answer: (value: RegionLookupResult) => void = () => undefined;
    const http = fakeHttp();
    http.get.mockImplementation(async (path: string) => (path === '/region/white-list' ? WHITE_LIST : new Promise<RegionLookupResult>((resolve) => (answer = resolve))));
    const { user } = await renderRegister({ http });
    const input = countryInput(); // while the list is open its label is out of the accessibility tree
    await user.type(input, 'Fra');
    await act(async () => answer({ regionCode: 'Use', countryCode: 'US' }));
    expect(input).toHaveValue('Fra');
    expect(screen.queryByText(/North America/)).toBeNull(); // no storage hint of the default
    await user.click(await screen.findByRole('option', { name: /^France/ }));
    expect(input).toHaveValue('France');
  });
});

describe('RegisterView: rules of spec section 5, on blur', () => {
  it.each([
    ['', 'This field is required'],
    ['not-an-email', 'Enter a valid email address.'],
    [`${'a'.repeat(60)}@x.test`, 'The email address can have at most 64 characters.'],
    ['someone@corp.internal', 'Addresses of internal domains cannot be used.'],
    ['someone@corp.invalid', 'Addresses of internal domains cannot be used.'],
  ])('email %j: %s', async (value, message) => {
    const { user } = await renderRegister();
    await user.click(field('Email'));
    // Empty: typed in, then emptied (an untouched field says nothing on blur, see below).
    await user.type(field('Email'), value || 'x');
    if (!value) await user.clear(field('Email'));
    expect(screen.queryByText(message)).toBeNull();
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(alertOf(field('Email'))).toHaveTextContent(message);
  });

  it('a field nobody typed in says nothing when a click elsewhere takes the focus (the click is not lost, issue 27)', async () => {
    const { user } = await renderRegister();
    await user.click(field('Email'));
    await user.click(field('First name'));
    await user.click(document.body);
    await new Promise((r) => setTimeout(r, 150));
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('a valid email passes', async () => {
    const { user } = await renderRegister();
    await user.type(field('Email'), 'ok@partner.test');
    await user.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  const PASSWORD_RULE = 'Use 8 to 32 characters with no spaces; the password contains two of: letters, digits, symbols.';
  const SINGAPORE_RULE = 'Use 10 to 32 characters with no spaces; the password contains two of: letters, digits, symbols.';

  it.each([
    ['', 'This field is required'],
    ['Ab1!xyz', PASSWORD_RULE], // 7
    ['abcdefgh', PASSWORD_RULE], // one class
    ['12345678', PASSWORD_RULE],
    ['Abc 12345', PASSWORD_RULE], // space
    ['Abcdé12345', PASSWORD_RULE], // not ASCII
    [`Ab1${'x'.repeat(30)}`, PASSWORD_RULE], // 33
  ])('password %j: %s', async (value, message) => {
    const { user } = await renderRegister();
    await user.click(field('Password'));
    await user.type(field('Password'), value || 'x');
    if (!value) await user.clear(field('Password'));
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each(['abcdefg1', 'abcdefg!', '12345678!', `Ab1${'x'.repeat(29)}`])('password %j passes (8-32, two classes)', async (value) => {
    const { user } = await renderRegister();
    await user.type(field('Password'), value);
    await user.tab();
    await new Promise((r) => setTimeout(r, 150));
    expect(field('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('validates the password 100 ms after blur, not at once', async () => {
    const { user } = await renderRegister();
    await user.type(field('Password'), 'short1');
    await user.tab();
    expect(screen.queryByText(PASSWORD_RULE)).toBeNull();
    await new Promise((r) => setTimeout(r, 40));
    expect(screen.queryByText(PASSWORD_RULE)).toBeNull();
    expect(await screen.findByText(PASSWORD_RULE)).toBeInTheDocument();
  });

  it('coming back to the password within 100 ms validates nothing', async () => {
    const { user } = await renderRegister();
    await user.type(field('Password'), 'short1');
    await user.tab();
    act(() => field('Password').focus());
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText(PASSWORD_RULE)).toBeNull();
  });

  it('Singapore asks for 10 to 32 characters', async () => {
    const { user } = await renderRegister();
    await chooseCountry(user, 'Singapore');
    await user.type(field('Password'), 'Abcdefg12'); // 9
    await user.tab();
    expect(await screen.findByText(SINGAPORE_RULE)).toBeInTheDocument();
    expect(screen.getByText('10 to 32 characters with at least two of: letters, digits, symbols.')).toBeInTheDocument();
    await user.type(field('Password'), '3'); // 10
    await user.tab();
    await waitFor(() => expect(screen.queryByText(SINGAPORE_RULE)).toBeNull());
  });

  it('choosing Singapore after the password was checked checks it again under the Singapore rule, and back', async () => {
    const { user } = await renderRegister();
    await user.type(field('Password'), 'Abcdefg12');
    await user.tab();
    await new Promise((r) => setTimeout(r, 150));
    expect(field('Password')).not.toHaveAttribute('aria-invalid');
    await chooseCountry(user, 'Singapore');
    expect(await screen.findByText(SINGAPORE_RULE)).toBeInTheDocument();
    await chooseCountry(user, 'Japan');
    await waitFor(() => expect(screen.queryByText(SINGAPORE_RULE)).toBeNull());
  });

  it.each([
    ['', 'This field is required'],
    ['x'.repeat(101), 'At most 100 characters.'],
    ['Ana 😀', 'This field contains characters that are not supported.'],
    ['Ana; drop', `These characters are not allowed: " ' \\ ; : < @`],
    ['a@b', `These characters are not allowed: " ' \\ ; : < @`],
  ])('first and last name %j: %s', async (value, message) => {
    const { user } = await renderRegister();
    for (const name of ['First name', 'Last name']) {
      await user.click(field(name));
      await user.type(field(name), value || 'x');
      if (!value) await user.clear(field(name));
      await user.tab();
      await waitFor(() => expect(alertOf(field(name))).toHaveTextContent(message));
    }
  });

  it('names up to 100 characters, in any BMP script, pass', async () => {
    const { user } = await renderRegister();
    await user.type(field('First name'), 'Žofie Ørsted-Łukasz 王');
    await user.type(field('Last name'), 'y'.repeat(100));
    await user.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(field('First name')).not.toHaveAttribute('aria-invalid');
    expect(field('Last name')).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['1234567890123456', 'Enter digits only, at most 15 (no spaces, + or dashes).'],
    ['+4930123', 'Enter digits only, at most 15 (no spaces, + or dashes).'],
    ['030 1234', 'Enter digits only, at most 15 (no spaces, + or dashes).'],
  ])('phone %j: %s', async (value, message) => {
    const { user } = await renderRegister();
    await user.type(field('Phone (optional)'), value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each(['', '1', '123456789012345'])('phone %j passes (optional, at most 15 digits)', async (value) => {
    const { user } = await renderRegister();
    await user.click(field('Phone (optional)'));
    if (value) await user.type(field('Phone (optional)'), value);
    await user.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(field('Phone (optional)')).not.toHaveAttribute('aria-invalid');
  });

  it('submitting an empty form shows every required message, focuses the first field and sends nothing', async () => {
    const { user, http } = await renderRegister();
    await user.click(submit());
    expect(await screen.findAllByText('This field is required')).toHaveLength(4); // email, password, first, last name
    expect(screen.getByText('Select your country/region.')).toBeInTheDocument();
    expect(screen.getByText('Please read and accept the Terms of Use.')).toBeInTheDocument();
    expect(field('Email')).toHaveFocus();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('terms not accepted: the message at the checkbox and a warning', async () => {
    const { user, http } = await renderRegister();
    await fillValid(user, { country: 'Japan', terms: false });
    await user.click(submit());
    const checkbox = screen.getByRole('checkbox', { name: /I have read and accept/ });
    await waitFor(() => expect(checkbox).toHaveAttribute('aria-invalid', 'true'));
    expect(alertOf(checkbox)).toHaveTextContent('Please read and accept the Terms of Use.');
    expect(getToast()).toMatchObject({ kind: 'warning', message: 'Please read and accept the Terms of Use.' });
    expect(http.post).not.toHaveBeenCalled();
  });
});

describe('RegisterView: the strength meter', () => {
  it('appears once the minimum length is reached', async () => {
    const { user } = await renderRegister();
    await user.type(field('Password'), 'Xq7#mZp');
    expect(screen.queryByTestId('strength-meter')).toBeNull();
    await user.type(field('Password'), '2');
    expect(screen.getByTestId('strength-meter')).toBeInTheDocument();
    expect(field('Password').getAttribute('aria-describedby')).toContain(screen.getByText(/^Password strength:/).id);
  });

  it('for Singapore only from 10 characters', async () => {
    const { user } = await renderRegister();
    await chooseCountry(user, 'Singapore');
    await user.type(field('Password'), 'Xq7#mZp2v');
    expect(screen.queryByTestId('strength-meter')).toBeNull();
    await user.type(field('Password'), 'L');
    expect(screen.getByTestId('strength-meter')).toBeInTheDocument();
  });

  it.each([
    ['mqzvkwpr', 'Weak', 'weak'],
    ['password', 'Weak (a commonly used password)', 'weak'],
    ['Xyz-12345', 'Medium', 'medium'],
    // Scored strong by its make-up, but on the common-password list.
    ['Password123!', 'Weak (a commonly used password)', 'weak'],
    ['Demo-pass-2024', 'Strong', 'strong'],
    ['xK#9mQ!2vL@7', 'Very strong', 'veryStrong'],
  ])('%s reads %s', async (password, label, level) => {
    const { user } = await renderRegister();
    await user.type(field('Password'), password);
    expect(screen.getByText(`Password strength: ${label}`)).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', level);
  });
});

describe('RegisterView: submitting', () => {
  it('posts the register request and goes to the email-sent view', async () => {
    const { user, http, goTo } = await renderRegister({ query: 'productLine=NVR&topicSubscription=news,events&session_code=sc-demo' });
    await fillValid(user, { country: 'Japan' });
    await user.type(field('Phone (optional)'), '81312345678');
    await user.click(submit());
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: VALID.email, purpose: 'activation', viaInvite: false }));
    expect(http.post).toHaveBeenCalledTimes(1);
    const [path, body, options] = http.post.mock.calls[0]!;
    expect(path).toBe('/register/captcha');
    // The login session goes along: the activation link belongs to the service the registration started from.
    expect(options).toEqual({ auth: 'none', headers: { session_code: 'sc-demo' } });
    expect(body).toEqual({
      email: VALID.email,
      password: VALID.password,
      regionCode: 'JP',
      firstName: 'Nora',
      lastName: 'Neu',
      phone: '81312345678',
      subscription: true,
      productLine: 'NVR',
      topicSubscription: 'news,events',
      language: 'en_US',
      terminalUUID: localStorage.getItem(TERMINAL_KEY),
    });
    expect(localStorage.getItem(TERMINAL_KEY)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('trims the email and names, leaves out an empty phone and the query fields that are absent', async () => {
    const { user, http } = await renderRegister();
    await fillValid(user, { country: 'Germany', email: '  spaced@partner.test ', firstName: ' Nora ' });
    await user.click(submit());
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    const body = http.post.mock.calls[0]![1] as Record<string, unknown>;
    expect(body).toMatchObject({ email: 'spaced@partner.test', firstName: 'Nora', regionCode: 'DE', subscription: false });
    expect(body).not.toHaveProperty('phone');
    expect(body).not.toHaveProperty('productLine');
    expect(body).not.toHaveProperty('topicSubscription');
    expect(body).not.toHaveProperty('inviteCode');
  });

  it('keeps the terminal id of this browser across registrations', async () => {
    localStorage.setItem(TERMINAL_KEY, '3f1e2d4c-5b6a-4789-8abc-def012345678');
    const { user, http } = await renderRegister();
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    expect((http.post.mock.calls[0]![1] as { terminalUUID: string }).terminalUUID).toBe('3f1e2d4c-5b6a-4789-8abc-def012345678');
  });

  it('shows the button busy while the call runs and ignores a second submit', async () => {
    let finish: (value: RegisterResult) => void = () => undefined;
    const http = fakeHttp({ post: () => new Promise((resolve) => (finish = resolve)) });
    const { user, goTo } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await waitFor(() => expect(submit()).toHaveAttribute('aria-busy', 'true'));
    await user.click(submit());
    await user.type(field('Last name'), '{Enter}');
    expect(http.post).toHaveBeenCalledTimes(1);
    await act(async () => finish({ email: VALID.email, region: 'Aps', activated: false }));
    expect(goTo).toHaveBeenCalledWith('email', expect.objectContaining({ email: VALID.email }));
  });

  it('-20621: the email is taken, shown on the email field; nothing typed is lost', async () => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-20621, 'exists', 409)) });
    const { user, goTo } = await renderRegister({ http });
    expect(http.post).not.toHaveBeenCalled();
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await waitFor(() => expect(alertOf(field('Email'))).toHaveTextContent('An ID with this email address already exists.'));
    expect(field('Email')).toHaveFocus();
    expect(goTo).not.toHaveBeenCalled();
    expect(getToast()).toBeNull();
    expect(field('Email')).toHaveValue(VALID.email);
    expect(field('Password')).toHaveValue(VALID.password);
    expect(field('First name')).toHaveValue('Nora');
    expect(countryInput()).toHaveValue('Japan');
    expect(screen.getByRole('checkbox', { name: /I have read and accept/ })).toBeChecked();
    // Leaving the field unchanged keeps the message, and the same address is not sent again.
    await user.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(alertOf(field('Email'))).toHaveTextContent('An ID with this email address already exists.');
    await user.click(submit());
    await new Promise((r) => setTimeout(r, 50));
    expect(http.post).toHaveBeenCalledTimes(1);
    // Editing the address and leaving the field clears the server's message.
    await user.clear(field('Email'));
    await user.type(field('Email'), 'other@partner.test');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('An ID with this email address already exists.')).toBeNull());
    await user.click(submit());
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(2));
    expect(http.post.mock.calls[1]![1]).toMatchObject({ email: 'other@partner.test' });
  });

  it('-3065: a commonly used password, shown with its reason on the password field; the meter reads weak until it changes', async () => {
    // Left4dead is on the server's list but not among the most common the meter knows.
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-3065, 'too common', 400)) });
    const { user, goTo } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan', password: 'Left4dead' });
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'medium');
    await user.click(submit());
    const reason = 'This password is too common: it appears in lists of often used or leaked passwords. Please choose a different one.';
    await waitFor(() => expect(alertOf(field('Password'))).toHaveTextContent(reason));
    expect(field('Password')).toHaveFocus();
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-level', 'weak');
    expect(screen.getByText('Password strength: Weak (a commonly used password)')).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
    expect(getToast()).toBeNull();
    expect(field('First name')).toHaveValue('Nora');
    // Another password: the message goes, the meter rates it on its own, and it is sent.
    await user.type(field('Password'), '-Kq');
    await waitFor(() => expect(screen.queryByText(reason)).toBeNull());
    expect(screen.getByTestId('strength-meter')).not.toHaveAttribute('data-common');
    await user.click(submit());
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(2));
    expect(http.post.mock.calls[1]![1]).toMatchObject({ password: 'Left4dead-Kq' });
  });

  it('-20602: not activated yet, the server re-sent the mail: email-sent view', async () => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-20602, 'not activated', 400, { email: VALID.email, mailSent: true })) });
    const { user, goTo } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: VALID.email, purpose: 'activation' }));
    expect(getToast()).toBeNull();
  });

  it('-20602 inside the resend wait: no mail went out, so the email-sent view is told so and when Resend can send (issue 27)', async () => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-20602, 'not activated', 400, { email: VALID.email, mailSent: false, resendAfterSeconds: 42 })) });
    const { user, goTo } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: VALID.email, purpose: 'activation', mailSent: false, resendAfterSeconds: 42 }));
  });

  it('-20623: already activated: an inline message with a button to sign in', async () => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-20623, 'activated', 400)) });
    const { user, goTo } = await renderRegister({ http, query: 'session_code=sc-1' });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    const notice = await screen.findByText('An ID with this email address already exists and is activated. Sign in with it instead.');
    const box = notice.closest('[role="alert"]') as HTMLElement;
    expect(box).not.toBeNull();
    await user.click(within(box).getByRole('button', { name: 'Sign in' }));
    expect(goTo).toHaveBeenCalledWith('signIn');
    expect(getToast()).toBeNull();
  });

  it('-10020 with a field: the message goes on that field', async () => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-10020, 'lastName is invalid', 400, { field: 'lastName' })) });
    const { user } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan', lastName: 'Neil' });
    await user.click(submit());
    await waitFor(() => expect(alertOf(field('Last name'))).toHaveTextContent('The server did not accept this value. Please check it.'));
    expect(field('Last name')).toHaveFocus();
    expect(getToast()).toBeNull();
  });

  it('-10020 naming no field of the form: the default toast', async () => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-10020, 'bad', 400, { field: 'topicSubscription' })) });
    const { user } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message: 'Invalid parameter.' }));
  });

  it.each([
    [-20200, 'Email', 'Invalid email address.'],
    [-3063, 'Password', 'The password format is invalid.'],
    [-20615, 'Password', 'The password format is invalid.'],
  ])('%i goes on the %s field', async (code, name, message) => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(code, 'no', 400)) });
    const { user } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await waitFor(() => expect(alertOf(field(name))).toHaveTextContent(message));
  });

  it.each([-3069, -3085, -20206])('%i goes on the country/region field', async (code) => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(code, 'no', 400)) });
    const { user } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    expect(await screen.findByText('The country/region code is invalid.')).toBeInTheDocument();
    expect(countryInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it("-40014 (an invitation's registration in another region) goes on the country/region field, in the invitee's words", async () => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-40014, 'no', 400)) });
    const { user } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    expect(await screen.findByText("This country/region keeps its data in another region than your organization's. Choose one in your organization's data region.")).toBeInTheDocument();
    expect(countryInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('You cannot invite users from other regions.')).toBeNull();
    expect(getToast()).toBeNull();
  });

  it.each([
    [-60001, 'Too many requests. Please try again later.'],
    [-10000, 'An unexpected error occurred. Please try again later.'],
  ])('%i: the default handler toast, and the form keeps its values', async (code, message) => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(code, 'x', 400)) });
    const { user, goTo } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message }));
    expect(goTo).not.toHaveBeenCalled();
    expect(field('Password')).toHaveValue(VALID.password);
    expect(submit()).not.toHaveAttribute('aria-busy');
  });

  it('-23029 opens the captcha step; verified, the registration continues with the captcha token', async () => {
    const http = fakeHttp({
      post: async (_path, body) => {
        if (!(body as { captchaToken?: string }).captchaToken) throw new ApiError(-23029, 'captcha', 400, { serviceRegion: 'Aps', captchaUrl: '/api/captcha/frame' });
        return { email: VALID.email, region: 'Aps', activated: false };
      },
    });
    const { user, goTo } = await renderRegister({ http, plugins: [fakeCaptcha] });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Sliding verification' });
    expect(field('Email')).toBeVisible(); // a modal step: the form stays behind it
    await user.click(within(dialog).getByRole('button', { name: 'Verified' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: VALID.email, purpose: 'activation', viaInvite: false }));
    expect(http.post).toHaveBeenCalledTimes(2);
    expect(http.post.mock.calls[1]![1]).toMatchObject({ email: VALID.email, regionCode: 'JP', captchaToken: 'captcha-ok' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closing the captcha step returns to the filled form', async () => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-23029, 'captcha', 400)) });
    const { user, goTo } = await renderRegister({ http, plugins: [fakeCaptcha] });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field('Email')).toHaveValue(VALID.email);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('-23029 without a captcha plugin on the page: the default toast', async () => {
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-23029, 'captcha', 400)) });
    const { user } = await renderRegister({ http });
    await fillValid(user, { country: 'Japan' });
    await user.click(submit());
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'Please complete the sliding verification.' }));
  });
});

describe('RegisterView: invited registration', () => {
  const INVITE = { invitedEmail: 'invitee@example.com', inviteCode: 'INV-123', orgRegion: 'Aps', status: 'unregistered' };

  it('locks the invited email, limits the countries to the organization region and sends the invite code', async () => {
    saveInvite(INVITE);
    const http = fakeHttp({ post: async () => ({ email: INVITE.invitedEmail, region: 'Aps', activated: true }), visitor: { regionCode: 'Euw', countryCode: 'DE' } });
    const { user, goTo } = await renderRegister({ http, query: 'module=register&inviteCode=INV-123' });
    expect(screen.getByText('You were invited to join an organization. Create your ID to accept.')).toBeInTheDocument();
    expect(field('Email')).toHaveValue('invitee@example.com');
    expect(field('Email')).toHaveAttribute('readonly');
    // Locked, it looks like a value, not like a field to type in: tinted ground, no border.
    expect(getComputedStyle(field('Email')).borderTopColor).toBe('rgba(0, 0, 0, 0)');
    expect(screen.getByText('This is the address your invitation was sent to.')).toBeInTheDocument();
    expect(screen.getByText(/Your organization keeps its data in Asia Pacific, Singapore \(ap-\u2060southeast-\u20601\)/)).toBeInTheDocument();
    // The visitor is in Germany, outside the organization's region: no default.
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('/accounts/region', { auth: 'none' }));
    expect(countryInput()).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Show options' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toHaveLength(3);
    expect(options.join(' ')).toMatch(/Japan/);
    expect(options.join(' ')).not.toMatch(/Germany|United States/);
    await user.click(screen.getByRole('option', { name: /^Singapore/ }));

    await user.type(field('Password'), 'Sturdy-pass-42');
    await user.type(field('First name'), 'Ivy');
    await user.type(field('Last name'), 'Invitee');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(submit());
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: 'invitee@example.com', purpose: 'activation', viaInvite: true }));
    expect(http.post.mock.calls[0]![1]).toMatchObject({ email: 'invitee@example.com', regionCode: 'SG', inviteCode: 'INV-123' });
  });

  it("prefills and locks the organization's country/region with the email (spec section 4) and registers with it", async () => {
    saveInvite({ ...INVITE, orgCountry: 'KR' });
    const http = fakeHttp({ post: async () => ({ email: INVITE.invitedEmail, region: 'Aps', activated: true }), visitor: { regionCode: 'Euw', countryCode: 'DE' } });
    const { user, goTo } = await renderRegister({ http, query: 'module=register&inviteCode=INV-123', countryLocked: true });
    expect(field('Email')).toHaveAttribute('readonly');
    // the name once the list is in
    await waitFor(() => expect(countryInput()).toHaveValue('South Korea'));
    expect(countryInput()).toBeDisabled();
    expect(countryInput()).toHaveAccessibleDescription(/Your invitation sets this: your organization's country\/region\..*Asia Pacific/);
    // The locked country sets the subscription default too (off for South Korea).
    expect(screen.getByRole('checkbox', { name: /Send me news/ })).not.toBeChecked();
    await user.type(field('Password'), 'Sturdy-pass-42');
    await user.type(field('First name'), 'Ivy');
    await user.type(field('Last name'), 'Invitee');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(submit());
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: 'invitee@example.com', purpose: 'activation', viaInvite: true }));
    expect(http.post.mock.calls[0]![1]).toMatchObject({ email: 'invitee@example.com', regionCode: 'KR', inviteCode: 'INV-123' });
  });

  it('the email cannot be edited', async () => {
    saveInvite(INVITE);
    const { user } = await renderRegister({ query: 'module=register&inviteCode=INV-123' });
    await user.type(field('Email'), 'x');
    expect(field('Email')).toHaveValue('invitee@example.com');
  });

  it('preselects the visitor country when it is in the organization region', async () => {
    saveInvite(INVITE);
    await renderRegister({ http: fakeHttp({ visitor: { regionCode: 'Aps', countryCode: 'KR' } }), query: 'module=register&inviteCode=INV-123' });
    await waitFor(() => expect(countryInput()).toHaveValue('South Korea'));
    expect(screen.getByRole('checkbox', { name: /Send me news/ })).not.toBeChecked();
  });

  it('ignores a stored invitation this page was not opened for', async () => {
    saveInvite(INVITE);
    await renderRegister();
    expect(field('Email')).toHaveValue('');
    expect(field('Email')).not.toHaveAttribute('readonly');
    expect(screen.queryByText(/Your organization keeps its data/)).toBeNull();
  });
});
