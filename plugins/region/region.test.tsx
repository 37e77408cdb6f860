import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  dismissToast,
  getToast,
  type HttpClient,
  type InterruptedCall,
  LOGIN_INTERRUPT_POINT,
  type RegionRequiredResult,
  type RegionWhiteList,
  useInterruptibleCall,
} from '@portal/plugin-api';
import { appStore, regionAtom, regionCodesKept, renderPortal, resetRegionWhiteList, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import ConfirmRegionStep, { ConfirmRegion } from './ConfirmRegionStep';
import region from './index';

const WHITE_LIST: RegionWhiteList = { Use: ['US', 'CA'], Aps: ['SG', 'JP'], Euw: ['DE', 'FR'] };
const REQUIRED: RegionRequiredResult = { email: 'rita@example.com', firstName: 'rita', regionCode: 'Euw', processId: 'proc-9' };
const regionError = (result: Partial<RegionRequiredResult> = REQUIRED) => new ApiError<RegionRequiredResult>(-9, 'region', 400, result as RegionRequiredResult);

type Post = (path: string, body: unknown, options: unknown) => Promise<unknown>;
function fakeHttp(post: Post = async () => ({ email: REQUIRED.email, region: 'Euw' }), whiteList: RegionWhiteList | Error = WHITE_LIST) {
  const get = vi.fn(async (path: string) => {
    if (path !== '/region/white-list') throw new Error(`unexpected GET ${path}`);
    if (whiteList instanceof Error) throw whiteList;
    return whiteList;
  });
  return { get, post: vi.fn(post) } as unknown as HttpClient & { get: typeof get; post: ReturnType<typeof vi.fn<Post>> };
}

async function renderStep(options: { http?: ReturnType<typeof fakeHttp>; error?: ApiError; retry?: () => Promise<void> } = {}) {
  const http = options.http ?? fakeHttp();
  const registry = await testRegistry([region]);
  const retry = vi.fn(options.retry ?? (async () => undefined));
  const cancel = vi.fn();
  const goTo = vi.fn();
  const utils = renderPortal(
    <ConfirmRegionStep error={options.error ?? regionError()} call="signIn" form={{ email: REQUIRED.email, password: 'Demo-pass-2024' }} retry={retry} cancel={cancel} goTo={goTo} />,
    { registry, http },
  );
  await screen.findByRole('heading', { name: 'Confirm your country/region' });
  return { ...utils, http, retry, cancel, goTo, user: userEvent.setup({ delay: null }) };
}

const countryInput = () => screen.getByRole('combobox', { name: 'Country/region' }) as HTMLInputElement;
const confirmButton = () => screen.getByRole('button', { name: 'Confirm and sign in' });

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  await waitFor(() => expect(countryInput()).toBeEnabled());
  await user.clear(countryInput());
  await user.type(countryInput(), name);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

beforeEach(() => {
  resetRegionWhiteList();
  appStore.set(regionAtom, null);
});
afterEach(() => dismissToast());

describe('region plugin manifest', () => {
  it('contributes an inline step for -9 of the sign-in call, and its namespace', async () => {
    const registry = await testRegistry([region]);
    const steps = registry.getOwnedContributions(LOGIN_INTERRUPT_POINT);
    expect(steps).toHaveLength(1);
    expect(steps[0]!.pluginId).toBe('region');
    expect(steps[0]!.value).toMatchObject({ codes: [-9], calls: ['signIn'], presentation: 'inline' });
    expect(registry.namespaces.map((n) => n.value)).toEqual(['region']);
    await expect(steps[0]!.value.view()).resolves.toMatchObject({ default: ConfirmRegionStep });
  });
});

describe('ConfirmRegionStep', () => {
  it('focuses its heading, shows the account and the suggested data region, and preselects nothing', async () => {
    await renderStep();
    expect(screen.getByRole('heading', { name: 'Confirm your country/region' })).toHaveFocus();
    expect(screen.getByText('rita@example.com')).toBeInTheDocument();
    expect(screen.getByText(regionCodesKept('Suggested data region: Europe (eu-west-1)'))).toBeInTheDocument();
    await waitFor(() => expect(countryInput()).toBeEnabled());
    expect(countryInput()).toHaveValue('');
    expect(countryInput()).toHaveAttribute('aria-required', 'true');
  });

  it('without a suggestion says nothing about one', async () => {
    await renderStep({ error: regionError({ ...REQUIRED, regionCode: null }) });
    expect(screen.queryByText(/Suggested data region/)).toBeNull();
  });

  it('the storage hint follows the chosen country', async () => {
    const { user } = await renderStep();
    await chooseCountry(user, 'Japan');
    expect(screen.getByText(regionCodesKept('Your data will be stored in: Asia Pacific, Singapore (ap-southeast-1)'))).toBeInTheDocument();
    expect(screen.queryByText(/Suggested data region/)).toBeNull();
  });

  it('in Arabic, isolates the Latin region code in the storage hint (FSI…PDI, kept on one line), so its parentheses stay put; English is not isolated', async () => {
    const registry = await testRegistry([region]);
    const step = (language: 'en_US' | 'ar_SA') =>
      renderPortal(<ConfirmRegion error={regionError()} call="signIn" form={{ email: REQUIRED.email, password: 'x' }} retry={vi.fn()} cancel={vi.fn()} goTo={vi.fn()} initialCountry="DE" />, { registry, http: fakeHttp(), language });
    const arabic = step('ar_SA');
    expect(await screen.findByText('ستُخزَّن بياناتك في: \u2068أوروبا (\u2068eu-\u2060west-\u20601\u2069)\u2069')).toBeInTheDocument();
    arabic.unmount();
    step('en_US');
    const english = await screen.findByText(regionCodesKept('Your data will be stored in: Europe (eu-west-1)'));
    expect(english.textContent).not.toMatch(/[\u2068\u2069]/);
  });

  it('asks for a country before confirming', async () => {
    const { user, http, retry } = await renderStep();
    await waitFor(() => expect(countryInput()).toBeEnabled());
    await user.click(confirmButton());
    expect(await screen.findByText('Select your country/region.')).toBeInTheDocument();
    expect(countryInput()).toHaveAttribute('aria-invalid', 'true');
    expect(countryInput()).toHaveFocus();
    expect(http.post).not.toHaveBeenCalled();
    expect(retry).not.toHaveBeenCalled();
  });

  it('confirms on the regional host of the chosen country, then retries the sign-in', async () => {
    const { user, http, retry } = await renderStep();
    await chooseCountry(user, 'Japan');
    await user.click(confirmButton());
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
    expect(http.post).toHaveBeenCalledWith(
      '/account',
      { email: 'rita@example.com', firstName: 'rita', regionCode: 'JP', processId: 'proc-9' },
      { auth: 'none', scope: 'regional', region: 'Aps' },
    );
    expect(retry).toHaveBeenCalledWith();
    expect(http.post.mock.invocationCallOrder[0]!).toBeLessThan(retry.mock.invocationCallOrder[0]!);
  });

  it("makes the confirmed region the account's region (its plugin set) before retrying", async () => {
    const retry = vi.fn(async () => {
      expect(appStore.get(regionAtom)).toBe('Aps');
      expect(localStorage.getItem('region')).toBe('Aps');
    });
    const { user } = await renderStep({ retry });
    await chooseCountry(user, 'Japan');
    await user.click(confirmButton());
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
    await expect(retry.mock.results[0]!.value).resolves.toBeUndefined();
  });

  it('a failed confirmation leaves the region as it was', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-3041, 'no region', 400)));
    const { user } = await renderStep({ http });
    await chooseCountry(user, 'Japan');
    await user.click(confirmButton());
    await waitFor(() => expect(confirmButton()).not.toHaveAttribute('aria-busy'));
    expect(localStorage.getItem('region')).toBeNull();
    expect(appStore.get(regionAtom)).toBeNull();
  });

  it('a country of the suggested region goes to that region host', async () => {
    const { user, http } = await renderStep();
    await chooseCountry(user, 'France');
    await user.click(confirmButton());
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    expect(http.post.mock.calls[0]![2]).toEqual({ auth: 'none', scope: 'regional', region: 'Euw' });
  });

  it('falls back to the part of the email before the at sign when no first name came', async () => {
    const { user, http } = await renderStep({ error: regionError({ email: 'max.muster@example.com', regionCode: null, processId: 'p' }) });
    await chooseCountry(user, 'Germany');
    await user.click(confirmButton());
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    expect(http.post.mock.calls[0]![1]).toEqual({ email: 'max.muster@example.com', firstName: 'max.muster', regionCode: 'DE', processId: 'p' });
  });

  it('is busy while confirming and does not send twice', async () => {
    let finish: () => void = () => undefined;
    const http = fakeHttp(() => new Promise((resolve) => (finish = () => resolve({ email: REQUIRED.email, region: 'Aps' }))));
    const { user, retry } = await renderStep({ http });
    await chooseCountry(user, 'Japan');
    await user.click(confirmButton());
    await waitFor(() => expect(confirmButton()).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.click(confirmButton());
    expect(http.post).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
  });

  it.each([-3069, -3085, -20206])('%i: the country/region code problem shows at the field', async (code) => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(code, 'bad region', 400)));
    const { user, retry } = await renderStep({ http });
    await chooseCountry(user, 'Japan');
    await user.click(confirmButton());
    expect(await screen.findByText('The country/region code is invalid.')).toBeInTheDocument();
    expect(countryInput()).toHaveAttribute('aria-invalid', 'true');
    expect(countryInput()).toHaveValue('Japan');
    expect(retry).not.toHaveBeenCalled();
    expect(getToast()).toBeNull();
    expect(confirmButton()).not.toHaveAttribute('aria-busy');
  });

  it('-3041: failing to get the service region shows inline', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-3041, 'no region', 400)));
    const { user, retry } = await renderStep({ http });
    await chooseCountry(user, 'Japan');
    await user.click(confirmButton());
    const alert = await screen.findByText('Failed to get the service region.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(retry).not.toHaveBeenCalled();
    expect(getToast()).toBeNull();
  });

  it('other errors go to the default handler', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20679, 'expired', 400)));
    const { user, retry } = await renderStep({ http });
    await chooseCountry(user, 'Japan');
    await user.click(confirmButton());
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message: 'The token is invalid or has expired.' }));
    expect(retry).not.toHaveBeenCalled();
  });

  it('an error of the retried sign-in handed back to the step goes to the default handler', async () => {
    const { user } = await renderStep({ retry: async () => Promise.reject(new ApiError(-60001, 'slow', 429)) });
    await chooseCountry(user, 'Japan');
    await user.click(confirmButton());
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'Too many requests. Please try again later.' }));
    expect(confirmButton()).not.toHaveAttribute('aria-busy');
  });

  it('Back cancels the step', async () => {
    const { user, cancel, http } = await renderStep();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(http.post).not.toHaveBeenCalled();
  });

  it('offers a retry when the country list cannot be loaded', async () => {
    const http = fakeHttp(undefined, new ApiError(-10000, 'down', 500));
    const { user } = await renderStep({ http });
    expect(await screen.findByText('The list of countries/regions could not be loaded.')).toBeInTheDocument();
    http.get.mockImplementation(async () => WHITE_LIST);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(countryInput()).toBeEnabled());
  });
});

