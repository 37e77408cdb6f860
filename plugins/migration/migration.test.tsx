import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  dismissToast,
  getToast,
  type HttpClient,
  type InterruptedCall,
  type InterruptProps,
  type LocalAccountItem,
  LOGIN_INTERRUPT_POINT,
  type MergeResult,
  type MigrateResult,
  type MigrationRequiredResult,
  type RegionWhiteList,
  useInterruptibleCall,
} from '@portal/plugin-api';
import { buildRegistry, regionCodesKept, renderPortal, resetRegionWhiteList, testDeployment, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import migration from './index';
import MigrationStep from './MigrationStep';

const WHITE_LIST: RegionWhiteList = { Use: ['US', 'CA'], Aps: ['SG', 'KR'], Euw: ['DE', 'AT', 'FR'] };
const SUPPORT = 'https://support.vendor.example/contact';
const TERMS = 'https://vendor.example/terms';

const leo: LocalAccountItem = {
  email: 'legacy-one@example.com', identityProvider: 'partnerProgram', uuidProvider: 'pp-leo', firstName: 'Leo', lastName: 'Local', region: null,
  mfa: false, subscription: true, productLine: 'NVR', subscriptionTopic: 'news',
};
const lenaProgram: LocalAccountItem = { ...leo, email: 'legacy-many@example.com', uuidProvider: 'pp-lena', firstName: 'Lena', lastName: 'Many', region: 'Euw' };
const lenaApp: LocalAccountItem = { ...lenaProgram, identityProvider: 'partnerApp', uuidProvider: 'pa-lena', firstName: 'Lenka', region: 'Aps', mfa: true, subscription: false };
const maxVendor: LocalAccountItem = { ...leo, email: 'merge@example.com', identityProvider: 'vendorId', uuidProvider: 'v-max', firstName: 'Max', lastName: 'Merge', region: 'Euw' };
const maxApp: LocalAccountItem = { ...maxVendor, identityProvider: 'partnerApp', uuidProvider: 'pa-max' };

const MIGRATE: MigrationRequiredResult = { variant: 'migrate', accounts: [leo], migrationToken: 'mt-1' };
const PICK: MigrationRequiredResult = { variant: 'pick', accounts: [lenaProgram, lenaApp], migrationToken: 'mt-2' };
const MERGE: MigrationRequiredResult = { variant: 'merge', accounts: [maxVendor, maxApp], migrationToken: 'mt-3' };

type Post = (path: string, body: unknown, options: Record<string, unknown>) => Promise<unknown>;
function fakeHttp(post: Post = async () => null) {
  return {
    get: vi.fn(async (path: string) => {
      if (path === '/region/white-list') return WHITE_LIST;
      throw new Error(`unexpected GET ${path}`);
    }),
    post: vi.fn(post),
  } as unknown as HttpClient & { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn<Post>> };
}

const migrationError = (result: unknown) => new ApiError(-6, 'merge', 400, result);

async function renderStep(result: unknown, http = fakeHttp(), config: Record<string, unknown> = { supportUrl: SUPPORT, termsUrl: TERMS }) {
  const registry = await testRegistry([migration], { migration: config });
  const props = {
    error: migrationError(result),
    call: 'signIn',
    form: { email: 'x@example.com', password: 'Legacy-pass-2024' },
    retry: vi.fn(async () => undefined),
    cancel: vi.fn<() => void>(),
    goTo: vi.fn<(view: string, data?: unknown) => void>(),
  } satisfies InterruptProps;
  const { wrap } = testLoginPage({ query: new URLSearchParams('session_code=sc-mig') });
  const utils = renderPortal(wrap(<MigrationStep {...props} />), { registry, http });
  return { ...utils, props, http };
}

async function chooseCountry(name: string) {
  const input = await screen.findByRole('combobox', { name: /Country\/region/ });
  await userEvent.click(input);
  await userEvent.type(input, name);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const lastPost = (http: ReturnType<typeof fakeHttp>) => http.post.mock.calls.at(-1)!;

beforeEach(() => {
  resetRegionWhiteList();
  dismissToast();
});

describe('migration plugin manifest', () => {
  it('contributes a modal step for -6 on sign-in only, and its namespace', async () => {
    const registry = await testRegistry([migration]);
    const steps = registry.getOwnedContributions(LOGIN_INTERRUPT_POINT);
    expect(steps.map((s) => [s.pluginId, s.value.codes, s.value.calls, s.value.presentation])).toEqual([['migration', [-6], ['signIn'], 'modal']]);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['migration']);
  });

  it('takes http(s) support and terms URLs, or paths of the portal', async () => {
    const registry = await testRegistry([migration], { migration: { supportUrl: SUPPORT, termsUrl: 'http://127.0.0.1:8080/terms' } });
    expect(registry.pluginConfigs.get('migration')).toEqual({ supportUrl: SUPPORT, termsUrl: 'http://127.0.0.1:8080/terms' });
    const paths = await testRegistry([migration], { migration: { termsUrl: '/demo-service/terms.html' } });
    expect(paths.pluginConfigs.get('migration')).toEqual({ termsUrl: '/demo-service/terms.html' });
  });

  it.each([
    [{ supportUrl: 'javascript:alert(1)' }, "config field 'supportUrl': must be an http(s) URL or a path starting with /"],
    [{ termsUrl: '//evil.test/terms' }, "config field 'termsUrl': must be an http(s) URL or a path starting with /"],
    [{ termsUrl: '/\\evil.test/terms' }, "config field 'termsUrl'"],
    [{ termsUrl: 'terms.html' }, "config field 'termsUrl'"],
    [{ colour: 'red' }, "config field 'colour': is not a known field"],
  ])('rejects bad config %j', async (config, message) => {
    await expect(buildRegistry([migration], { migration: { enabled: true, config } }, testDeployment)).rejects.toThrow(message);
  });
});

describe('variant migrate: one local account', () => {
  it('shows a full-screen dialog with the account card and a prefilled form', async () => {
    await renderStep(MIGRATE);
    const dialog = await screen.findByRole('dialog', { name: 'Move to a Unified ID' });
    const card = within(dialog).getByRole('region', { name: 'Partner program account' });
    expect(card).toHaveTextContent('Leo Local');
    expect(card).toHaveTextContent('legacy-one@example.com');
    expect(card).toHaveTextContent('Data region: not set yet');
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Leo');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Local');
    expect(screen.getByRole('checkbox', { name: 'Send me news and offers about products and services' })).toBeChecked();
    const terms = screen.getByRole('checkbox', { name: 'I have read and accept the Terms of Use.' });
    expect(terms).not.toBeChecked();
    expect(within(terms.parentElement!).getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', TERMS);
    const panel = dialog.querySelector<HTMLElement>('[id^="headlessui-dialog-panel"]')!;
    expect(getComputedStyle(panel).maxWidth).toBe('100%');
    expect(getComputedStyle(panel).height).toBe('100%');
  });

  it('requires the country/region and the terms, and checks the names; nothing is sent', async () => {
    const { http } = await renderStep(MIGRATE);
    const first = await screen.findByLabelText(/First name/);
    await userEvent.clear(first);
    await userEvent.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(first).toHaveAccessibleDescription('This field is required');
    await userEvent.type(first, 'x'.repeat(101));
    await userEvent.tab();
    expect(await screen.findByText('At most 100 characters.')).toBeInTheDocument();
    await userEvent.clear(first);
    await userEvent.type(first, 'Leo😀');
    await userEvent.tab();
    expect(await screen.findByText('This field contains characters that are not supported.')).toBeInTheDocument();
    await userEvent.clear(first);
    await userEvent.type(first, 'Leo');
    await userEvent.click(button('Create my Unified ID'));
    expect(await screen.findByText('Please read and accept the Terms of Use.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I have read and accept/ })).toHaveAccessibleDescription('Please read and accept the Terms of Use.');
    expect(screen.getByText('Select your country/region.')).toBeInTheDocument();
    // The first invalid field gets the focus.
    expect(screen.getByRole('combobox', { name: /Country\/region/ })).toHaveFocus();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('creates the vendor ID on the regional host of the chosen country and shows the email-sent view', async () => {
    const http = fakeHttp(async () => ({ email: 'legacy-one@example.com', region: 'Aps', activationMailSent: true }) satisfies MigrateResult);
    const { props } = await renderStep(MIGRATE, http);
    await chooseCountry('Singapore');
    expect(screen.getByText(regionCodesKept('Your data will be stored in: Asia Pacific, Singapore (ap-southeast-1)'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(button('Create my Unified ID'));
    await waitFor(() => expect(props.goTo).toHaveBeenCalledWith('email', { email: 'legacy-one@example.com', purpose: 'activation' }));
    const [path, body, options] = lastPost(http);
    expect(path).toBe('/register-and-merge');
    expect(body).toEqual({
      migrationToken: 'mt-1', email: 'legacy-one@example.com', identityProvider: 'partnerProgram', uuidProvider: 'pp-leo', regionCode: 'SG',
      firstName: 'Leo', lastName: 'Local', subscription: true, productLine: 'NVR', topicSubscription: 'news', mfaEnabled: false, mfaType: null, language: 'en_US',
    });
    expect(options).toMatchObject({ auth: 'none', scope: 'regional', region: 'Aps', headers: { session_code: 'sc-mig' } });
    expect(props.cancel).not.toHaveBeenCalled();
  });

  it('with a known data region the country is optional and the data stays there', async () => {
    const http = fakeHttp(async () => ({ email: 'legacy-one@example.com', region: 'Euw', activationMailSent: true }));
    await renderStep({ ...MIGRATE, accounts: [{ ...leo, region: 'Euw' }] }, http);
    expect(await screen.findByText(regionCodesKept('If you choose none, your data stays in this region: Europe (eu-west-1).'))).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Country\/region/ })).not.toHaveAttribute('aria-required');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Send me news and offers about products and services' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(button('Create my Unified ID'));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    const [, body, options] = lastPost(http);
    expect(body).toMatchObject({ regionCode: 'Euw', subscription: false });
    expect(options).toMatchObject({ region: 'Euw' });
  });

  it('shows a loading state on the button while the call runs, and sends once', async () => {
    const http = fakeHttp(() => new Promise(() => {}));
    await renderStep({ ...MIGRATE, accounts: [{ ...leo, region: 'Euw' }] }, http);
    await userEvent.click(await screen.findByRole('checkbox', { name: /I have read and accept/ }));
    const submit = button('Create my Unified ID');
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(submit);
    fireEvent.submit(submit.ownerDocument.querySelector('form')!);
    await new Promise((r) => setTimeout(r, 20));
    expect(http.post).toHaveBeenCalledTimes(1);
  });

  it('without an activation mail: a success message and back to sign-in', async () => {
    const http = fakeHttp(async () => ({ email: 'legacy-one@example.com', region: 'Euw', activationMailSent: false }));
    const { props } = await renderStep({ ...MIGRATE, accounts: [{ ...leo, region: 'Euw' }] }, http);
    await userEvent.click(await screen.findByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(button('Create my Unified ID'));
    await waitFor(() => expect(props.cancel).toHaveBeenCalledTimes(1));
    expect(getToast()).toMatchObject({ kind: 'success', message: 'Your Unified ID is ready. Please sign in.' });
    expect(props.goTo).not.toHaveBeenCalled();
  });

  it.each([
    [new ApiError(-20621, 'exists', 409), 'This user already exists.'],
    [new ApiError(-20679, 'expired', 400), 'The token is invalid or has expired.'],
    [new ApiError(-77777, 'Something odd happened.', 400), 'Something odd happened.'],
    [new ApiError(0, undefined, 0), 'Network error. Check your connection and try again.'],
  ])('any other error (%s): its message and a prompt to sign in again, which returns to sign-in', async (error, message) => {
    const http = fakeHttp(async () => Promise.reject(error));
    const { props } = await renderStep({ ...MIGRATE, accounts: [{ ...leo, region: 'Euw' }] }, http);
    await userEvent.click(await screen.findByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(button('Create my Unified ID'));
    const prompt = await screen.findByRole('alertdialog');
    expect(prompt).toHaveAccessibleDescription(`${message}\nPlease sign in again.`);
    expect(props.cancel).not.toHaveBeenCalled();
    fireEvent.keyDown(prompt, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Sign in again' }));
    expect(props.cancel).toHaveBeenCalledTimes(1);
    expect(props.goTo).not.toHaveBeenCalled();
  });

  it('closing the dialog cancels (close button, Cancel, Escape)', async () => {
    const first = await renderStep(MIGRATE);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(first.props.cancel).toHaveBeenCalledTimes(1);
    first.unmount();
    const second = await renderStep(MIGRATE);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(second.props.cancel).toHaveBeenCalledTimes(1);
    second.unmount();
    const third = await renderStep(MIGRATE);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(third.props.cancel).toHaveBeenCalledTimes(1));
  });

  it('a call still running when the dialog goes away is aborted and leads nowhere', async () => {
    let signal: AbortSignal | undefined;
    const http = fakeHttp((_p, _b, options) => {
      signal = options.signal as AbortSignal;
      return new Promise((_resolve, reject) => signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    const { props, unmount } = await renderStep({ ...MIGRATE, accounts: [{ ...leo, region: 'Euw' }] }, http);
    await userEvent.click(await screen.findByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(button('Create my Unified ID'));
    await waitFor(() => expect(signal).toBeDefined());
    unmount();
    expect(signal!.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(props.goTo).not.toHaveBeenCalled();
    expect(props.cancel).not.toHaveBeenCalled();
  });

  it('an unreadable -6 result: the catalogue message and the prompt to sign in again', async () => {
    const { props } = await renderStep({ variant: 'merge', accounts: [leo] });
    const prompt = await screen.findByRole('alertdialog');
    expect(prompt).toHaveAccessibleDescription('Your accounts need to be migrated or merged.\nPlease sign in again.');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Sign in again' }));
    expect(props.cancel).toHaveBeenCalledTimes(1);
  });
});

describe('variant pick: several local accounts, no vendor ID', () => {
  it('offers the accounts as radio cards; Continue needs a choice', async () => {
    const { http } = await renderStep(PICK);
    await screen.findByRole('dialog', { name: 'Choose your account' });
    const group = screen.getByRole('group', { name: 'Which account do you want to keep?' });
    expect(group).toHaveAccessibleDescription('Its password becomes the password of your Unified ID.');
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[0]).toHaveAccessibleName(expect.stringMatching(/^Partner program account Lena Many legacy-many@example.com Data region: Europe/));
    expect(radios[1]).toHaveAccessibleName(expect.stringMatching(/^Partner app account Lenka Many .*Two-factor verification is on$/));
    // The first control has the focus when the dialog opens.
    await waitFor(() => expect(radios[0]).toHaveFocus());
    await userEvent.click(button('Continue'));
    expect(await screen.findByText('Choose an account to continue.')).toBeInTheDocument();
    expect(radios[0]).toHaveFocus();
    expect(screen.queryByLabelText(/First name/)).not.toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('the chosen card leads to the same form, prefilled from it, and migrates that account', async () => {
    const http = fakeHttp(async () => ({ email: 'legacy-many@example.com', region: 'Use', activationMailSent: true }));
    const { props } = await renderStep(PICK, http);
    const radios = await screen.findAllByRole('radio');
    await waitFor(() => expect(radios[0]).toHaveFocus());
    // Arrow keys move the choice between the cards.
    await userEvent.keyboard('{ArrowDown}');
    expect(radios[1]).toBeChecked();
    const proceed = button('Continue');
    await userEvent.click(proceed);
    // A new button, not Continue turned into the submit button (a browser would submit it mid-click).
    expect(button('Create my Unified ID')).not.toBe(proceed);
    const heading = await screen.findByRole('heading', { name: 'Complete your details' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Partner app account' })).toHaveTextContent('Lenka Many');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Lenka');
    expect(screen.getByRole('checkbox', { name: 'Send me news and offers about products and services' })).not.toBeChecked();
    await chooseCountry('Canada');
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(button('Create my Unified ID'));
    await waitFor(() => expect(props.goTo).toHaveBeenCalledWith('email', { email: 'legacy-many@example.com', purpose: 'activation' }));
    const [path, body, options] = lastPost(http);
    expect(path).toBe('/register-and-merge');
    expect(body).toMatchObject({ migrationToken: 'mt-2', identityProvider: 'partnerApp', uuidProvider: 'pa-lena', regionCode: 'CA', firstName: 'Lenka', subscription: false, mfaEnabled: true, mfaType: 2 });
    expect(options).toMatchObject({ auth: 'none', scope: 'regional', region: 'Use' });
  });

  it('"Choose another account" returns to the cards with the choice kept and focused', async () => {
    await renderStep(PICK);
    await userEvent.click((await screen.findAllByRole('radio'))[1]!);
    await userEvent.click(button('Continue'));
    await screen.findByRole('heading', { name: 'Complete your details' });
    await userEvent.click(button('Choose another account'));
    const radios = await screen.findAllByRole('radio');
    expect(radios[1]).toBeChecked();
    await waitFor(() => expect(radios[1]).toHaveFocus());
  });
});

describe('variant merge: vendor ID plus local accounts', () => {
  async function fillMerge(password = 'Legacy-pass-2024') {
    await userEvent.type(await screen.findByLabelText(/Password of the selected account \(Partner app account\)/), password);
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
  }

  it('shows the vendor ID and the local account card (the only one, so chosen) and asks for its password', async () => {
    await renderStep(MERGE);
    const dialog = await screen.findByRole('dialog', { name: 'Merge your accounts' });
    expect(within(dialog).getByRole('region', { name: 'Unified ID' })).toHaveTextContent('merge@example.com');
    const group = screen.getByRole('group', { name: 'Account to merge into your Unified ID' });
    expect(within(group).getByRole('radio')).toBeChecked();
    expect(screen.getByLabelText(/Password of the selected account \(Partner app account\)/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Keep receiving news about NVR' })).toBeChecked();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
  });

  it('checks the old password, the new password rule and the confirmation, and the terms', async () => {
    const { http } = await renderStep(MERGE);
    const old = await screen.findByLabelText(/Password of the selected account \(Partner app account\)/);
    await userEvent.click(button('Merge accounts'));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Please read and accept the Terms of Use.')).toBeInTheDocument();
    expect(old).toHaveFocus();
    await userEvent.type(old, 'abc');
    await userEvent.tab();
    expect(await screen.findByText('The password has 6 to 32 characters: letters, digits and symbols, no spaces.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Also set a new password for my Unified ID' }));
    const next = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/Confirm new password/);
    await userEvent.type(next, 'abcdefgh');
    await userEvent.tab();
    expect(await screen.findByText('Use 8 to 32 characters with no spaces; the password contains two of: letters, digits, symbols.')).toBeInTheDocument();
    await userEvent.clear(next);
    await userEvent.type(next, 'New-pass-2025');
    await userEvent.type(confirm, 'New-pass-2026');
    await userEvent.tab();
    expect(await screen.findByText('Password and Confirm Password inconsistent!')).toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription('Password and Confirm Password inconsistent!');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('merges on the vendor ID region host, then says so and returns to sign-in', async () => {
    const http = fakeHttp(async () => ({ email: 'merge@example.com', merged: ['pa-max'] }) satisfies MergeResult);
    const { props } = await renderStep(MERGE, http);
    await fillMerge();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Also set a new password for my Unified ID' }));
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-pass-2025');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'New-pass-2025');
    await userEvent.click(button('Merge accounts'));
    await waitFor(() => expect(props.cancel).toHaveBeenCalledTimes(1));
    expect(getToast()).toMatchObject({ kind: 'success', message: 'Your accounts have been merged. Please sign in with your Unified ID.' });
    const [path, body, options] = lastPost(http);
    expect(path).toBe('/accounts/info-and-password');
    expect(body).toEqual({
      migrationToken: 'mt-3', email: 'merge@example.com', identityProvider: 'partnerApp', uuidProvider: 'pa-max', oldPassword: 'Legacy-pass-2024',
      needChangePassword: true, newPassword: 'New-pass-2025', needSetRegion: false, subscriptionDTO: [{ productLine: 'NVR', topicSubscription: 'news' }],
    });
    expect(options).toMatchObject({ auth: 'none', scope: 'regional', region: 'Euw' });
    expect(props.goTo).not.toHaveBeenCalled();
  });

  it('declining the subscription sends none; no new password unless asked', async () => {
    const http = fakeHttp(async () => ({ email: 'merge@example.com', merged: ['pa-max'] }));
    await renderStep(MERGE, http);
    await fillMerge();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep receiving news about NVR' }));
    await userEvent.click(button('Merge accounts'));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    const body = lastPost(http)[1] as Record<string, unknown>;
    expect(body).toMatchObject({ needChangePassword: false, needSetRegion: false });
    expect(body).not.toHaveProperty('subscriptionDTO');
    expect(body).not.toHaveProperty('newPassword');
  });

  it('-20601: the old password is wrong, on the field, with a contact-support hint; nothing typed is lost', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20601, 'wrong', 400)));
    const { props } = await renderStep(MERGE, http);
    await fillMerge('Wrong-pass-1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep receiving news about NVR' }));
    await userEvent.click(button('Merge accounts'));
    const field = screen.getByLabelText(/Password of the selected account \(Partner app account\)/);
    expect(await screen.findByText('The password of this account is incorrect.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('The password of this account is incorrect. Cannot remember it? Contact support.');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', SUPPORT);
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('rel', 'noopener noreferrer');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('Wrong-pass-1');
    expect(screen.getByRole('checkbox', { name: /I have read and accept/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Keep receiving news about NVR' })).not.toBeChecked();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(props.cancel).not.toHaveBeenCalled();

    // A second try with the right password goes through.
    http.post.mockImplementationOnce(async () => ({ email: 'merge@example.com', merged: ['pa-max'] }));
    await userEvent.clear(field);
    await userEvent.type(field, 'Legacy-pass-2024');
    await userEvent.click(button('Merge accounts'));
    await waitFor(() => expect(props.cancel).toHaveBeenCalledTimes(1));
  });

  it('-3065: the new password is commonly used, on its field with the reason; nothing typed is lost and a second try goes through', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-3065, 'too common', 400)));
    const { props } = await renderStep(MERGE, http);
    await fillMerge();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Also set a new password for my Unified ID' }));
    const next = screen.getByLabelText(/^New password/);
    await userEvent.type(next, 'Left4dead');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'Left4dead');
    await userEvent.click(button('Merge accounts'));
    const reason = 'This password is too common: it appears in lists of often used or leaked passwords. Please choose a different one.';
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(next).toHaveAccessibleDescription(reason);
    await waitFor(() => expect(next).toHaveFocus());
    expect(next).toHaveValue('Left4dead');
    expect(screen.getByLabelText(/Password of the selected account \(Partner app account\)/)).toHaveValue('Legacy-pass-2024');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(props.cancel).not.toHaveBeenCalled();

    http.post.mockImplementationOnce(async () => ({ email: 'merge@example.com', merged: ['pa-max'] }));
    await userEvent.type(next, '-Kq');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), '-Kq');
    await userEvent.click(button('Merge accounts'));
    await waitFor(() => expect(props.cancel).toHaveBeenCalledTimes(1));
    expect(lastPost(http)[1]).toMatchObject({ needChangePassword: true, newPassword: 'Left4dead-Kq' });
  });

  it('-20601 without a support URL: the hint without a link', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20601, 'wrong', 400)));
    await renderStep(MERGE, http, {});
    await fillMerge('Wrong-pass-1');
    await userEvent.click(button('Merge accounts'));
    expect(await screen.findByText('Cannot remember it? Please contact support.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /support/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I have read and accept/ }).parentElement).not.toContainElement(screen.queryByRole('link'));
  });

  it('another error: the catalogue message and the sign-in-again prompt', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20615, 'format', 400)));
    const { props } = await renderStep(MERGE, http);
    await fillMerge();
    await userEvent.click(button('Merge accounts'));
    const prompt = await screen.findByRole('alertdialog');
    expect(prompt).toHaveAccessibleDescription('The password format is invalid.\nPlease sign in again.');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Sign in again' }));
    expect(props.cancel).toHaveBeenCalledTimes(1);
  });

  it('a vendor ID without a data region: the merge sets one (country required)', async () => {
    const http = fakeHttp(async () => ({ email: 'merge@example.com', merged: ['pa-max'] }));
    await renderStep({ ...MERGE, accounts: [{ ...maxVendor, region: null }, maxApp] }, http);
    await fillMerge();
    await userEvent.click(button('Merge accounts'));
    expect(await screen.findByText('Select your country/region.')).toBeInTheDocument();
    await chooseCountry('Austria');
    await userEvent.click(button('Merge accounts'));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    const [, body, options] = lastPost(http);
    expect(body).toMatchObject({ needSetRegion: true, regionCode: 'AT' });
    expect(options).toMatchObject({ region: 'Euw' });
  });

  it('-19999 names the region of the vendor ID: the call is repeated there once', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-19999, 'elsewhere', 503, { region: 'Use', hostRegion: 'Euw' })));
    http.post.mockImplementationOnce(async () => Promise.reject(new ApiError(-19999, 'elsewhere', 503, { region: 'Use', hostRegion: 'Euw' })));
    http.post.mockImplementationOnce(async () => ({ email: 'merge@example.com', merged: ['pa-max'] }));
    const { props } = await renderStep(MERGE, http);
    await fillMerge();
    await userEvent.click(button('Merge accounts'));
    await waitFor(() => expect(props.cancel).toHaveBeenCalled());
    expect(http.post.mock.calls.map((c) => (c[2] as { region: string }).region)).toEqual(['Euw', 'Use']);
  });

  it('several local accounts: none is chosen until the user picks a card', async () => {
    const http = fakeHttp(async () => ({ email: 'merge@example.com', merged: ['pp-max'] }));
    await renderStep({ ...MERGE, accounts: [maxVendor, { ...maxApp, identityProvider: 'partnerProgram', uuidProvider: 'pp-max' }, maxApp] }, http);
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([false, false]);
    expect(screen.queryByLabelText(/Password of the selected account/)).not.toBeInTheDocument();
    await userEvent.click(button('Merge accounts'));
    expect(await screen.findByText('Choose an account to continue.')).toBeInTheDocument();
    await userEvent.click(radios[0]!);
    await userEvent.type(screen.getByLabelText(/Password of the selected account \(Partner program account\)/), 'Legacy-pass-2024');
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await userEvent.click(button('Merge accounts'));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    expect(lastPost(http)[1]).toMatchObject({ identityProvider: 'partnerProgram', uuidProvider: 'pp-max' });
  });
});

