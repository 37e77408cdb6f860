import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import {
  type AcceptInviteResult,
  ApiError,
  clearInviteRefusal,
  definePlugin,
  type ErrorHandler,
  getToast,
  type HttpClient,
  type InviteInfo,
  inviteRefusal,
  loadInvite,
} from '@portal/plugin-api';
import {
  appStore,
  buildRegistry,
  clearSession,
  deferred,
  regionCodesKept,
  renderPortal,
  RouteView,
  saveTokens,
  sessionEndedAtom,
  setUser,
  testDeployment,
  testRegistry,
} from '@portal/plugin-api/testing';
import invite from './index';
import { absoluteUrl, registerUrl, signInUrl } from './links';

const CODE = 'Euw.k7Qp2xYz9w';

const info = (over: Partial<InviteInfo> = {}): InviteInfo => ({
  invitedEmail: 'invitee@example.com',
  inviteCode: CODE,
  orgRegion: 'Euw',
  status: 'registered',
  orgId: 'org-1',
  orgName: 'Contoso Demo Ltd',
  inviterName: 'Olivia Owner',
  role: 'member',
  expiresAt: 1_900_000_000_000,
  ...over,
});

const joined: AcceptInviteResult = { orgId: 'org-1', orgName: 'Contoso Demo Ltd', role: 'member' };

type Answer = (path: string, body?: unknown, options?: Record<string, unknown>) => Promise<unknown>;

/** The HttpClient faked at the boundary: GET is the look-up, POST the accept call. */
function fakeHttp(get: Answer, post: Answer = async () => joined) {
  return { get: vi.fn(get), post: vi.fn(post) } as unknown as HttpClient & { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn> };
}

async function renderInvite(http: HttpClient, path: string, extraPlugins: Parameters<typeof testRegistry>[0] = [], config: Record<string, unknown> = {}) {
  const registry = await testRegistry([invite, ...extraPlugins], { invite: config });
  const route = registry.routes.find((r) => r.value.path === '/invite')!;
  const utils = renderPortal(
    <Switch>
      <Route path="/invite">
        <RouteView owned={route} />
      </Route>
      <Route path="/login">login page</Route>
      <Route path="/accountSetting/company">company page</Route>
      <Route path="/elsewhere/company">configured company page</Route>
    </Switch>,
    { registry, http, path },
  );
  return utils;
}

const lastUrl = (location: { history?: string[] }) => location.history?.at(-1);

beforeEach(() => {
  clearSession();
  clearInviteRefusal();
  appStore.set(sessionEndedAtom, null);
});

describe('invite plugin manifest', () => {
  it('owns /invite with its title and contributes the invite namespace', async () => {
    const registry = await testRegistry([invite]);
    expect(registry.routes.map((r) => [r.pluginId, r.value.path, r.value.parent, r.value.titleKey])).toEqual([['invite', '/invite', undefined, 'invite:title']]);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['invite']);
    expect(registry.pluginConfigs.get('invite')).toEqual({ companyPath: '/accountSetting/company' });
  });

  it.each([
    [{ companyPath: 'https://evil.test/company' }, "Plugin 'invite': config field 'companyPath'"],
    [{ companyPath: '//evil.test/company' }, "Plugin 'invite': config field 'companyPath'"],
    [{ colour: 'red' }, "Plugin 'invite': config field 'colour': is not a known field; expected one of: companyPath"],
  ])('rejects bad config %j', async (config, message) => {
    await expect(buildRegistry([invite], { invite: { enabled: true, config } }, testDeployment)).rejects.toThrow(message);
  });
});