/** A sign-in form as the sign-in plugin would run it: the interruptible call and its outlet. */
function SignInHost({ call = 'signIn', http }: { call?: InterruptedCall; http: HttpClient }) {
  const run = useInterruptibleCall<{ email: string; password: string }, { ok: true }>({
    call,
    exec: (form, extra) => http.post('/login', { ...form, ...extra }),
    onSuccess: () => document.body.setAttribute('data-signed-in', 'yes'),
  });
  const inline = run.active?.presentation === 'inline';
  return (
    <>
      {inline && run.outlet}
      <button type="button" hidden={inline} onClick={() => void run.start({ email: REQUIRED.email, password: 'Demo-pass-2024' })}>
        Sign in
      </button>
    </>
  );
}

describe('the step inside a sign-in call', () => {
  afterEach(() => document.body.removeAttribute('data-signed-in'));

  async function renderHost(call: InterruptedCall = 'signIn') {
    let confirmed = false;
    const http = fakeHttp(async (path) => {
      if (path === '/account') {
        confirmed = true;
        return { email: REQUIRED.email, region: 'Aps' };
      }
      if (!confirmed) throw regionError();
      return { ok: true };
    });
    const registry = await testRegistry([region]);
    const { wrap } = testLoginPage();
    renderPortal(wrap(<SignInHost call={call} http={http} />), { registry, http });
    return { http, user: userEvent.setup({ delay: null }) };
  }

  it('-9 on sign-in replaces the form; confirming retries the sign-in, which then succeeds', async () => {
    const { http, user } = await renderHost();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Confirm your country/region' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await chooseCountry(user, 'Singapore');
    await user.click(confirmButton());
    await waitFor(() => expect(document.body).toHaveAttribute('data-signed-in', 'yes'));
    expect(http.post.mock.calls.map((c) => c[0])).toEqual(['/login', '/account', '/login']);
    expect(screen.queryByRole('heading', { name: 'Confirm your country/region' })).toBeNull();
  });

  it('Back returns to the sign-in form', async () => {
    const { user } = await renderHost();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Confirm your country/region' })).toBeNull();
  });

  it('-9 on another call is not this step', async () => {
    const { user } = await renderHost('register');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'Please set or confirm your country/region.' }));
    expect(screen.queryByRole('heading', { name: 'Confirm your country/region' })).toBeNull();
  });
});