function Probe({ call, exec, onError }: { call: InterruptedCall; exec: () => Promise<string>; onError: (e: ApiError) => boolean }) {
  const [cancelled, setCancelled] = useState(false);
  const run = useInterruptibleCall({ call, exec, onSuccess: () => {}, onError, onCancel: () => setCancelled(true) });
  return (
    <div>
      <button type="button" onClick={() => void run.start({ email: 'merge@example.com', password: 'Demo-pass-2024' })}>
        Go
      </button>
      {cancelled && <p>back to the form</p>}
      {run.outlet}
    </div>
  );
}

describe('migration in an interrupted call', () => {
  it('-6 on sign-in opens the dialog; closing it returns to the form', async () => {
    const registry = await testRegistry([migration]);
    const onError = vi.fn(() => true);
    const { wrap } = testLoginPage();
    renderPortal(wrap(<Probe call="signIn" exec={async () => Promise.reject(migrationError(MERGE))} onError={onError} />), { registry, http: fakeHttp() });
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByRole('dialog', { name: 'Merge your accounts' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('back to the form')).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
  });

  it('-6 on another call is not this step’s', async () => {
    const registry = await testRegistry([migration]);
    const onError = vi.fn(() => true);
    const { wrap } = testLoginPage();
    renderPortal(wrap(<Probe call="register" exec={async () => Promise.reject(migrationError(MERGE))} onError={onError} />), { registry, http: fakeHttp() });
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