describe('links', () => {
  it('builds the invited registration, sign-in with return and this page’s absolute URL', () => {
    expect(registerUrl('a b&c', null)).toBe('/login?module=register&inviteCode=a+b%26c');
    expect(registerUrl('x', 'de_DE')).toBe('/login?module=register&inviteCode=x&lang=de_DE');
    expect(signInUrl(null)).toBe('/login');
    expect(signInUrl('fr_FR')).toBe('/login?lang=fr_FR');
    expect(signInUrl(null, 'https://id.test/invite?inviteCode=x')).toBe('/login?return_to=https%3A%2F%2Fid.test%2Finvite%3FinviteCode%3Dx');
    expect(absoluteUrl('https://id.test', '/invite', 'inviteCode=x')).toBe('https://id.test/invite?inviteCode=x');
    expect(absoluteUrl('https://id.test', '/invite', '')).toBe('https://id.test/invite');
  });
});

describe('InvitePage: look-up', () => {
  it('shows the loading image while the invitation loads, looking the code up on the global host without sign-in', async () => {
    const lookup = deferred<InviteInfo>();
    const http = fakeHttp(() => lookup.promise);
    await renderInvite(http, `/invite?inviteCode=${encodeURIComponent(CODE)}`);
    expect((await screen.findByText('Loading the invitation…')).closest('[role="status"]')).not.toBeNull();
    expect(http.get).toHaveBeenCalledWith(`/orgs/members/invitations/${encodeURIComponent(CODE)}`, expect.objectContaining({ auth: 'none' }));
    expect(http.get.mock.calls[0]![1]).not.toHaveProperty('scope', 'regional');
    await act(async () => lookup.resolve(info({ status: 'expired' })));
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the invitation…')).not.toBeInTheDocument();
  });

  it('a missing code goes to sign-in without any call, the URL replaced by /login, and tells sign-in why', async () => {
    const http = fakeHttp(async () => info());
    const { location } = await renderInvite(http, '/invite?lang=de_DE');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(http.get).not.toHaveBeenCalled();
    // replaced, not pushed: Back does not return to the dead link
    expect(location.history).toEqual(['/login?lang=de_DE']);
    expect(inviteRefusal()).toBe('missing');
  });

  it('a blank code counts as missing', async () => {
    const http = fakeHttp(async () => info());
    await renderInvite(http, '/invite?inviteCode=%20%20');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(http.get).not.toHaveBeenCalled();
    expect(inviteRefusal()).toBe('missing');
  });

  it.each([
    ['an unknown or closed code (-40012)', async () => Promise.reject(new ApiError(-40012, 'invalid invitation', 400))],
    ['a malformed code the server rejects as a bad parameter', async () => Promise.reject(new ApiError(-10020, 'bad', 400))],
    ['a status the page does not know (not joinable)', async () => info({ status: 'cancelled' as InviteInfo['status'] })],
  ])('%s goes to sign-in with the URL replaced, and sign-in says the invitation is invalid', async (_name, answer) => {
    const http = fakeHttp(answer);
    const { location } = await renderInvite(http, '/invite?inviteCode=nope');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(location.history).toEqual(['/login']);
    expect(inviteRefusal()).toBe('invalid');
    expect(getToast()).toBeNull();
  });

  it('an expired invitation shows the -40012 message and who to ask', async () => {
    const http = fakeHttp(async () => info({ status: 'expired' }));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    expect(await screen.findByText('The invitation has expired or is invalid.')).toBeInTheDocument();
    expect(screen.getByText('Ask Olivia Owner to send you a new invitation to Contoso Demo Ltd. You can still sign in with your Unified ID.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to sign-in' })).toBeInTheDocument();
  });

  it('a failed look-up (network) says so and can be tried again', async () => {
    let calls = 0;
    const http = fakeHttp(async () => (++calls === 1 ? Promise.reject(new ApiError(0, undefined, 0)) : info({ status: 'expired' })));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    expect(await screen.findByRole('heading', { name: 'The invitation could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Network error. Check your connection and try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The invitation has expired or is invalid.')).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a server error', new ApiError(-10000, 'boom', 500), 'An unexpected error occurred. Please try again later.'],
    ['rate limiting', new ApiError(-60001, 'slow down', 429), 'Too many requests. Please try again later.'],
  ])('%s is a failed look-up, not an invalid invitation', async (_name, error, message) => {
    const http = fakeHttp(async () => Promise.reject(error));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('InvitePage: where the invitee goes', () => {
  it('unregistered: saves the invitation and replaces the URL with the invited registration (keeping lang)', async () => {
    const http = fakeHttp(async () => info({ status: 'unregistered' }));
    const { location } = await renderInvite(http, `/invite?inviteCode=${encodeURIComponent(CODE)}&lang=ja_JP`);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(location.history).toEqual([`/login?module=register&inviteCode=${encodeURIComponent(CODE)}&lang=ja_JP`]);
    expect(loadInvite()).toEqual({ invitedEmail: 'invitee@example.com', inviteCode: CODE, orgRegion: 'Euw', status: 'unregistered' });
  });

  it('unregistered, even when signed in: the invitation is for a new ID, so registration opens', async () => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    const http = fakeHttp(async () => info({ status: 'unregistered' }));
    const { location } = await renderInvite(http, `/invite?inviteCode=${CODE}`);
    await screen.findByText('login page');
    expect(lastUrl(location)).toBe(`/login?module=register&inviteCode=${CODE}`);
    expect(http.post).not.toHaveBeenCalled();
  });

  it('registered but not signed in: sign-in that returns to this page', async () => {
    const http = fakeHttp(async () => info());
    const { location } = await renderInvite(http, `/invite?inviteCode=${CODE}&lang=de_DE`);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    const back = `${window.location.origin}/invite?inviteCode=${CODE}&lang=de_DE`;
    expect(location.history).toEqual([`/login?return_to=${encodeURIComponent(back)}&lang=de_DE`]);
    expect(loadInvite()).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('accepted, not signed in: already accepted, with a way to sign in', async () => {
    const http = fakeHttp(async () => info({ status: 'accepted' }));
    const { location } = await renderInvite(http, `/invite?inviteCode=${CODE}`);
    expect(await screen.findByRole('heading', { name: 'This invitation has already been accepted' })).toBeInTheDocument();
    expect(screen.getByText(/Sign in to see the company in your account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to sign-in' }));
    expect(location.history).toEqual(['/login']);
  });

  it('accepted and signed in: already accepted, with the company page', async () => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    const http = fakeHttp(async () => info({ status: 'accepted' }));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Go to company page' }));
    expect(await screen.findByText('company page')).toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
  });
});

describe('InvitePage: a signed-in person and a dead invitation', () => {
  beforeEach(() => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
  });

  it.each([
    ['an unknown, used or revoked code (-40012)', async () => Promise.reject(new ApiError(-40012, 'invalid invitation', 400))],
    ['a status the page does not know', async () => info({ status: 'cancelled' as InviteInfo['status'] })],
  ])('%s: a page says what happened, with the way on to the account (not a silent drop on My Profile)', async (_name, answer) => {
    const http = fakeHttp(answer);
    const { location } = await renderInvite(http, '/invite?inviteCode=nope');
    const heading = await screen.findByRole('heading', { name: 'This invitation cannot be used' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('The invitation has expired or is invalid.')).toBeInTheDocument();
    expect(screen.getByText('Ask the person who invited you to send a new invitation. Your account is as it was.')).toBeInTheDocument();
    expect(location.history ?? []).not.toContain('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Go to my account' }));
    expect(lastUrl(location)).toBe('/accountSetting');
  });

  it('an expired invitation: who to ask, and the account rather than sign-in', async () => {
    const http = fakeHttp(async () => info({ status: 'expired' }));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    expect(await screen.findByText('Ask Olivia Owner to send you a new invitation to Contoso Demo Ltd. Your account is as it was.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to my account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to sign-in' })).toBeNull();
  });
});

describe('InvitePage: the portal header', () => {
  it('every state of the page has the portal header: the name (or logo) and the language menu', async () => {
    const http = fakeHttp(async () => info({ status: 'accepted' }));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    await screen.findByRole('heading', { name: 'This invitation has already been accepted' });
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('Unified ID');
    expect(within(banner).getByRole('button', { name: /Language/ })).toBeInTheDocument();
  });
});

describe('InvitePage: joining', () => {
  beforeEach(() => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
  });

  it('signed in: offers to join, showing company, inviter, role and invited address', async () => {
    const http = fakeHttp(async () => info({ role: 'admin' }));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    const heading = await screen.findByRole('heading', { name: 'Join Contoso Demo Ltd' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Olivia Owner has invited you to join Contoso Demo Ltd.')).toBeInTheDocument();
    const details = screen.getByText('Company').closest('dl')!;
    expect(details).toHaveTextContent('CompanyContoso Demo Ltd');
    expect(details).toHaveTextContent('Invited byOlivia Owner');
    expect(details).toHaveTextContent('RoleAdministrator');
    expect(details).toHaveTextContent('Invited email addressinvitee@example.com');
    expect(screen.getByRole('button', { name: 'Join Contoso Demo Ltd' })).toBeEnabled();
  });

  it('without an inviter name the offer still reads well', async () => {
    const http = fakeHttp(async () => info({ inviterName: '' }));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    expect(await screen.findByText('You have been invited to join Contoso Demo Ltd.')).toBeInTheDocument();
    expect(screen.queryByText('Invited by')).not.toBeInTheDocument();
  });

  it('Join accepts on the regional host, shows the button busy while it runs, then the joined-success state with the company page', async () => {
    const accept = deferred<AcceptInviteResult>();
    const http = fakeHttp(async () => info(), () => accept.promise);
    const { location } = await renderInvite(http, `/invite?inviteCode=${CODE}`);
    const join = await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' });
    await userEvent.click(join);
    expect(http.post).toHaveBeenCalledWith('/orgs/members/invitations/status', { inviteCode: CODE }, { scope: 'regional', region: 'Euw' });
    expect(join).toHaveAttribute('aria-busy', 'true');
    expect(join).toHaveFocus();
    expect(screen.getByText('Joining Contoso Demo Ltd…')).toBeInTheDocument();
    // a second click while the call runs does not accept twice
    await userEvent.click(join);
    expect(http.post).toHaveBeenCalledTimes(1);

    await act(async () => accept.resolve(joined));
    const heading = await screen.findByRole('heading', { name: 'You have joined Contoso Demo Ltd' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Welcome! The company and its members are now on your company page.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to company page' }));
    expect(await screen.findByText('company page')).toBeInTheDocument();
    expect(lastUrl(location)).toBe('/accountSetting/company');
  });

  it('the joined state shows the role the server gave', async () => {
    const http = fakeHttp(async () => info({ role: 'member' }), async () => ({ ...joined, role: 'admin' }));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' }));
    await screen.findByRole('heading', { name: 'You have joined Contoso Demo Ltd' });
    expect(screen.getByText('Administrator')).toBeInTheDocument();
  });

  it('the accept call goes to the signed-in account’s own region when it is known', async () => {
    setUser({ accountId: 'a', avatar: null, id: 'u', email: 'invitee@example.com', phone: null, identityProvider: 'vendorId', uuidProvider: 'x', firstName: 'I', lastName: 'N', region: 'Aps', language: 'en_US' });
    const http = fakeHttp(async () => info());
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' }));
    await screen.findByRole('heading', { name: 'You have joined Contoso Demo Ltd' });
    expect(http.post.mock.calls[0]![2]).toEqual({ scope: 'regional', region: 'Aps' });
  });

  it('the company page link follows the plugin config', async () => {
    const http = fakeHttp(async () => info());
    await renderInvite(http, `/invite?inviteCode=${CODE}`, [], { companyPath: '/elsewhere/company' });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Go to company page' }));
    expect(await screen.findByText('configured company page')).toBeInTheDocument();
  });

  it.each([
    [-40010, 'Another user is operating on this organization. Please try again later.'],
    [-10000, 'An unexpected error occurred. Please try again later.'],
    [0, 'Network error. Check your connection and try again.'],
  ])('accept error %i (worth another try): shown inline under the offer, no toast, and Join can be pressed again', async (code, message) => {
    let calls = 0;
    const http = fakeHttp(async () => info(), async () => (++calls === 1 ? Promise.reject(new ApiError(code, code ? 'server says no' : undefined, code ? 400 : 0)) : joined));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    const join = await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' });
    await userEvent.click(join);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(join).not.toHaveAttribute('aria-busy');
    expect(join).toBeEnabled();
    expect(join).toHaveAccessibleDescription(message);
    expect(join).toHaveFocus();
    expect(getToast()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go to company page' })).not.toBeInTheDocument();
    await userEvent.click(join);
    expect(await screen.findByRole('heading', { name: 'You have joined Contoso Demo Ltd' })).toBeInTheDocument();
  });

  it.each([
    [-40014, regionCodesKept("Your account's data is kept in another region than Contoso Demo Ltd's (Europe (eu-west-1)), so your account cannot join it. Ask the person who invited you to invite an address whose account is in that region.")],
    [-40024, 'Your account information conflicts with another account.'],
    [-40002, 'Contoso Demo Ltd no longer exists, so its invitation cannot be accepted.'],
  ])('accept error %i (cannot succeed): said to the invitee, and Join is disabled', async (code, message) => {
    const http = fakeHttp(async () => info(), async () => Promise.reject(new ApiError(code, 'server says no', 400)));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    const join = await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' });
    await userEvent.click(join);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent('invite users');
    expect(join).toBeDisabled();
    await waitFor(() => expect(alert).toHaveFocus());
    expect(http.post).toHaveBeenCalledTimes(1);
  });

  it('already in a company (-40007): the message and the company page', async () => {
    const http = fakeHttp(async () => info(), async () => Promise.reject(new ApiError(-40007, 'already', 400)));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already belong to a company. To join Contoso Demo Ltd, leave your current company first.');
    expect(screen.getByRole('button', { name: 'Join Contoso Demo Ltd' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Go to company page' }));
    expect(await screen.findByText('company page')).toBeInTheDocument();
  });

  it('an error the catalogue does not know shows the server message', async () => {
    const http = fakeHttp(async () => info(), async () => Promise.reject(new ApiError(-99999, 'Something specific happened', 400)));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something specific happened');
  });

  it('the invitation closed meanwhile (-40012): the invalid state with the -40012 message', async () => {
    const http = fakeHttp(async () => info(), async () => Promise.reject(new ApiError(-40012, 'invalid', 400)));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' }));
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('The invitation has expired or is invalid.')).toBeInTheDocument();
    expect(getToast()).toBeNull();
  });

  it('a forced sign-out code is left to the session-ended modal: no inline error on top', async () => {
    const http = fakeHttp(async () => info(), async () => Promise.reject(new ApiError(-20651, 'invalid token', 401)));
    await renderInvite(http, `/invite?inviteCode=${CODE}`);
    const join = await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' });
    await userEvent.click(join);
    await waitFor(() => expect(join).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getToast()).toBeNull();
  });

  it('a plugin that handles the code (here a toast) wins; the page adds nothing', async () => {
    const handler: ErrorHandler = (_e, ctx) => {
      ctx.toast('handled by a plugin', 'warning');
      return true;
    };
    const other = definePlugin({ id: 'other', errorHandlers: { [-19999]: handler } });
    const http = fakeHttp(async () => info(), async () => Promise.reject(new ApiError(-19999, 'region', 503)));
    await renderInvite(http, `/invite?inviteCode=${CODE}`, [other]);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Contoso Demo Ltd' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'warning', message: 'handled by a plugin' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
