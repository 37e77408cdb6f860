import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, definePlugin, EXTERNAL_BROWSER_POINT, type ExternalBrowser, getToast, type HttpClient } from '@portal/plugin-api';
import { demoUser, renderPortal, resetMailLinkTokenForTests, setUser, stripTokensFromUrl, takeMailLinkToken, testRegistry } from '@portal/plugin-api/testing';
import type { LinkedIdentityView, LinkedSignIns as LinkedList } from './contract';
import socialSignIn from './index';
import LinkedSignIns, { type LinkedSignInsProps } from './LinkedSignIns';

const BASE = `/accounts/${demoUser.accountId}/linked-sign-ins`;
const COMPANY = 'Contoso Demo Ltd';
const MICROSOFT_URL = 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=portal&state=s2';
const PROOF = 'social.x.y';
const TICKET_URL = 'http://localhost:3000/social/app-link#token=t1';

const GOOGLE: LinkedIdentityView = { id: 'li-1', kind: 'social', provider: 'google', email: 'ada@gmail.example', linkedAt: Date.UTC(2024, 3, 2, 12), removable: true };
const CONTOSO: LinkedIdentityView = { id: 'li-2', kind: 'enterprise', provider: COMPANY, email: null, linkedAt: Date.UTC(2024, 4, 3, 12), removable: false };
const APPLE: LinkedIdentityView = { id: 'li-3', kind: 'social', provider: 'apple', email: null, linkedAt: Date.UTC(2024, 5, 4, 12), removable: true };
const START: LinkedList = { identities: [GOOGLE, CONTOSO], linkable: ['microsoft', 'apple'], passwordSet: true };

type Call = { method: string; path: string; body: unknown; options: { securityToken?: boolean } | undefined };
type Answer = unknown | ((body: Record<string, unknown>) => unknown);

/** The server over a list kept in memory, recording each call; `answers` by path override it (an ApiError is thrown). */
function listHttp(initial: LinkedList = START, answers: Record<string, Answer> = {}) {
  let list = initial;
  const calls: Call[] = [];
  const answer = (path: string, body: Record<string, unknown>, fallback: () => unknown) => {
    const given = answers[path];
    const value = typeof given === 'function' ? (given as (b: Record<string, unknown>) => unknown)(body) : path in answers ? given : fallback();
    if (value instanceof ApiError) throw value;
    return value;
  };
  const http = {
    get: vi.fn(async (path: string, options?: Call['options']) => {
      calls.push({ method: 'GET', path, body: undefined, options });
      return answer(path, {}, () => {
        if (path !== BASE) throw new Error(`unexpected GET ${path}`);
        return list;
      });
    }),
    post: vi.fn(async (path: string, body: Record<string, unknown>, options?: Call['options']) => {
      calls.push({ method: 'POST', path, body, options });
      return answer(path, body, () => {
        if (path === `${BASE}/unlink`) list = { ...list, identities: list.identities.filter((i) => i.id !== body.id) };
        else if (path === `${BASE}/finish`) list = { ...list, identities: [...list.identities, APPLE], linkable: list.linkable.filter((p) => p !== 'apple') };
        else throw new Error(`unexpected POST ${path}`);
        return list;
      });
    }),
  } as unknown as HttpClient;
  return { http, calls, posts: (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path) };
}

const passThrough = () => vi.fn(<T,>(call: () => Promise<T>) => call());

async function renderCard(http: HttpClient, options: { unlocked?: boolean; guard?: ReturnType<typeof passThrough>; variant?: 'web' | 'app'; changed?: () => void; browser?: ExternalBrowser['open'] } = {}) {
  // The partner app's bridge to the device's browser, as the partner-app plugin contributes it.
  const browser = options.browser;
  const deviceBrowser = definePlugin({ id: 'test-device-browser', register: (ctx) => (browser ? ctx.contribute(EXTERNAL_BROWSER_POINT, { open: browser }) : undefined) });
  const registry = await testRegistry([socialSignIn, deviceBrowser], { 'social-sign-in': { providers: ['google', 'microsoft', 'apple'] } });
  setUser(demoUser);
  const guard = options.guard ?? passThrough();
  let setUnlocked: (unlocked: boolean) => void = () => undefined;
  /** The Security page's lock, which the test turns. */
  function Page() {
    const [unlocked, set] = useState(options.unlocked ?? true);
    setUnlocked = set;
    return <LinkedSignIns unlocked={unlocked} guard={guard as LinkedSignInsProps['guard']} timeZone="UTC" {...(options.changed ? { changed: options.changed } : {})} />;
  }
  const utils = renderPortal(<Page />, { registry, http, config: { variant: options.variant ?? 'web' } });
  const card = await screen.findByRole('region', { name: 'Linked sign-ins' });
  return { ...utils, card, guard, relock: (unlocked: boolean) => act(() => setUnlocked(unlocked)) };
}

