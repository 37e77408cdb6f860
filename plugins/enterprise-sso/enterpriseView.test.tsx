import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, type RegionWhiteList } from '@portal/plugin-api';
import { deferred, renderPortal, resetMailLinkTokenForTests, resetRegionWhiteList, stripTokensFromUrl, takeMailLinkToken, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import type { FlowResult } from './contract';
import EnterpriseView from './EnterpriseView';
import enterpriseSso from './index';

type Post = (path: string, body?: unknown, options?: unknown) => Promise<unknown>;
type Sent = [string, Record<string, unknown>, { headers?: Record<string, string> }];

const COMPANY = 'Contoso Demo Ltd';
const EMAIL = 'ada@contoso.example';
const PROOF = 'b4f0c1d29e7a4c3f8d6e5a1b2c3d4e5f.Zk3vQ9mX2pL7rT4wY8sN1bH6cJ0dF5gA_uE-kR2qW9o';
const HAND_OFF = { serviceUrl: `${window.location.origin}/api/authorize`, redirectParams: { session_code: 'sc-1' } };
const WHITE_LIST: RegionWhiteList = { Use: ['US', 'CA'], Aps: ['SG', 'JP'], Euw: ['DE', 'FR', 'CZ'] };

const LINKED: FlowResult = { status: 'linked', company: COMPANY, email: EMAIL };
const LINK: FlowResult = { status: 'link', company: COMPANY, email: EMAIL, givenName: 'Ada', familyName: 'Lovelace', country: 'DE' };
const CREATE: FlowResult = { status: 'create', company: COMPANY, email: EMAIL, givenName: 'Ada', familyName: 'Lovelace', country: 'DE', privacy: { version: 7, url: '/demo-service/privacy.html' } };

/** The server: the flow the proof names, and what each other call answers (a function: per call). */
function fakeHttp(flow: FlowResult | ApiError, answers: Record<string, unknown | (() => Promise<unknown>)> = {}) {
  const post: Post = async (path) => {
    const answer = path === '/login/enterprise/flow' ? flow : path in answers ? answers[path] : path === '/login' ? HAND_OFF : null;
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

async function renderView(http: HttpClient, props: { proof?: string | null; failure?: FlowResult['error'] | null } = { proof: PROOF }) {
  const registry = await testRegistry([enterpriseSso]);
  const page = testLoginPage({ views: ['signIn', 'enterprise', 'locked'], query: new URLSearchParams('session_code=sc-1&module=enterprise') });
  const goTo = vi.fn();
  // The flow's read (and the country list) settle inside act(), as they do before anyone can look.
  await act(async () => {
    renderPortal(page.wrap(<EnterpriseView goTo={goTo} {...props} />), { registry, http, path: '/login' });
  });
  return { goTo };
}

const firstName = () => screen.getByRole('textbox', { name: /^First name/ });
const lastName = () => screen.getByRole('textbox', { name: /^Last name/ });
const createButton = () => screen.getByRole('button', { name: 'Create ID and sign in' });

const assign = vi.fn();
/** `window.location` as the page's, with `assign` recorded (jsdom does not navigate). */
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

describe('EnterpriseView: a linked identity', () => {
  it('reads the flow of the proof in this login session, signs in at once with the proof and hands off', async () => {
    const http = fakeHttp(LINKED);
    await renderView(http);
    expect(screen.getByRole('status')).toHaveTextContent('Finishing your sign-in with your company…');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${HAND_OFF.serviceUrl}?session_code=sc-1`));
    const [, flowBody, flowOptions] = callsTo(http, '/login/enterprise/flow')[0]!;
    expect(flowBody).toEqual({ proof: PROOF });
    expect(flowOptions).toMatchObject({ auth: 'none', headers: { session_code: 'sc-1' } });
    const logins = callsTo(http, '/login');
    expect(logins).toHaveLength(1);
    const [, body, options] = logins[0]!;
    expect(body).toEqual({ email: EMAIL, externalProof: PROOF, language: 'en_US' });
    expect(body).not.toHaveProperty('password');
    expect(options.headers).toEqual({ session_code: 'sc-1' });
    expect(document.body.innerHTML).not.toContain(PROOF);
  });

  it('a spent or expired proof on sign-in (-20651): the invalid failure, named for the company, with the way back', async () => {
    const http = fakeHttp(LINKED, { '/login': new ApiError(-20651, 'The sign-in at your company has expired or was used already.', 400) });
    const { goTo } = await renderView(http);
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired or was used already. Please start again.');
    expect(screen.getByRole('heading', { name: `Sign in with ${COMPANY}` })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(goTo).toHaveBeenCalledWith('signIn');
  });

  it('a proof the server does not know (-20651 on the flow): the invalid failure, no sign-in', async () => {
    const http = fakeHttp(new ApiError(-20651, 'expired', 400));
    await renderView(http);
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired or was used already. Please start again.');
    expect(callsTo(http, '/login')).toHaveLength(0);
  });
});

describe('EnterpriseView: an ID of the address exists (link)', () => {
  it('asks for the ID’s password once, and signs in with it and the proof', async () => {
    const http = fakeHttp(LINK);
    await renderView(http);
    expect(await screen.findByRole('heading', { name: 'Link your company sign-in' })).toBeInTheDocument();
    expect(screen.getByText(`There is already an ID for ${EMAIL}. Enter its password once to link it to your ${COMPANY} sign-in. After that, your company signs you in.`)).toBeInTheDocument();
    expect(callsTo(http, '/login')).toHaveLength(0);
    const submit = screen.getByRole('button', { name: 'Link and sign in' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Password of your ID/), 'correct horse{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${HAND_OFF.serviceUrl}?session_code=sc-1`));
    const [, body, options] = callsTo(http, '/login')[0]!;
    expect(body).toEqual({ email: EMAIL, password: 'correct horse', externalProof: PROOF, language: 'en_US' });
    expect(options.headers).toEqual({ session_code: 'sc-1' });
  });

  it('a wrong password keeps the form and says so with the catalogue’s message', async () => {
    const http = fakeHttp(LINK, { '/login': new ApiError(-20601, 'wrong', 400, { remainAttempts: 3, failedAttempts: 2, lockedMinutes: 15 }) });
    const { goTo } = await renderView(http);
    await userEvent.type(await screen.findByLabelText(/^Password of your ID/), 'wrong-one{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect ID or password.');
    expect(screen.getByRole('heading', { name: 'Link your company sign-in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password of your ID/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
    // The next try goes on with the same proof.
    await userEvent.type(screen.getByLabelText(/^Password of your ID/), 'right-one{Enter}');
    await waitFor(() => expect(callsTo(http, '/login')).toHaveLength(2));
    expect(callsTo(http, '/login')[1]![1]).toMatchObject({ password: 'right-one', externalProof: PROOF });
  });
});

describe('EnterpriseView: no ID yet (create)', () => {
  it('shows the names the provider gave, the company’s country/region and the policy to accept', async () => {
    await renderView(fakeHttp(CREATE));
    expect(await screen.findByRole('heading', { name: 'Create your ID' })).toBeInTheDocument();
    expect(screen.getByText(`${COMPANY} signed you in as ${EMAIL}. You have no ID yet: check your details to create one.`)).toBeInTheDocument();
    expect(firstName()).toHaveValue('Ada');
    expect(lastName()).toHaveValue('Lovelace');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Country\/region/ })).toBeEnabled());
    expect(screen.getByRole('combobox', { name: /^Country\/region/ })).toHaveValue('Germany');
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute('href', '/demo-service/privacy.html');
  });

  it('sent empty: each missing field says so, and nothing is called', async () => {
    const http = fakeHttp(CREATE);
    await renderView(http);
    await userEvent.clear(await screen.findByRole('textbox', { name: /^First name/ }));
    await userEvent.clear(lastName());
    await userEvent.click(createButton());
    expect(firstName()).toHaveAttribute('aria-invalid', 'true');
    expect(lastName()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Accept the privacy policy to create your ID.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(http, '/login/enterprise/account')).toHaveLength(0);
    expect(callsTo(http, '/login')).toHaveLength(0);
  });

  it('without the policy accepted: not sent', async () => {
    const http = fakeHttp(CREATE);
    await renderView(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Create ID and sign in' }));
    expect(screen.getByText('Accept the privacy policy to create your ID.')).toBeInTheDocument();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    expect(callsTo(http, '/login/enterprise/account')).toHaveLength(0);
  });

  it('filled in: makes the ID with the accepted policy version of the flow, then signs in with the proof', async () => {
    const http = fakeHttp(CREATE, { '/login/enterprise/account': { email: EMAIL, joined: true } });
    await renderView(http);
    const first = await screen.findByRole('textbox', { name: /^First name/ });
    await userEvent.clear(first);
    await userEvent.type(first, '  Augusta Ada ');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(createButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${HAND_OFF.serviceUrl}?session_code=sc-1`));
    const [, account, accountOptions] = callsTo(http, '/login/enterprise/account')[0]!;
    expect(account).toEqual({ proof: PROOF, firstName: 'Augusta Ada', lastName: 'Lovelace', country: 'DE', acceptPrivacyVersion: 7, language: 'en_US' });
    expect(accountOptions).toMatchObject({ auth: 'none', headers: { session_code: 'sc-1' } });
    const logins = callsTo(http, '/login');
    expect(logins).toHaveLength(1);
    expect(logins[0]![1]).toEqual({ email: EMAIL, externalProof: PROOF, language: 'en_US' });
    // In that order: the ID first.
    const paths = http.post.mock.calls.map(([path]) => path);
    expect(paths.indexOf('/login/enterprise/account')).toBeLessThan(paths.indexOf('/login'));
  });

  it('an ID made outside the company’s region says it was not added to the company', async () => {
    const made = deferred<unknown>();
    const http = fakeHttp(CREATE, { '/login/enterprise/account': { email: EMAIL, joined: false }, '/login': () => made.promise });
    await renderView(http);
    await userEvent.click(await screen.findByRole('checkbox'));
    await userEvent.click(createButton());
    expect(await screen.findByText(`Your company's data is stored in another region, so you are not added to ${COMPANY} automatically. Ask its admin to invite you.`)).toBeInTheDocument();
    made.resolve(HAND_OFF);
    await waitFor(() => expect(assign).toHaveBeenCalled());
  });

  it('the ID could not be made: what was typed stays, the message shows, and no sign-in is tried', async () => {
    const http = fakeHttp(CREATE, { '/login/enterprise/account': new ApiError(0, 'Failed to fetch', 0) });
    await renderView(http);
    const last = await screen.findByRole('textbox', { name: /^Last name/ });
    await userEvent.clear(last);
    await userEvent.type(last, 'King');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    expect(firstName()).toHaveValue('Ada');
    expect(lastName()).toHaveValue('King');
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(createButton()).not.toHaveAttribute('aria-busy', 'true');
    expect(callsTo(http, '/login')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('EnterpriseView: failures', () => {
  it('no proof: the invalid failure without a call, and "Back to sign-in" goes to the sign-in form', async () => {
    const http = fakeHttp(LINKED);
    const { goTo } = await renderView(http, { proof: null });
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired or was used already. Please start again.');
    expect(http.post).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(goTo).toHaveBeenCalledWith('signIn');
  });

  it.each([
    ['denied', 'The sign-in at your company was cancelled.'],
    ['provider', "Your company's sign-in did not work. Try again, or ask your company's IT team."],
    ['expired', 'The sign-in took too long. Please start again.'],
  ] as const)('%s: says why, reads no flow', async (failure, text) => {
    const http = fakeHttp(LINKED);
    await renderView(http, { proof: PROOF, failure });
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(http.post).not.toHaveBeenCalled();
  });

  it('the server’s #error=… in the address: said, and taken out of the address', async () => {
    openedAt('/login?module=enterprise&session_code=sc-1#error=denied');
    const http = fakeHttp(LINKED);
    await renderView(http, {});
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in at your company was cancelled.');
    expect(window.history.state).toBeNull();
    expect(document.location.hash).toBe('');
    expect(document.location.search).toBe('?module=enterprise&session_code=sc-1');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('the proof from the address (#token=…): read, and never shown', async () => {
    openedAt(`/login?module=enterprise&session_code=sc-1#token=${encodeURIComponent(PROOF)}`);
    const http = fakeHttp(LINK);
    await renderView(http, {});
    expect(await screen.findByRole('heading', { name: 'Link your company sign-in' })).toBeInTheDocument();
    expect(callsTo(http, '/login/enterprise/flow')[0]![1]).toEqual({ proof: PROOF });
    expect(document.location.hash).toBe('');
    expect(document.body.innerHTML).not.toContain(PROOF);
  });
});
