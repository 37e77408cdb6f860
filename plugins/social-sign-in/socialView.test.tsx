import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, definePlugin, type HttpClient, type InterruptProps, LOGIN_INTERRUPT_POINT, type RegionWhiteList } from '@portal/plugin-api';
import { deferred, renderPortal, resetMailLinkTokenForTests, resetRegionWhiteList, stripTokensFromUrl, takeMailLinkToken, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import type { SocialFlowResult } from './contract';
import socialSignIn from './index';
import SocialView, { type SocialViewProps } from './SocialView';

type Post = (path: string, body?: unknown, options?: unknown) => Promise<unknown>;
type Sent = [string, Record<string, unknown>, { auth?: string; headers?: Record<string, string> }];

const EMAIL = 'ada@gmail.example';
const PROOF = 'social.b4f0c1d29e7a4c3f8d6e5a1b2c3d4e5f.Zk3vQ9mX2pL7rT4wY8sN1bH6cJ0dF5gA';
const HAND_OFF = { serviceUrl: `${window.location.origin}/api/authorize`, redirectParams: { session_code: 'sc-1' } };
const HANDED_OFF = `${HAND_OFF.serviceUrl}?session_code=sc-1`;
const WHITE_LIST: RegionWhiteList = { Use: ['US', 'CA'], Aps: ['SG', 'JP'], Euw: ['DE', 'FR', 'CZ'] };

const LINKED: SocialFlowResult = { status: 'linked', provider: 'google', email: EMAIL };
const LINK: SocialFlowResult = { status: 'link', provider: 'google', email: EMAIL };
const CREATE: SocialFlowResult = { status: 'create', provider: 'google', email: EMAIL, givenName: 'Ada', familyName: 'Lovelace', regions: ['Euw'], privacy: { version: 4, url: '/demo-service/privacy.html' } };

/** The server: the flow the proof names, and what each other call answers (a function: per call). */
function fakeHttp(flow: SocialFlowResult | ApiError, answers: Record<string, unknown> = {}) {
  const post: Post = async (path) => {
    const answer = path === '/login/social/flow' ? flow : path in answers ? answers[path] : path === '/login' ? HAND_OFF : path === '/login/social/account' ? { email: EMAIL } : null;
    if (typeof answer === 'function') return (answer as () => Promise<unknown>)();
    if (answer instanceof ApiError) throw answer;
    return answer;
  };
  return {
    post: vi.fn(post),
    get: vi.fn(async (path: string) => (path === '/redirect/allow-urls' ? { allowUrls: [window.location.origin] } : path === '/region/white-list' ? WHITE_LIST : null)),
  } as unknown as HttpClient & { post: ReturnType<typeof vi.fn<Post>>; get: ReturnType<typeof vi.fn> };
}

const callsTo = (http: { post: ReturnType<typeof vi.fn<Post>> }, path: string) => http.post.mock.calls.filter(([p]) => p === path) as unknown as Sent[];

async function renderView(http: HttpClient, props: Omit<SocialViewProps, 'goTo'> = { proof: PROOF }) {
  const registry = await testRegistry([socialSignIn], { 'social-sign-in': { providers: ['google', 'microsoft'] } });
  const page = testLoginPage({ views: ['signIn', 'social', 'locked'], query: new URLSearchParams('session_code=sc-1&module=social') });
  const goTo = vi.fn();
  await act(async () => {
    renderPortal(page.wrap(<SocialView goTo={goTo} {...props} />), { registry, http, path: '/login' });
  });
  return { goTo };
}

const firstName = () => screen.getByRole('textbox', { name: /^First name/ });
const lastName = () => screen.getByRole('textbox', { name: /^Last name/ });
const country = () => screen.getByRole('combobox', { name: /^Country\/region/ });
const createButton = () => screen.getByRole('button', { name: 'Create ID and sign in' });
const INVALID = 'This sign-in has expired or was used already. Please start again.';

async function chooseCountry(name: string) {
  await userEvent.click(country());
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

const assign = vi.fn();
const stubLocation = () => vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
beforeEach(() => {
  assign.mockReset();
  stubLocation();
});

/** Opened at `address`: the app's start takes the tokens out of it first, as boot does. */
function openedAt(address: string) {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', address);
  stripTokensFromUrl(window);
  stubLocation();
}
afterEach(() => {
  vi.unstubAllGlobals();
  resetRegionWhiteList();
  takeMailLinkToken();
  resetMailLinkTokenForTests();
  window.history.replaceState(null, '', '/');
});

describe('SocialView: a linked identity', () => {
  it('reads the flow of the proof in this login session, signs in at once with the proof and the flow’s email, and hands off', async () => {
    const http = fakeHttp(LINKED);
    await renderView(http);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HANDED_OFF));
    const [, flowBody, flowOptions] = callsTo(http, '/login/social/flow')[0]!;
    expect(flowBody).toEqual({ proof: PROOF });
    expect(flowOptions).toMatchObject({ auth: 'none', headers: { session_code: 'sc-1' } });
    const logins = callsTo(http, '/login');
    expect(logins).toHaveLength(1);
    const [, body, options] = logins[0]!;
    expect(body).toEqual({ email: EMAIL, externalProof: PROOF, language: 'en_US' });
    expect(options).toMatchObject({ auth: 'none', headers: { session_code: 'sc-1' } });
    expect(callsTo(http, '/login/social/account')).toHaveLength(0);
    expect(document.body.innerHTML).not.toContain(PROOF);
  });

  it('while it signs in, the status names the provider the flow came from', async () => {
    const signingIn = deferred<unknown>();
    const http = fakeHttp(LINKED, { '/login': () => signingIn.promise });
    await renderView(http);
    await waitFor(() => expect(callsTo(http, '/login')).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Finishing your sign-in with Google…');
    signingIn.resolve(HAND_OFF);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HANDED_OFF));
  });

  it('before the flow is read (provider not known yet), the status is a whole sentence', async () => {
    const reading = deferred<unknown>();
    const http = fakeHttp(LINKED);
    http.post.mockImplementation(async (path) => (path === '/login/social/flow' ? reading.promise : HAND_OFF));
    await renderView(http);
    expect(screen.getByRole('status')).toHaveTextContent(/^Finishing your sign-in…$/);
    reading.resolve(LINKED);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HANDED_OFF));
  });

  it('a spent or expired proof on sign-in (-20651): the invalid message, named for the provider, and the way back', async () => {
    const http = fakeHttp(LINKED, { '/login': new ApiError(-20651, 'expired', 400) });
    const { goTo } = await renderView(http);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('heading', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(goTo).toHaveBeenCalledWith('signIn');
  });

  it('another failure of the sign-in says it in the catalogue’s words, with the way back', async () => {
    const http = fakeHttp(LINKED, { '/login': new ApiError(0, 'Failed to fetch', 0) });
    await renderView(http);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeInTheDocument();
    // The failure says so alone: no "finishing" beside it.
    expect(screen.queryByRole('status')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a flow the server reads as failed, or cannot read: the invalid message and no sign-in', async () => {
    const failed = fakeHttp({ ...LINKED, status: 'failed' });
    await renderView(failed);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(callsTo(failed, '/login')).toHaveLength(0);
  });

  it('a proof the server does not know (-20651 on the flow): the invalid message, no sign-in', async () => {
    const http = fakeHttp(new ApiError(-20651, 'expired', 400));
    await renderView(http);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('heading', { name: 'Sign-in with another account' })).toBeInTheDocument();
    expect(callsTo(http, '/login')).toHaveLength(0);
  });
});

