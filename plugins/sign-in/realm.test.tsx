import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, definePlugin, type HttpClient, SIGN_IN_REALM_POINT, type SignInRealm, type SignInRealmMatch } from '@portal/plugin-api';
import { deferred, renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import signIn from './index';
import SignInView from './SignInView';

/*
 * Home realm discovery in the sign-in form (SIGN_IN_REALM_POINT): an address a realm knows shows
 * the way there instead of the password, asked after a pause in typing and again on submit.
 */

type Post = (path: string, body: Record<string, unknown>, options: { headers?: Record<string, string> }) => Promise<unknown>;
type Find = SignInRealm['find'];

const HAND_OFF = { serviceUrl: `${window.location.origin}/api/authorize`, redirectParams: { session_code: 'sc-1' } };
const ACME_ADDRESS = 'wile.e@acme.example';
const REALM_NOTE = 'Acme signs you in with its own sign-in: no password here.';

function fakeHttp(post: Post = async () => HAND_OFF) {
  return {
    post: vi.fn(post),
    get: vi.fn(async (path: string) => (path === '/redirect/allow-urls' ? { allowUrls: [window.location.origin] } : null)),
  } as unknown as HttpClient & { post: ReturnType<typeof vi.fn<Post>>; get: ReturnType<typeof vi.fn> };
}
const logins = (http: { post: ReturnType<typeof vi.fn<Post>> }) => http.post.mock.calls.filter(([path]) => path === '/login');

/** The test's realm: addresses of acme.example sign in at Acme; `find` and `go` are recorded. */
let go: ReturnType<typeof vi.fn<() => void>>;
let find: ReturnType<typeof vi.fn<Find>>;
const acmeMatch = (): SignInRealmMatch => ({ name: 'Acme', go: () => go() });
const knowsAcme: Find = async (email) => (email.toLowerCase().endsWith('@acme.example') ? acmeMatch() : null);
const acmeRealm = definePlugin({
  id: 'acme-realm',
  register(ctx) {
    ctx.contribute(SIGN_IN_REALM_POINT, { find: (email, page) => find(email, page) });
  },
});

const assign = vi.fn();
beforeEach(() => {
  go = vi.fn();
  find = vi.fn(knowsAcme);
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
});
afterEach(() => vi.unstubAllGlobals());

async function renderSignIn(http: HttpClient, options: { pluginAllowed?: (id: string) => boolean } = {}) {
  const registry = await testRegistry([signIn, acmeRealm]);
  const page = testLoginPage({ query: new URLSearchParams('session_code=sc-1'), ...(options.pluginAllowed ? { pluginAllowed: options.pluginAllowed } : {}) });
  const goTo = vi.fn();
  renderPortal(page.wrap(<SignInView goTo={goTo} />), { registry, http });
  return { goTo };
}

const email = () => screen.getByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Password/);
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });
/** The realm's answer, once the pause in typing (400 ms) has passed. */
const continueButton = () => screen.findByRole('button', { name: 'Continue with Acme' }, { timeout: 3000 });

