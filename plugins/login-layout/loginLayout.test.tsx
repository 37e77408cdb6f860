import { useTheme } from '@emotion/react';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  i18n as appI18n,
  definePlugin,
  type HttpClient,
  LOGIN_SLOT_POINT,
  type LoginPageInfo,
  useLoginPage,
} from '@portal/plugin-api';
import { renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import EmailSentView from './EmailSentView';
import layout from './index';
import { LanguageMenu, LANGUAGE_MENU_MAX_HEIGHT } from './LanguageMenu';
import LoginPage from './LoginPage';
import { createLoginFlow, goTo, initialView } from './loginFlow';
import { clientLanguage, fetchPageInfo, prefetchPageInfo, safeUrl } from './pageInfo';
import { slidesFrom } from './slides';

afterEach(() => vi.useRealTimers());

const info = (over: Partial<LoginPageInfo> = {}): LoginPageInfo => ({
  carouselInfos: [], language: null, title: null, titleLogoUrl: null, logoUrl: null, signUpUrl: null, clientId: 'c', clientName: 'C', ...over,
});

describe('login flow', () => {
  const views = [{ id: 'signIn', isDefault: true }, { id: 'register' }, { id: 'reset' }];
  it('opens the default view, or register for an invitation when register exists', () => {
    expect(initialView(new URLSearchParams(''), views)).toBe('signIn');
    expect(initialView(new URLSearchParams('module=register&inviteCode=x'), views)).toBe('register');
    expect(initialView(new URLSearchParams('module=register'), [{ id: 'signIn', isDefault: true }])).toBe('signIn');
    expect(initialView(new URLSearchParams(''), [])).toBeNull();
  });
  it('opens the view that claims the module of a mailed link, and only when it exists', () => {
    const withLinks = [...views, { id: 'newPassword', module: 'newPassword' }, { id: 'activation', module: 'activation' }];
    expect(initialView(new URLSearchParams('module=newPassword&lang=de_DE'), withLinks)).toBe('newPassword');
    expect(initialView(new URLSearchParams('module=activation'), withLinks)).toBe('activation');
    expect(initialView(new URLSearchParams('module=newPassword'), views)).toBe('signIn');
    expect(initialView(new URLSearchParams('module=email'), withLinks)).toBe('signIn');
  });
  it('switches views with their data and counts the switches', () => {
    const flow = createLoginFlow('signIn');
    goTo(flow, 'email', { email: 'a@b.cd' });
    expect([flow.view, flow.data, flow.seq]).toEqual(['email', { email: 'a@b.cd' }, 1]);
  });
});

describe('page info', () => {
  it("uses the client's language only when the visitor chose none", () => {
    expect(clientLanguage(info({ language: 'de_DE' }), new URLSearchParams(''), null)).toBe('de_DE');
    expect(clientLanguage(info({ language: 'de_DE' }), new URLSearchParams('lang=fr_FR'), null)).toBeNull();
    expect(clientLanguage(info({ language: 'de_DE' }), new URLSearchParams(''), 'it_IT')).toBeNull();
    expect(clientLanguage(info({ language: 'xx' }), new URLSearchParams(''), null)).toBeNull();
  });
  it('a branding call started early (beside the guards) is the one the page takes, once', async () => {
    const get = vi.fn(async () => info({ title: 'Early' }));
    const http = { get } as unknown as HttpClient;
    prefetchPageInfo(http, 'sc-1', null);
    expect(get).toHaveBeenCalledTimes(1);
    expect((await fetchPageInfo(http, 'sc-1'))?.title).toBe('Early');
    expect(get).toHaveBeenCalledTimes(1);
    // Taken: a second page (or another code) asks again.
    await fetchPageInfo(http, 'sc-1');
    prefetchPageInfo(http, 'sc-2', null);
    await fetchPageInfo(http, 'sc-3');
    expect(get.mock.calls.map((c) => (c as unknown[])[1])).toEqual([
      { query: { sessionCode: 'sc-1' }, auth: 'none' },
      { query: { sessionCode: 'sc-1' }, auth: 'none' },
      { query: { sessionCode: 'sc-2' }, auth: 'none' },
      { query: { sessionCode: 'sc-3' }, auth: 'none' },
    ]);
    prefetchPageInfo(http, null, null);
    expect(get).toHaveBeenCalledTimes(4);
  });

  it('lets only http(s) URLs become images and links', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(safeUrl('/api/branding/logo.svg')).toBe(`${window.location.origin}/api/branding/logo.svg`);
  });
  it("orders the client's slides, drops unsafe ones, falls back to the deployment's", () => {
    const item = (id: string, orderValue: number, fileUrl: string, link: string | null = null) => ({ id, orderValue, fileUrl, description: null, link, linkText: 'More' });
    const slides = slidesFrom(info({ carouselInfos: [item('b', 2, 'https://x/b.png'), item('a', 1, 'https://x/a.png', 'javascript:x'), item('c', 3, 'javascript:y')] }), []);
    expect(slides.map((s) => [s.id, s.link, s.linkText])).toEqual([['a', null, null], ['b', null, null]]);
    expect(slidesFrom(null, [{ fileUrl: 'https://x/d.png', description: 'Hi' }]).map((s) => s.description)).toEqual(['Hi']);
    expect(slidesFrom(null, [])).toEqual([]);
  });
  it("speaks the page's language: a slide's text in that language where it has one, its plain text otherwise", () => {
    const texts = { de_DE: { description: 'Eine ID für alles', linkText: 'Mehr erfahren' }, fr_FR: { description: 'Un identifiant pour tout' } };
    const client = info({ carouselInfos: [{ id: 'a', orderValue: 1, fileUrl: 'https://x/a.png', description: 'One ID for everything', link: 'https://x/more', linkText: 'Learn more', texts }] });
    const shown = (language: string) => slidesFrom(client, [], language).map((s) => [s.description, s.linkText]);
    expect(shown('de_DE')).toEqual([['Eine ID für alles', 'Mehr erfahren']]);
    // French has the caption only: the link keeps its plain text.
    expect(shown('fr_FR')).toEqual([['Un identifiant pour tout', 'Learn more']]);
    expect(shown('it_IT')).toEqual([['One ID for everything', 'Learn more']]);
    // The deployment's own slides (login-layout's config) carry texts the same way.
    const deployment = [{ fileUrl: 'https://x/d.png', description: 'Hi', texts: { de_DE: { description: 'Hallo' } } }];
    expect(slidesFrom(null, deployment, 'de_DE').map((s) => s.description)).toEqual(['Hallo']);
    expect(slidesFrom(null, deployment, 'ja_JP').map((s) => s.description)).toEqual(['Hi']);
  });
});

