import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, REGISTER_METHOD_POINT, sessionCodeOf, SIGN_IN_METHOD_POINT, SECURITY_SECTION_POINT } from '@portal/plugin-api';
import { deferred, forgetSessionCodeRenewals, renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import type { SocialProvider } from './contract';
import socialSignIn from './index';
import SocialButtons from './SocialButtons';

type Post = (path: string, body?: unknown, options?: unknown) => Promise<unknown>;
type Sent = [string, Record<string, unknown>, { auth?: string; headers?: Record<string, string> }];

const GOOGLE_URL = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=portal&state=s1';

function fakeHttp(post: Post) {
  return { get: vi.fn(async () => null), post: vi.fn(post) } as unknown as HttpClient & { post: ReturnType<typeof vi.fn<Post>> };
}
const starts = (http: { post: ReturnType<typeof vi.fn<Post>> }) => http.post.mock.calls.filter(([path]) => path === '/login/social/start') as unknown as Sent[];

async function renderButtons(options: { http: HttpClient; providers?: SocialProvider[]; query?: string; views?: string[] }) {
  const registry = await testRegistry([socialSignIn], { 'social-sign-in': { providers: options.providers ?? ['google', 'microsoft', 'apple'] } });
  const page = testLoginPage({ views: options.views ?? ['signIn', 'register', 'social'], query: new URLSearchParams(options.query ?? 'session_code=sc-1') });
  return renderPortal(page.wrap(<SocialButtons />), { registry, http: options.http, path: '/login' });
}

const button = (name: string) => screen.getByRole('button', { name: `Continue with ${name}` });

const assign = vi.fn();
const stubLocation = () => vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
beforeEach(() => {
  assign.mockReset();
  stubLocation();
});
afterEach(() => {
  vi.unstubAllGlobals();
  forgetSessionCodeRenewals();
  window.history.replaceState(null, '', '/');
});

describe('social-sign-in manifest', () => {
  it('contributes the social view, the buttons under sign-in and registration, and the Security card', async () => {
    const registry = await testRegistry([socialSignIn], { 'social-sign-in': { providers: ['google', 'apple'] } });
    expect(registry.loginViews.map((v) => [v.pluginId, v.value.id, v.value.module])).toEqual([['social-sign-in', 'social', 'social']]);
    const [signIn] = registry.getOwnedContributions(SIGN_IN_METHOD_POINT);
    const [register] = registry.getOwnedContributions(REGISTER_METHOD_POINT);
    expect(signIn?.value).toMatchObject({ order: 15, height: 56 + 2 * 52 });
    expect(register?.value).toMatchObject({ order: 15, height: 56 + 2 * 52 });
    expect(registry.getOwnedContributions(SECURITY_SECTION_POINT).map((s) => s.pluginId)).toEqual(['social-sign-in']);
  });

  it('offers no buttons where the deployment names no provider (the Security card stays)', async () => {
    const registry = await testRegistry([socialSignIn]);
    expect(registry.getOwnedContributions(SIGN_IN_METHOD_POINT)).toHaveLength(0);
    expect(registry.getOwnedContributions(REGISTER_METHOD_POINT)).toHaveLength(0);
    expect(registry.getOwnedContributions(SECURITY_SECTION_POINT)).toHaveLength(1);
  });
});

describe('SocialButtons: what shows', () => {
  it('one button per configured provider, in the configured order, named "Continue with …"', async () => {
    await renderButtons({ http: fakeHttp(async () => null), providers: ['microsoft', 'google'] });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Continue with Microsoft', 'Continue with Google']);
    expect(button('Microsoft')).toBeEnabled();
    expect(button('Google')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('nothing without the login session’s code, without the social view, or without providers', async () => {
    const http = fakeHttp(async () => null);
    const first = await renderButtons({ http, query: 'module=signIn' });
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();
    const second = await renderButtons({ http, views: ['signIn', 'register'] });
    expect(second.container).toBeEmptyDOMElement();
    second.unmount();
    const third = await renderButtons({ http, providers: [] });
    expect(third.container).toBeEmptyDOMElement();
    expect(http.post).not.toHaveBeenCalled();
  });
});

describe('SocialButtons: leaving for the provider', () => {
  it('a click opens the flow with the page’s session code and leaves for the address the server gave', async () => {
    const started = deferred<unknown>();
    const http = fakeHttp(() => started.promise);
    await renderButtons({ http });
    await userEvent.click(button('Google'));
    // While the flow opens: this button busy, the others disabled.
    expect(button('Google')).toHaveAttribute('aria-busy', 'true');
    expect(button('Microsoft')).toBeDisabled();
    expect(button('Apple')).toBeDisabled();
    started.resolve({ location: GOOGLE_URL });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_URL));
    expect(assign).toHaveBeenCalledTimes(1);
    const sent = starts(http);
    expect(sent).toHaveLength(1);
    expect(sent[0]![1]).toEqual({ provider: 'google' });
    expect(sent[0]![2]).toMatchObject({ auth: 'none', headers: { session_code: 'sc-1' } });
    // The page is leaving: the button stays busy.
    expect(button('Google')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a second click while the flow opens sends nothing more', async () => {
    const started = deferred<unknown>();
    const http = fakeHttp(() => started.promise);
    await renderButtons({ http });
    await userEvent.click(button('Google'));
    await userEvent.click(button('Google'));
    await userEvent.click(button('Apple'));
    expect(starts(http)).toHaveLength(1);
    started.resolve({ location: GOOGLE_URL });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  });

  it.each([
    ['a script', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['plain http elsewhere', 'http://evil.example/authorize'],
    ['a relative path', '/somewhere'],
    ['nothing', undefined],
  ])('an address that is not the provider’s (%s) is not followed, and the failure shows', async (_what, location) => {
    const http = fakeHttp(async () => ({ location }));
    await renderButtons({ http });
    await userEvent.click(button('Microsoft'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Microsoft sign-in is not available right now. Try again, or sign in with your password.');
    expect(assign).not.toHaveBeenCalled();
    expect(button('Microsoft')).toHaveAttribute('aria-describedby', alert.id);
    expect(button('Microsoft')).not.toHaveAttribute('aria-busy');
    expect(button('Google')).toBeEnabled();
  });

  it('a refused start says so (role=alert), names the provider and enables the buttons again', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-10000, 'unexpected', 500)));
    await renderButtons({ http });
    await userEvent.click(button('Apple'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Apple sign-in is not available right now. Try again, or sign in with your password.');
    expect(button('Apple')).toHaveAttribute('aria-describedby', alert.id);
    expect(button('Google')).not.toHaveAttribute('aria-describedby');
    for (const name of ['Google', 'Microsoft', 'Apple']) {
      expect(button(name)).toBeEnabled();
      expect(button(name)).not.toHaveAttribute('aria-busy');
    }
    expect(assign).not.toHaveBeenCalled();
    // A second try goes out again, and the failure is cleared while it runs.
    http.post.mockImplementationOnce(async () => ({ location: GOOGLE_URL }));
    await userEvent.click(button('Google'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_URL));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(starts(http).map(([, body]) => body)).toEqual([{ provider: 'apple' }, { provider: 'google' }]);
  });

  it('an expired login session without a fresh code says the sign-in expired; nothing is retried', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20679, 'expired', 400)));
    await renderButtons({ http });
    await userEvent.click(button('Google'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired. Reload the page and try again.');
    expect(starts(http)).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('SocialButtons: a login session renewed by the server (-20679 with result.sessionCode)', () => {
  const openedAt = (address: string) => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', address);
    stubLocation();
  };

  it('takes the fresh code for the page and retries once with it', async () => {
    openedAt('/login?session_code=sc-1&lang=en_US');
    const http = fakeHttp(async () => ({ location: GOOGLE_URL }));
    http.post.mockImplementationOnce(async () => Promise.reject(new ApiError(-20679, 'expired', 400, { sessionCode: 'sc-2' })));
    await renderButtons({ http });
    await userEvent.click(button('Google'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_URL));
    const sent = starts(http);
    expect(sent.map(([, , options]) => options.headers)).toEqual([{ session_code: 'sc-1' }, { session_code: 'sc-2' }]);
    expect(sent.map(([, body]) => body)).toEqual([{ provider: 'google' }, { provider: 'google' }]);
    // The page's calls and its address go on with the fresh code.
    expect(sessionCodeOf(new URLSearchParams('session_code=sc-1'))).toBe('sc-2');
    const address = new URL(document.URL).searchParams;
    expect(address.get('session_code')).toBe('sc-2');
    expect(address.get('lang')).toBe('en_US');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a second expiry is not retried again: the expired message shows and the buttons are usable', async () => {
    openedAt('/login?session_code=sc-1');
    let next = 2;
    const http = fakeHttp(async () => Promise.reject(new ApiError(-20679, 'expired', 400, { sessionCode: `sc-${next++}` })));
    await renderButtons({ http });
    await userEvent.click(button('Microsoft'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired. Reload the page and try again.');
    // Let any runaway retry show itself before counting.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(starts(http).map(([, , options]) => options.headers)).toEqual([{ session_code: 'sc-1' }, { session_code: 'sc-2' }]);
    expect(assign).not.toHaveBeenCalled();
    expect(button('Microsoft')).toBeEnabled();
    expect(button('Microsoft')).not.toHaveAttribute('aria-busy');
    expect(within(screen.getByRole('alert')).queryByText(/Microsoft/)).toBeNull();
  });

  it('a later click goes out with the renewed code', async () => {
    openedAt('/login?session_code=sc-1');
    const http = fakeHttp(async () => Promise.reject(new ApiError(-10000, 'unexpected', 500)));
    http.post.mockImplementationOnce(async () => Promise.reject(new ApiError(-20679, 'expired', 400, { sessionCode: 'sc-2' })));
    await renderButtons({ http });
    await userEvent.click(button('Google'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in is not available right now.');
    http.post.mockImplementationOnce(async () => ({ location: GOOGLE_URL }));
    await userEvent.click(button('Apple'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_URL));
    expect(starts(http).map(([, , options]) => options.headers?.session_code)).toEqual(['sc-1', 'sc-2', 'sc-2']);
  });
});