describe('SocialView: a step the server asks for (the form’s own call)', () => {
  /** A second-factor step: its button retries the sign-in with a code. */
  function SecondFactor({ retry, form }: InterruptProps) {
    return (
      <section aria-label="second factor">
        <p>{String(form.email)}</p>
        <button type="button" onClick={() => void retry({ verifyCode: '123456' })}>
          Send code
        </button>
      </section>
    );
  }
  const mfa = definePlugin({
    id: 'mfa-stub',
    register(ctx) {
      ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: [-20677], calls: ['signIn'], presentation: 'inline', view: async () => ({ default: SecondFactor }) });
    },
  });

  it('a linked identity’s sign-in asking for a second factor shows the step, and its retry keeps the proof', async () => {
    let logins = 0;
    const http = fakeHttp(LINKED, { '/login': () => (++logins === 1 ? Promise.reject(new ApiError(-20677, 'mfa', 400)) : Promise.resolve(HAND_OFF)) });
    const registry = await testRegistry([socialSignIn, mfa], { 'social-sign-in': { providers: ['google'] } });
    const page = testLoginPage({ views: ['signIn', 'social'], query: new URLSearchParams('session_code=sc-1&module=social') });
    await act(async () => {
      renderPortal(page.wrap(<SocialView goTo={vi.fn()} proof={PROOF} />), { registry, http, path: '/login' });
    });
    const step = await screen.findByRole('region', { name: 'second factor' });
    expect(step).toHaveTextContent(EMAIL);
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(within(step).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HANDED_OFF));
    const sent = callsTo(http, '/login');
    expect(sent).toHaveLength(2);
    expect(sent[1]![1]).toEqual({ email: EMAIL, externalProof: PROOF, language: 'en_US', verifyCode: '123456' });
    expect(sent[1]![2]).toMatchObject({ headers: { session_code: 'sc-1' } });
  });
});