describe('the sign-in form: addresses that sign in elsewhere (home realm discovery)', () => {
  it('asks after a pause in typing a complete address: no password field, a note, and "Continue with Acme"', async () => {
    const http = fakeHttp();
    await renderSignIn(http);
    await userEvent.type(email(), ACME_ADDRESS);
    // Not while typing: only after the pause.
    expect(find).not.toHaveBeenCalled();
    expect(await continueButton()).toBeEnabled();
    expect(find).toHaveBeenCalledTimes(1);
    expect(find).toHaveBeenCalledWith(ACME_ADDRESS, { http, sessionCode: 'sc-1' });
    expect(password()).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Forgot password?', hidden: true })).not.toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(REALM_NOTE);
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('asks nothing for an address that is not complete yet', async () => {
    await renderSignIn(fakeHttp());
    await userEvent.type(email(), 'wile.e@acme');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(find).not.toHaveBeenCalled();
    expect(password()).toBeVisible();
  });

  it('"Continue with Acme" goes there, and never posts the sign-in', async () => {
    const http = fakeHttp();
    await renderSignIn(http);
    await userEvent.type(email(), ACME_ADDRESS);
    await userEvent.click(await continueButton());
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(logins(http)).toHaveLength(0);
    expect(http.post).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('Enter in the address field goes there too', async () => {
    const http = fakeHttp();
    await renderSignIn(http);
    await userEvent.type(email(), ACME_ADDRESS);
    await continueButton();
    await userEvent.type(email(), '{Enter}');
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(logins(http)).toHaveLength(0);
  });

  it('an address changed after the answer: the password field and "Sign in" are back at once', async () => {
    await renderSignIn(fakeHttp());
    await userEvent.type(email(), ACME_ADDRESS);
    await continueButton();
    await userEvent.type(email(), 'x');
    expect(password()).toBeVisible();
    expect(screen.queryByText(REALM_NOTE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('an address the realm does not know keeps the password field, and signs in with the password', async () => {
    const http = fakeHttp();
    await renderSignIn(http);
    await userEvent.type(email(), 'ana@partner.example');
    await waitFor(() => expect(find).toHaveBeenCalledWith('ana@partner.example', expect.anything()));
    // Its answer (none) has come: still the form with the password.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(password()).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.type(password(), 'secret-1{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${HAND_OFF.serviceUrl}?session_code=sc-1`));
    expect(logins(http)).toHaveLength(1);
    expect(logins(http)[0]![1]).toMatchObject({ email: 'ana@partner.example', password: 'secret-1' });
    expect(go).not.toHaveBeenCalled();
  });

  it('a realm whose look-up fails: the password field stays and the sign-in goes on', async () => {
    find.mockImplementation(async () => Promise.reject(new Error('chunk failed to load')));
    const http = fakeHttp();
    await renderSignIn(http);
    await userEvent.type(email(), ACME_ADDRESS);
    await waitFor(() => expect(find).toHaveBeenCalled());
    await userEvent.type(password(), 'secret-1{Enter}');
    await waitFor(() => expect(logins(http)).toHaveLength(1));
    expect(go).not.toHaveBeenCalled();
  });

  it('a submit right after typing (before the pause) asks the realm first and goes there, without the password', async () => {
    const answer = deferred<SignInRealmMatch | null>();
    find.mockImplementation(() => answer.promise);
    const http = fakeHttp();
    await renderSignIn(http);
    // Filled at once (the browser's autofill) and sent at once: no pause in typing.
    fireEvent.change(email(), { target: { value: ACME_ADDRESS } });
    fireEvent.change(password(), { target: { value: 'secret-1' } });
    fireEvent.click(signInButton());
    expect(find).toHaveBeenCalledTimes(1);
    expect(find).toHaveBeenCalledWith(ACME_ADDRESS, { http, sessionCode: 'sc-1' });
    // While it asks, the form waits (busy), and posts nothing.
    await waitFor(() => expect(signInButton()).toHaveAttribute('aria-busy', 'true'));
    expect(http.post).not.toHaveBeenCalled();
    await act(async () => answer.resolve(acmeMatch()));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(logins(http)).toHaveLength(0);
  });

  it('a submit right after typing an address no realm knows signs in with the password', async () => {
    const http = fakeHttp();
    await renderSignIn(http);
    fireEvent.change(email(), { target: { value: 'ana@partner.example' } });
    fireEvent.change(password(), { target: { value: 'secret-1' } });
    fireEvent.click(signInButton());
    expect(find).toHaveBeenCalledWith('ana@partner.example', expect.anything());
    await waitFor(() => expect(logins(http)).toHaveLength(1));
    expect(logins(http)[0]![1]).toMatchObject({ email: 'ana@partner.example', password: 'secret-1' });
    expect(go).not.toHaveBeenCalled();
  });

  it('a realm of a plugin this page does not allow is not asked', async () => {
    const http = fakeHttp();
    await renderSignIn(http, { pluginAllowed: (id) => id !== 'acme-realm' });
    await userEvent.type(email(), ACME_ADDRESS);
    await userEvent.type(password(), 'secret-1{Enter}');
    await waitFor(() => expect(logins(http)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(find).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });

  it('-20690 (the company requires its own sign-in): the alert names the company', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20690, 'enterprise sign-in required', 403, { company: 'Acme' })));
    await renderSignIn(http);
    // An address of the company the realm did not know (an alias): the server still says where to go.
    await userEvent.type(email(), 'wile.e@acme-corp.example');
    await userEvent.type(password(), 'secret-1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Acme signs you in with its own sign-in. Type the address your company gave you and choose "Continue with Acme".');
    expect(email()).toHaveValue('wile.e@acme-corp.example');
    expect(assign).not.toHaveBeenCalled();
  });

  it('-20690 without a company name: the catalogue’s message', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20690, 'enterprise sign-in required', 403)));
    await renderSignIn(http);
    await userEvent.type(email(), 'wile.e@acme-corp.example');
    await userEvent.type(password(), 'secret-1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your company signs you in with its own sign-in. Use "Continue with your company".');
  });
});