const list = () => screen.findByRole('list', { name: 'Linked sign-ins' });

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
  setUser(null);
  vi.unstubAllGlobals();
  takeMailLinkToken();
  resetMailLinkTokenForTests();
  window.history.replaceState(null, '', '/');
});

describe('LinkedSignIns: the list', () => {
  it('lists each link with its name and date; a company’s is named for the company and says it is required', async () => {
    const { http, calls } = listHttp();
    await renderCard(http);
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Googleada@gmail.exampleLinked on Apr 2, 2024');
    expect(within(items[0]!).getByRole('button', { name: 'Unlink Google' })).toBeEnabled();
    expect(items[1]).toHaveTextContent(`${COMPANY} (company sign-in)Linked on May 3, 2024`);
    expect(items[1]).toHaveTextContent('Your company requires this sign-in.');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(items[0]).not.toHaveTextContent('Your company requires this sign-in.');
    expect(calls[0]).toMatchObject({ method: 'GET', path: BASE });
    expect(screen.queryByText(/has no password yet/)).toBeNull();
  });

  it('an enterprise link the account may remove has its Unlink button', async () => {
    const { http } = listHttp({ ...START, identities: [{ ...CONTOSO, removable: true }] });
    await renderCard(http);
    expect(await screen.findByRole('button', { name: `Unlink ${COMPANY} (company sign-in)` })).toBeEnabled();
    expect(screen.queryByText('Your company requires this sign-in.')).toBeNull();
  });

  it('no links, no password: says both', async () => {
    const { http } = listHttp({ identities: [], linkable: ['google'], passwordSet: false });
    await renderCard(http);
    expect(await screen.findByText('No other account is linked.')).toBeInTheDocument();
    expect(screen.getByText(/Your ID has no password yet/)).toBeInTheDocument();
  });

  it('a list that cannot load says so and loads again on Try again', async () => {
    let first = true;
    const { http } = listHttp(START, {
      [BASE]: () => {
        if (!first) return START;
        first = false;
        return new ApiError(0, 'Failed to fetch', 0);
      },
    });
    await renderCard(http);
    expect(await screen.findByText('The linked sign-ins could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('LinkedSignIns: unlinking', () => {
  it('asks inline, then unlinks through the guard with the security token, says so and reloads', async () => {
    const changed = vi.fn();
    const { http, posts } = listHttp();
    const { guard } = await renderCard(http, { changed });
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    const question = screen.getByRole('group', { name: 'Unlink Google? It will no longer sign you in.' });
    expect(posts(`${BASE}/unlink`)).toHaveLength(0);
    expect(guard).not.toHaveBeenCalled();
    await userEvent.click(within(question).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Linked sign-ins' })).getAllByRole('listitem')).toHaveLength(1));
    expect(guard).toHaveBeenCalledTimes(1);
    const sent = posts(`${BASE}/unlink`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ body: { id: 'li-1' }, options: { securityToken: true } });
    expect(getToast()).toMatchObject({ message: 'Google is no longer linked.', kind: 'success' });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('list', { name: 'Linked sign-ins' })).not.toHaveTextContent('Google');
  });

  it('Cancel keeps the link and sends nothing', async () => {
    const { http, posts } = listHttp();
    await renderCard(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
    expect(posts(`${BASE}/unlink`)).toHaveLength(0);
  });

  it('the last way in is refused with the server’s reason: said in the card’s words, the link stays', async () => {
    const { http } = listHttp(START, { [`${BASE}/unlink`]: new ApiError(-10020, 'invalid', 400, { field: 'identity', reason: 'lastWayIn' }) });
    const changed = vi.fn();
    await renderCard(http, { changed });
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await userEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Unlink' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This is your only way to sign in. Set a password first (Forgot password on the sign-in page), or add a passkey.');
    expect(alert).toHaveFocus();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
    expect(getToast()).toBeNull();
    expect(changed).not.toHaveBeenCalled();
  });

  it('a link the company requires, refused as such: the required text', async () => {
    const { http } = listHttp(START, { [`${BASE}/unlink`]: new ApiError(-10020, 'invalid', 400, { field: 'identity', reason: 'required' }) });
    await renderCard(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await userEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your company requires this sign-in.');
  });

  it('a refused security token is left to the lock panel: no message here', async () => {
    const { http, posts } = listHttp();
    const guard = vi.fn(async () => {
      throw new ApiError(-20214, 'token', 403);
    });
    await renderCard(http, { guard: guard as never });
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await userEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(guard).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posts(`${BASE}/unlink`)).toHaveLength(0);
  });
});

describe('LinkedSignIns: locked', () => {
  it('changes nothing while locked: every button disabled, saying why', async () => {
    const { http } = listHttp();
    await renderCard(http, { unlocked: false });
    const unlink = await screen.findByRole('button', { name: 'Unlink Google' });
    expect(unlink).toBeDisabled();
    expect(unlink).toHaveAccessibleDescription('Unlock the page to link or unlink.');
    for (const name of ['Link Microsoft', 'Link Apple']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Unlock the page to link or unlink.');
    }
  });

  it('locked again while asking: the question closes', async () => {
    const { http } = listHttp();
    const { relock } = await renderCard(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    expect(screen.getByRole('group')).toBeInTheDocument();
    relock(false);
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull());
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeDisabled();
  });
});

describe('LinkedSignIns: linking', () => {
  it('"Link Microsoft" opens the link through the guard and leaves for the provider', async () => {
    const { http, posts } = listHttp(START, { [`${BASE}/link`]: { location: MICROSOFT_URL } });
    const { guard } = await renderCard(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Link Microsoft' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(MICROSOFT_URL));
    expect(guard).toHaveBeenCalledTimes(1);
    const sent = posts(`${BASE}/link`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ body: { provider: 'microsoft' }, options: { securityToken: true } });
    expect(screen.getByRole('button', { name: 'Link Microsoft' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Link Apple' })).toBeDisabled();
  });

  it('an address that is not the provider’s is not followed: the failure shows and the buttons work again', async () => {
    const { http } = listHttp(START, { [`${BASE}/link`]: { location: 'javascript:alert(1)' } });
    await renderCard(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Link Microsoft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Linking with Microsoft did not work. Please try again.');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Link Microsoft' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Link Apple' })).toBeEnabled();
  });

  it('a refused link says the catalogue’s message', async () => {
    const { http } = listHttp(START, { [`${BASE}/link`]: new ApiError(0, 'Failed to fetch', 0) });
    await renderCard(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Link Apple' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    expect(assign).not.toHaveBeenCalled();
  });

  it("inside a partner app: Link hands the ticket's page to the device's browser; shown again, the card finds the link", async () => {
    const open = vi.fn(() => 'sent' as const);
    let list = START;
    const { http, posts } = listHttp(START, { [BASE]: () => list, [`${BASE}/app-link`]: { url: TICKET_URL, expiresIn: 300 } });
    const changed = vi.fn();
    await renderCard(http, { variant: 'app', browser: open, changed });
    await userEvent.click(await screen.findByRole('button', { name: 'Link Microsoft' }));
    expect(open).toHaveBeenCalledWith(TICKET_URL);
    expect(posts(`${BASE}/app-link`)).toMatchObject([{ body: { provider: 'microsoft' }, options: { securityToken: true } }]);
    expect(assign).not.toHaveBeenCalled(); // the web view stays on the Security page
    expect(await screen.findByRole('status')).toHaveTextContent('Finish linking Microsoft in your browser, then come back to this app.');
    // Back from the browser: the web view is shown again; the link is there now.
    list = { ...START, identities: [...START.identities, { ...APPLE, id: 'li-4', provider: 'microsoft' }], linkable: ['apple'] };
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'Microsoft is now linked to your ID.', kind: 'success' }));
    expect(screen.queryByText(/Finish linking/)).toBeNull();
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('inside a partner app: "Check again" looks again while the link is not there yet', async () => {
    const { http, calls } = listHttp(START, { [`${BASE}/app-link`]: { url: TICKET_URL, expiresIn: 300 } });
    await renderCard(http, { variant: 'app', browser: () => 'sent' });
    await userEvent.click(await screen.findByRole('button', { name: 'Link Apple' }));
    const before = calls.filter((c) => c.method === 'GET').length;
    await userEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBe(before + 1));
    expect(screen.getByRole('status')).toHaveTextContent('Finish linking Apple in your browser');
  });

  it('inside a partner app without its bridge to the browser: says so, and nothing waits', async () => {
    const { http } = listHttp(START, { [`${BASE}/app-link`]: { url: TICKET_URL, expiresIn: 300 } });
    await renderCard(http, { variant: 'app', browser: () => 'missing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Link Microsoft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This app could not open your browser to link Microsoft. Update the app, or link Microsoft on the Security page in a browser.');
    expect(screen.queryByText(/Finish linking/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Link Microsoft' })).toBeEnabled();
  });
});

describe('LinkedSignIns: back from the provider', () => {
  it('#token=social.… in the address finishes the link once, says so and shows the new link', async () => {
    openedAt(`/accountSetting/security#token=${PROOF}`);
    const changed = vi.fn();
    const { http, posts } = listHttp();
    const { unmount } = await renderCard(http, { changed });
    await waitFor(() => expect(getToast()).toMatchObject({ message: 'Apple is now linked to your ID.', kind: 'success' }));
    const finished = posts(`${BASE}/finish`);
    expect(finished).toHaveLength(1);
    expect(finished[0]!.body).toEqual({ proof: PROOF });
    await waitFor(() => expect(screen.getByRole('list', { name: 'Linked sign-ins' })).toHaveTextContent('Apple'));
    expect(changed).toHaveBeenCalledTimes(1);
    expect(document.location.hash).toBe('');
    expect(document.body.innerHTML).not.toContain(PROOF);
    // The card again (another visit of the tab): the proof was spent, nothing is sent again.
    unmount();
    await renderCard(http);
    await list();
    expect(posts(`${BASE}/finish`)).toHaveLength(1);
  });

  it('a token of another kind (a mailed link’s) is not sent to finish a link', async () => {
    openedAt('/accountSetting/security#token=reset-token-1');
    const { http, posts } = listHttp();
    await renderCard(http);
    await list();
    expect(posts(`${BASE}/finish`)).toHaveLength(0);
  });

  it('a proof the server refuses: the invalid text', async () => {
    openedAt(`/accountSetting/security#token=${PROOF}`);
    const { http } = listHttp(START, { [`${BASE}/finish`]: new ApiError(-20651, 'expired', 400) });
    await renderCard(http);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was used already. Please start again.');
  });

  it('#social-error=taken&provider=google: the taken message, and the fragment leaves the address', async () => {
    openedAt('/accountSetting/security?tab=1#social-error=taken&provider=google');
    const { http, posts } = listHttp();
    await renderCard(http);
    expect(await screen.findByRole('alert')).toHaveTextContent('This Google account is linked to another ID already.');
    expect(document.location.hash).toBe('');
    expect(document.location.pathname).toBe('/accountSetting/security');
    expect(document.location.search).toBe('?tab=1');
    expect(posts(`${BASE}/finish`)).toHaveLength(0);
  });

  it('an unknown failure value, named: the provider failure', async () => {
    openedAt('/accountSetting/security#social-error=server_error&provider=microsoft');
    const { http } = listHttp();
    await renderCard(http);
    expect(await screen.findByRole('alert')).toHaveTextContent('Linking with Microsoft did not work. Please try again.');
    expect(document.location.hash).toBe('');
  });

  it('a failure without a known provider: the unnamed failure, and the rest of the fragment stays', async () => {
    openedAt('/accountSetting/security#social-error=denied&provider=myspace&keep=1');
    const { http } = listHttp();
    await renderCard(http);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Linking did not work\. Please try again\.$/);
    expect(document.location.hash).toBe('#keep=1');
  });
});