describe('SocialView: an ID of the address exists (link)', () => {
  it('asks for the ID’s password, then signs in with it and the proof', async () => {
    const http = fakeHttp(LINK);
    await renderView(http);
    expect(await screen.findByRole('heading', { name: 'Link your Google account' })).toBeInTheDocument();
    expect(screen.getByText(`There is already an ID for ${EMAIL}. Enter its password once to link your Google account to it. After that, Google signs you in.`)).toBeInTheDocument();
    expect(callsTo(http, '/login')).toHaveLength(0);
    const submit = screen.getByRole('button', { name: 'Link and sign in' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Password of your ID/), 'correct horse{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HANDED_OFF));
    const logins = callsTo(http, '/login');
    expect(logins).toHaveLength(1);
    expect(logins[0]![1]).toEqual({ email: EMAIL, password: 'correct horse', externalProof: PROOF, language: 'en_US' });
    expect(logins[0]![2]).toMatchObject({ auth: 'none', headers: { session_code: 'sc-1' } });
  });

  it('a wrong password keeps the form, says so, and the next try goes on with the same proof', async () => {
    const http = fakeHttp(LINK, { '/login': new ApiError(-20601, 'wrong', 400, { remainAttempts: 3, failedAttempts: 2, lockedMinutes: 15 }) });
    await renderView(http);
    await userEvent.type(await screen.findByLabelText(/^Password of your ID/), 'wrong-one{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect ID or password.');
    expect(screen.getByRole('heading', { name: 'Link your Google account' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Password of your ID/), 'right-one{Enter}');
    await waitFor(() => expect(callsTo(http, '/login')).toHaveLength(2));
    expect(callsTo(http, '/login')[1]![1]).toMatchObject({ password: 'right-one', externalProof: PROOF });
  });
});

describe('SocialView: no ID yet (create)', () => {
  it('shows the names the provider gave, no country chosen, and the policy to accept', async () => {
    await renderView(fakeHttp(CREATE));
    expect(await screen.findByRole('heading', { name: 'Create your ID' })).toBeInTheDocument();
    expect(screen.getByText(`Google signed you in as ${EMAIL}. You have no ID yet: choose where you are and check your details to create one.`)).toBeInTheDocument();
    expect(firstName()).toHaveValue('Ada');
    expect(lastName()).toHaveValue('Lovelace');
    await waitFor(() => expect(country()).toBeEnabled());
    expect(country()).toHaveValue('');
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute('href', '/demo-service/privacy.html');
  });

  it('offers only the countries of the regions the flow names', async () => {
    await renderView(fakeHttp(CREATE));
    await waitFor(() => expect(country()).toBeEnabled());
    await userEvent.click(country());
    const listbox = await screen.findByRole('listbox');
    const offered = within(listbox).getAllByRole('option').map((o) => o.textContent ?? '');
    expect(offered).toHaveLength(3);
    for (const name of ['Germany', 'France', 'Czechia']) expect(offered.some((text) => text.startsWith(name))).toBe(true);
    for (const name of ['United States', 'Canada', 'Singapore', 'Japan']) expect(offered.some((text) => text.startsWith(name))).toBe(false);
  });

  it('all countries when the flow names no regions', async () => {
    const { regions: _regions, ...anywhere } = CREATE;
    await renderView(fakeHttp(anywhere));
    await waitFor(() => expect(country()).toBeEnabled());
    await userEvent.click(country());
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(7);
  });

  it('requires the country/region and the privacy policy: nothing is sent without them', async () => {
    const http = fakeHttp(CREATE);
    await renderView(http);
    await waitFor(() => expect(country()).toBeEnabled());
    await userEvent.click(createButton());
    expect(screen.getByText('Accept the privacy policy to create your ID.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(country()).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(http, '/login/social/account')).toHaveLength(0);
    // The country chosen, the policy still not accepted: still nothing.
    await chooseCountry('Germany');
    await userEvent.click(createButton());
    expect(screen.getByText('Accept the privacy policy to create your ID.')).toBeInTheDocument();
    expect(callsTo(http, '/login/social/account')).toHaveLength(0);
    expect(callsTo(http, '/login')).toHaveLength(0);
  });

  it('filled in: makes the ID once with the accepted policy version, then signs in with the proof', async () => {
    const http = fakeHttp(CREATE);
    await renderView(http);
    await waitFor(() => expect(country()).toBeEnabled());
    const first = firstName();
    await userEvent.clear(first);
    await userEvent.type(first, '  Augusta Ada ');
    await chooseCountry('France');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(createButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HANDED_OFF));
    const accounts = callsTo(http, '/login/social/account');
    expect(accounts).toHaveLength(1);
    expect(accounts[0]![1]).toEqual({ proof: PROOF, firstName: 'Augusta Ada', lastName: 'Lovelace', country: 'FR', acceptPrivacyVersion: 4, language: 'en_US' });
    expect(accounts[0]![2]).toMatchObject({ auth: 'none', headers: { session_code: 'sc-1' } });
    const logins = callsTo(http, '/login');
    expect(logins).toHaveLength(1);
    expect(logins[0]![1]).toEqual({ email: EMAIL, externalProof: PROOF, language: 'en_US' });
    const paths = http.post.mock.calls.map(([path]) => path);
    expect(paths.indexOf('/login/social/account')).toBeLessThan(paths.indexOf('/login'));
  });

  it('a sign-in failing after the ID was made: the next submit only signs in again, never a second ID', async () => {
    let logins = 0;
    const http = fakeHttp(CREATE, { '/login': () => (++logins === 1 ? Promise.reject(new ApiError(0, 'Failed to fetch', 0)) : Promise.resolve(HAND_OFF)) });
    await renderView(http);
    await waitFor(() => expect(country()).toBeEnabled());
    await chooseCountry('Germany');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    expect(assign).not.toHaveBeenCalled();
    expect(firstName()).toHaveValue('Ada');
    await userEvent.click(createButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HANDED_OFF));
    expect(callsTo(http, '/login/social/account')).toHaveLength(1);
    expect(callsTo(http, '/login')).toHaveLength(2);
  });

  it('the ID could not be made: what was typed stays, the message shows, and no sign-in is tried', async () => {
    const http = fakeHttp(CREATE, { '/login/social/account': new ApiError(0, 'Failed to fetch', 0) });
    await renderView(http);
    await waitFor(() => expect(country()).toBeEnabled());
    await chooseCountry('Czechia');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(callsTo(http, '/login')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a proof spent before the ID was made (-20651): the invalid message instead of the form', async () => {
    const http = fakeHttp(CREATE, { '/login/social/account': new ApiError(-20651, 'expired', 400) });
    await renderView(http);
    await waitFor(() => expect(country()).toBeEnabled());
    await chooseCountry('Germany');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByRole('button', { name: 'Create ID and sign in' })).toBeNull();
    expect(callsTo(http, '/login')).toHaveLength(0);
  });
});

describe('SocialView: failures', () => {
  it('no proof: the invalid message without a call, and "Back to sign-in" goes to the sign-in form', async () => {
    const http = fakeHttp(LINKED);
    const { goTo } = await renderView(http, { proof: null });
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('heading', { name: 'Sign-in with another account' })).toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(goTo).toHaveBeenCalledWith('signIn');
  });

  it.each([
    ['denied', 'The sign-in at Google was cancelled.'],
    ['provider', 'The sign-in at Google did not work. Please try again.'],
    ['unverified', 'Google did not confirm your email address. Sign in with your password, or confirm your address at Google first.'],
    ['expired', 'The sign-in took too long. Please start again.'],
  ] as const)('%s (given): says why, named for the provider, and reads no flow', async (failure, text) => {
    const http = fakeHttp(LINKED);
    await renderView(http, { proof: PROOF, failure, provider: 'google' });
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('the server’s #error=denied&provider=google in the address: the Google-named message, taken out of the address', async () => {
    openedAt('/login?module=social&session_code=sc-1#error=denied&provider=google');
    const http = fakeHttp(LINKED);
    await renderView(http, {});
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in at Google was cancelled.');
    expect(screen.getByRole('heading', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(document.location.hash).toBe('');
    expect(document.location.search).toBe('?module=social&session_code=sc-1');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('only the failure is taken out of the fragment; the rest stays', async () => {
    openedAt('/login?module=social&session_code=sc-1#error=expired&provider=microsoft&keep=1');
    await renderView(fakeHttp(LINKED), {});
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in took too long. Please start again.');
    expect(screen.getByRole('heading', { name: 'Sign in with Microsoft' })).toBeInTheDocument();
    expect(document.location.hash).toBe('#keep=1');
  });

  it('an error value the page does not know: the provider’s generic failure', async () => {
    openedAt('/login?module=social&session_code=sc-1#error=server_error&provider=google');
    await renderView(fakeHttp(LINKED), {});
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in at Google did not work. Please try again.');
    expect(document.location.hash).toBe('');
  });

  it('an unknown provider in the fragment: the unnamed message', async () => {
    openedAt('/login?module=social&session_code=sc-1#error=denied&provider=myspace');
    await renderView(fakeHttp(LINKED), {});
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in was cancelled.');
    expect(screen.getByRole('heading', { name: 'Sign-in with another account' })).toBeInTheDocument();
  });

  it('the proof from the address (#token=…): read, and never shown', async () => {
    openedAt(`/login?module=social&session_code=sc-1#token=${encodeURIComponent(PROOF)}`);
    const http = fakeHttp(LINK);
    await renderView(http, {});
    expect(await screen.findByRole('heading', { name: 'Link your Google account' })).toBeInTheDocument();
    expect(callsTo(http, '/login/social/flow')[0]![1]).toEqual({ proof: PROOF });
    expect(document.location.hash).toBe('');
    expect(document.body.innerHTML).not.toContain(PROOF);
  });
});