function Probe() {
  const page = useLoginPage();
  return <p>{`views:${['signIn', 'reset', 'email'].filter(page.hasView).join(',')} title:${page.pageInfo?.title ?? '-'}`}</p>;
}
const probePlugin = definePlugin({ id: 'probe', loginViews: [{ id: 'signIn', isDefault: true, view: async () => ({ default: Probe }) }] });
const resetPlugin = definePlugin({ id: 'reset-probe', loginViews: [{ id: 'reset', view: async () => ({ default: Probe }) }] });

describe('LoginPage host', () => {
  it('fetches the branding of the session code first, and a client may narrow the plugins', async () => {
    const get = vi.fn(async () => info({ title: 'Partner Cloud', plugins: ['probe'] }));
    const registry = await testRegistry([layout, probePlugin, resetPlugin]);
    renderPortal(<LoginPage />, { registry, http: { get } as unknown as HttpClient, path: '/login?session_code=sc-9' });
    expect(await screen.findByText('views:signIn,email title:Partner Cloud')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/client/custom/banner-and-logo', { query: { sessionCode: 'sc-9' }, auth: 'none' });
    expect(screen.getAllByText('Partner Cloud').length).toBeGreaterThan(0);
  });
  it("shows the client's language when nothing chose one, without taking it for the visitor's choice", async () => {
    localStorage.removeItem('lang');
    const change = vi.spyOn(appI18n, 'changeLanguage').mockResolvedValue((() => '') as never);
    const get = vi.fn(async () => info({ title: 'Partner Cloud', language: 'it_IT' }));
    const registry = await testRegistry([layout, probePlugin, resetPlugin]);
    renderPortal(<LoginPage />, { registry, http: { get } as unknown as HttpClient, path: '/login?session_code=sc-7' });
    expect(await screen.findByText(/title:Partner Cloud/)).toBeTruthy();
    expect(change).toHaveBeenCalledWith('it_IT');
    expect(localStorage.getItem('lang')).toBeNull();
    change.mockRestore();
  });
  it("a mailed link's page (no session code) is branded as the client the link names", async () => {
    const get = vi.fn(async () => info({ title: 'Demo Service' }));
    const registry = await testRegistry([layout, probePlugin, resetPlugin]);
    renderPortal(<LoginPage />, { registry, http: { get } as unknown as HttpClient, path: '/login?module=nothing&client=demo-service' });
    expect(await screen.findByText('views:signIn,reset,email title:Demo Service')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/client/custom/banner-and-logo', { query: { clientId: 'demo-service' }, auth: 'none' });
  });
  it('without a session code uses the deployment branding and every enabled view', async () => {
    const get = vi.fn();
    const registry = await testRegistry([layout, probePlugin, resetPlugin]);
    renderPortal(<LoginPage />, { registry, http: { get } as unknown as HttpClient, path: '/login' });
    expect(await screen.findByText('views:signIn,reset,email title:-')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });

  it("shows no loading indicator for a slot part still loading: the form would jump when it goes (layout shift)", async () => {
    const slowPart = definePlugin({
      id: 'slow-slot',
      register(ctx) {
        ctx.contribute(LOGIN_SLOT_POINT, { area: 'aboveForm', order: 1, component: () => new Promise<never>(() => undefined) });
      },
    });
    const registry = await testRegistry([layout, probePlugin, slowPart]);
    renderPortal(<LoginPage />, { registry, http: { get: vi.fn() } as unknown as HttpClient, path: '/login' });
    expect(await screen.findByText(/^views:/)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("loads a slot part only for the addresses it says it shows on (the help-desk notice costs an ordinary sign-in nothing)", async () => {
    const load = vi.fn(async () => ({ default: () => <p>for the help desk</p> }));
    const helpdeskOnly = definePlugin({
      id: 'only-some',
      register(ctx) {
        ctx.contribute(LOGIN_SLOT_POINT, { area: 'aboveForm', order: 1, component: load, shows: (query) => query.get('source') === 'zendesk' });
      },
    });
    const registry = await testRegistry([layout, probePlugin, helpdeskOnly]);
    const first = renderPortal(<LoginPage />, { registry, http: { get: vi.fn() } as unknown as HttpClient, path: '/login' });
    expect(await screen.findByText(/^views:/)).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    first.unmount();
    renderPortal(<LoginPage />, { registry, http: { get: vi.fn() } as unknown as HttpClient, path: '/login?source=zendesk' });
    expect(await screen.findByText('for the help desk')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

/** Drawn beside the page, like the app's toasts and modals: which theme reaches it. */
function ThemeProbe() {
  const theme = useTheme();
  return <output>{`primary:${theme.colors.primary} radius:${theme.radius.md} product:${theme.brand.title}`}</output>;
}

describe("a client's theme", () => {
  const green = info({ title: 'Green Partner', logoUrl: '/brand/green.svg', theme: { name: 'default', overrides: { colors: { primary: '#0a7d4f' }, radius: { md: '2px' } } } });

  it('reaches what is drawn outside the page while it shows, and leaves with it', async () => {
    const registry = await testRegistry([layout, probePlugin]);
    let leave = () => undefined as void;
    function Host() {
      const [on, setOn] = useState(true);
      leave = () => setOn(false);
      return (
        <>
          {on ? <LoginPage /> : null}
          <ThemeProbe />
        </>
      );
    }
    renderPortal(<Host />, { registry, http: { get: async () => green } as unknown as HttpClient, path: '/login?session_code=sc-green' });
    expect(await screen.findByText('primary:#0a7d4f radius:2px product:Green Partner')).toBeTruthy();
    const logo = screen.getByRole('banner').querySelector('img')!;
    // The box is known before the image loads (no layout shift), and the logo is fitted, never cropped.
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['200', '32']);
    // The largest paint on a phone: the browser fetches it before the view's scripts.
    expect(logo.getAttribute('fetchpriority')).toBe('high');
    act(() => leave());
    expect(screen.getByText('primary:#0b57d0 radius:8px product:Unified ID')).toBeTruthy();
  });

  it('shows both logos of a client, the logo in the header and the title logo above the form, and its name as text in the header', async () => {
    const registry = await testRegistry([layout]);
    const both = info({ title: 'Demo Service', logoUrl: '/brand/demo.svg', titleLogoUrl: '/brand/demo-title.svg' });
    const { unmount } = renderPortal(<LoginPage />, { registry, http: { get: async () => both } as unknown as HttpClient, path: '/login?session_code=sc-demo' });
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(header.textContent).toContain('Demo Service'));
    // The header's logo sits beside the name written out: decorative, so the name is read once.
    const headerLogo = header.querySelector('img');
    expect(headerLogo && new URL(headerLogo.getAttribute('src')!).pathname).toBe('/brand/demo.svg');
    expect(headerLogo?.getAttribute('alt')).toBe('');
    // The title logo above the form stands for the name.
    expect(screen.getAllByRole('img', { name: 'Demo Service' }).map((img) => new URL(img.getAttribute('src')!).pathname)).toEqual(['/brand/demo-title.svg']);
    unmount();
    renderPortal(<LoginPage />, { registry, http: { get: async () => info({ title: 'Demo Service', logoUrl: '/brand/demo.svg' }) } as unknown as HttpClient, path: '/login?session_code=sc-demo' });
    const onlyLogo = await screen.findByRole('banner');
    await waitFor(() => expect(onlyLogo.querySelector('img')?.getAttribute('src')).toMatch(/\/brand\/demo\.svg$/));
    expect(onlyLogo.textContent).toContain('Demo Service');
  });

  it("keeps the deployment's colours for a client without a theme, and for the portal's own page", async () => {
    const registry = await testRegistry([layout, probePlugin]);
    renderPortal(
      <>
        <LoginPage />
        <ThemeProbe />
      </>,
      { registry, http: { get: async () => info({ title: 'Demo Service' }) } as unknown as HttpClient, path: '/login?session_code=sc-demo' },
    );
    expect(await screen.findByText('primary:#0b57d0 radius:8px product:Demo Service')).toBeTruthy();
  });
});

describe('EmailSentView', () => {
  async function renderSent(data: unknown, post: (path: string) => Promise<unknown>, query = 'session_code=s') {
    const registry = await testRegistry([layout]);
    const page = testLoginPage({ query: new URLSearchParams(query) });
    const goTo = vi.fn();
    const http = { post: vi.fn(post) } as unknown as HttpClient & { post: ReturnType<typeof vi.fn> };
    renderPortal(page.wrap(<EmailSentView goTo={goTo} data={data} />), { registry, http });
    return { goTo, http };
  }

  it('breaks a long address at sensible points only: after the @ and before a dot, never inside a word unless it must', async () => {
    await renderSent({ email: 'member.of.staff@example-partner.com', purpose: 'activation' }, async () => ({}));
    const address = screen.getByTestId('sent-address');
    expect(address.textContent).toBe('member.of.staff@example-partner.com');
    // Break opportunities (<wbr>) after the @ and before each dot; the rest breaks only as a last resort.
    expect(address.innerHTML.replace(/<\/?(bdi|span)[^>]*>/g, '')).toBe('member<wbr>.of<wbr>.staff@<wbr>example-partner<wbr>.com');
    // Nor after a hyphen inside a part: "example-" / "partner.com".
    expect(getComputedStyle(screen.getByText('example-partner')).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(address).wordBreak).not.toBe('break-all');
  });

  it('shows the address, waits 60 s before Resend, then resends the activation mail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { http } = await renderSent({ email: 'ana@partner.example', purpose: 'activation' }, async () => ({ email: 'ana@partner.example', resendAfterSeconds: 60 }));
    expect(screen.getByTestId('sent-address').textContent).toBe('ana@partner.example');
    const resend = screen.getByRole('button', { name: 'Resend email (60 s)' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('button', { name: 'Resend email (1 s)' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1_000));
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(http.post).toHaveBeenCalledWith('/activations/email', { email: 'ana@partner.example', language: 'en_US' }, { auth: 'none', headers: { session_code: 's' } });
    await waitFor(() => expect(screen.getByRole('button', { name: /Resend email \(60 s\)/ })).toBeTruthy());
  });

  it('a reset mail resends the reset; -11021 restarts the wait from the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { http } = await renderSent({ email: 'ana@partner.example', purpose: 'reset', resendAfterSeconds: 0 }, async () => {
      throw new ApiError(-11021, 'wait', 429, { retryAfterSeconds: 42 });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(http.post).toHaveBeenCalledWith('/auth/password-reset-request', expect.anything(), expect.anything());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend email (42 s)' })).toBeTruthy());
  });

  it('inside the resend wait no mail went out: says the earlier link still works (never "we sent"), and counts down to Resend (issue 27)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderSent({ email: 'ana@partner.example', purpose: 'activation', mailSent: false, resendAfterSeconds: 42 }, async () => ({ email: 'ana@partner.example', resendAfterSeconds: 60 }));
    expect(screen.getByText('We already sent an activation link to this address a moment ago, and it still works:')).toBeTruthy();
    expect(screen.queryByText('We sent an activation link to:')).toBeNull();
    expect((screen.getByRole('button', { name: 'Resend email (42 s)' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(42_000));
    expect((screen.getByRole('button', { name: 'Resend email' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('after an invitation: registration complete, no resend', async () => {
    const { goTo } = await renderSent({ email: 'ana@partner.example', purpose: 'activation', viaInvite: true }, async () => null);
    expect(screen.getByRole('heading', { name: 'Registration complete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Registration complete: sign in' }));
    expect(goTo).toHaveBeenCalledWith('signIn');
  });

  it('without a login session the way back starts one at the authorize entry', async () => {
    const { goTo } = await renderSent({ email: 'a@b.cd', purpose: 'activation' }, async () => null, 'module=register&inviteCode=x');
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('LanguageMenu', () => {
  it('opens on click, scrolls within 288 px, moves with arrows, Escape closes and returns focus', async () => {
    const registry = await testRegistry([layout]);
    renderPortal(<LanguageMenu />, { registry, http: {} as HttpClient });
    const button = screen.getByRole('button', { name: /English/ });
    await userEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(menu.style.maxHeight || getComputedStyle(menu).maxHeight).toBe(`${LANGUAGE_MENU_MAX_HEIGHT}px`);
    // One entry per language: a locale folder each (core/i18n/locales.test.ts ties folders to languages.ts).
    const items = screen.getAllByRole('menuitemradio');
    expect(items).toHaveLength(Object.keys(import.meta.glob('/locales/*/core.json')).length);
    expect(document.activeElement?.textContent).toBe('English');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Čeština');
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(items.at(-1));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
  it('marks the current language: checked for screen readers and a visible tick', async () => {
    const registry = await testRegistry([layout]);
    renderPortal(<LanguageMenu />, { registry, http: {} as HttpClient });
    await userEvent.click(screen.getByRole('button', { name: /English/ }));
    const checked = screen.getAllByRole('menuitemradio').filter((item) => item.getAttribute('aria-checked') === 'true');
    expect(checked.map((item) => item.textContent)).toEqual(['English']);
    expect(checked[0]!.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' }).querySelector('svg')).toBeNull();
  });
  it('picking a language switches and remembers it', async () => {
    const registry = await testRegistry([layout]);
    const change = vi.spyOn(appI18n, 'changeLanguage').mockResolvedValue((() => '') as never);
    renderPortal(<LanguageMenu />, { registry, http: {} as HttpClient });
    await userEvent.click(screen.getByRole('button', { name: /English/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    expect(change).toHaveBeenCalledWith('de_DE');
    expect(localStorage.getItem('lang')).toBe('de_DE');
  });
  it('a picked language goes into the address (replaced, no navigation), so a reload keeps it', async () => {
    window.history.replaceState(null, '', '/login?session_code=sc-1&lang=en_US');
    const before = window.history.length;
    const registry = await testRegistry([layout]);
    vi.spyOn(appI18n, 'changeLanguage').mockResolvedValue((() => '') as never);
    renderPortal(<LanguageMenu />, { registry, http: {} as HttpClient });
    await userEvent.click(screen.getByRole('button', { name: /English/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Français' }));
    await waitFor(() => expect(window.location.search).toBe('?session_code=sc-1&lang=fr_FR'));
    expect(window.history.length).toBe(before);
  });
});
