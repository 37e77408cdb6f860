import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  clearInviteRefusal,
  definePlugin,
  inviteRefusal,
  type HttpClient,
  type InterruptProps,
  LOGIN_INTERRUPT_POINT,
  refuseInvite,
  SIGN_IN_FIELDS_POINT,
} from '@portal/plugin-api';
import { forgetSessionCodeRenewals, renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import LockedView from './LockedView';
import signIn from './index';
import { mayFocusOnLoad } from './focusOnLoad';
import { signInOutcome } from './signInAlert';
import SignInView from './SignInView';

type Post = (path: string, body: Record<string, unknown>, options: { headers?: Record<string, string> }) => Promise<unknown>;

function fakeHttp(post: Post, allowUrls: string[] = []) {
  return {
    post: vi.fn(post),
    get: vi.fn(async (path: string) => (path === '/redirect/allow-urls' ? { allowUrls } : null)),
  } as unknown as HttpClient & { post: ReturnType<typeof vi.fn>; get: ReturnType<typeof vi.fn> };
}

function Back({ cancel }: InterruptProps) {
  return (
    <section aria-label="mfa step">
      <button onClick={cancel}>Back from MFA</button>
    </section>
  );
}
const mfaStub = definePlugin({
  id: 'mfa-stub',
  register(ctx) {
    ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: [-20677], calls: ['signIn'], presentation: 'inline', view: async () => ({ default: Back }) });
  },
});
const fieldsStub = definePlugin({
  id: 'fields-stub',
  register(ctx) {
    ctx.contribute(SIGN_IN_FIELDS_POINT, { fields: (q) => (q.get('source') === 'zendesk' ? { source: 'zendesk', brand_id: q.get('brand_id') ?? '' } : null) });
  },
});

const assign = vi.fn();
beforeEach(() => {
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
});
afterEach(() => {
  vi.unstubAllGlobals();
  forgetSessionCodeRenewals();
});

async function renderSignIn(http: HttpClient, options: { query?: string; views?: string[]; data?: unknown; language?: 'ar_SA' } = {}) {
  const registry = await testRegistry([signIn, mfaStub, fieldsStub]);
  const page = testLoginPage({ query: new URLSearchParams(options.query ?? 'session_code=sc-1'), views: options.views });
  const goTo = vi.fn();
  const { location } = renderPortal(page.wrap(<SignInView goTo={goTo} data={options.data} />), { registry, http, language: options.language });
  return { goTo, page, location };
}

const email = () => screen.getByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Password/);
const submit = () => screen.getByRole('button', { name: 'Sign in' });

describe('sign-in outcomes (spec section 8, sign-in error behaviour)', () => {
  const wrong = (result?: object) => new ApiError(-20601, 'wrong', 400, result);
  it('wrong password: the message with attempts while more than one is left', () => {
    expect(signInOutcome(wrong({ remainAttempts: 3, failedAttempts: 2, lockedMinutes: 30 }))).toEqual({ alert: { kind: 'wrongCredentials', remainAttempts: 3 } });
    expect(signInOutcome(wrong())).toEqual({ alert: { kind: 'wrongCredentials', remainAttempts: null } });
  });
  it('exactly one left: the lockout warning; none left: locked', () => {
    expect(signInOutcome(wrong({ remainAttempts: 1, failedAttempts: 4, lockedMinutes: 60 }))).toEqual({ alert: { kind: 'lastAttempt', lockedMinutes: 60 } });
    expect(signInOutcome(wrong({ remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 }))).toEqual({ goTo: 'locked', lockedMinutes: 30 });
  });
  it('-20004 and -20661 lock; -20602 shows email-sent; -20679 restarts; -29999 continues', () => {
    expect(signInOutcome(new ApiError(-20004, '', 423, { lockedMinutes: 90 }))).toEqual({ goTo: 'locked', lockedMinutes: 90 });
    expect(signInOutcome(new ApiError(-20661, '', 429))).toEqual({ goTo: 'locked', lockedMinutes: null });
    expect(signInOutcome(new ApiError(-20602, '', 400))).toEqual({ goTo: 'email' });
    expect(signInOutcome(new ApiError(-20679, '', 400))).toEqual({ restart: true });
    expect(signInOutcome(new ApiError(-20679, '', 400, { sessionCode: 'sc-2' }))).toEqual({ renewed: 'sc-2' });
    expect(signInOutcome(new ApiError(-29999, '', 409))).toEqual({ continueSignedIn: true });
  });
  it('-19999 for the second factor says why in the form; for another plugin, the catalogue message', () => {
    expect(signInOutcome(new ApiError(-19999, '', 403, { plugin: 'mfa', offIn: 'Euw', appType: null }))).toEqual({ alert: { kind: 'secondFactorOff' } });
    expect(signInOutcome(new ApiError(-19999, '', 403, { plugin: 'passkeys', offIn: 'Euw', appType: null }))).toMatchObject({ alert: { kind: 'message', tone: 'error' } });
  });
  it('-20213 of a closed ID says how to restore it; another -20213 is the catalogue message', () => {
    expect(signInOutcome(new ApiError(-20213, '', 403, { reason: 'closed' }))).toEqual({ alert: { kind: 'closed' } });
    expect(signInOutcome(new ApiError(-20213, '', 403))).toMatchObject({ alert: { kind: 'message', tone: 'error' } });
  });
  it('step codes without their plugin become a message; anything else goes to the default handler', () => {
    for (const code of [-6, -9, -20677, -23029, -10999, -60001]) expect(signInOutcome(new ApiError(code, '', 400))).toMatchObject({ alert: { kind: 'message' } });
    expect(signInOutcome(new ApiError(-10000, '', 500))).toBeNull();
  });
});

describe('SignInView', () => {
  it('a page open longer than its login session: keeps what was typed, says so, and the next submit goes on with the fresh code (issue 27)', async () => {
    forgetSessionCodeRenewals();
    window.history.replaceState(null, '', '/login?session_code=sc-1&lang=en_US');
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: document.URL });
    const address = () => new URL(document.URL).searchParams;
    const http = fakeHttp(async () => ({ serviceUrl: `${window.location.origin}/api/authorize`, redirectParams: { session_code: 'sc-2' } }));
    http.post.mockImplementationOnce(async () => Promise.reject(new ApiError(-20679, 'expired', 400, { sessionCode: 'sc-2' })));
    const { goTo } = await renderSignIn(http);
    await userEvent.type(email(), 'ana@partner.example');
    await userEvent.type(password(), 'secret-1{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/open too long/);
    expect((email() as HTMLInputElement).value).toBe('ana@partner.example');
    expect((password() as HTMLInputElement).value).toBe('secret-1');
    expect(goTo).not.toHaveBeenCalled();
    // The address carries the fresh code (a reload, the register and reset views use it), the rest of the query kept.
    expect(address().get('session_code')).toBe('sc-2');
    expect(address().get('lang')).toBe('en_US');
    await userEvent.click(submit());
    await waitFor(() => expect(http.post).toHaveBeenLastCalledWith('/login', expect.objectContaining({ password: 'secret-1' }), expect.objectContaining({ headers: { session_code: 'sc-2' } })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/api/authorize?session_code=sc-2`));
    window.history.replaceState(null, '', '/');
  });

  describe('-29999, already signed in (issue 27: the same message on every click, no way on)', () => {
    const signedIn = () => Promise.reject(new ApiError(-29999, 'You are already signed in.', 409, { email: 'ana@partner.example' }));
    function continuing(target: unknown) {
      const http = fakeHttp(signedIn);
      http.get.mockImplementation(async (path: string) => (path === '/redirect/allow-urls' ? { allowUrls: [] } : path === '/redirect-params' ? target : null));
      return http;
    }

    it('goes on to the service behind the session code, saying so', async () => {
      const http = continuing({ serviceUrl: `${window.location.origin}/api/authorize`, redirectParams: { session_code: 'sc-1', language: 'en_US' } });
      await renderSignIn(http);
      await userEvent.type(email(), 'ana@partner.example');
      await userEvent.type(password(), 'secret-1{Enter}');
      expect((await screen.findByRole('status')).textContent).toMatch(/already signed in/i);
      await waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/api/authorize?session_code=sc-1&language=en_US`));
      expect(http.get).toHaveBeenCalledWith('/redirect-params', expect.objectContaining({ query: { sessionCode: 'sc-1' } }));
    });

    it('without a service to go back to (an expired session code), opens the account', async () => {
      const http = continuing(null);
      http.get.mockImplementation(async (path: string) => {
        if (path === '/redirect-params') throw new ApiError(-20679, 'expired', 400);
        return path === '/redirect/allow-urls' ? { allowUrls: [] } : null;
      });
      const { location } = await renderSignIn(http);
      await userEvent.type(email(), 'ana@partner.example');
      await userEvent.type(password(), 'secret-1{Enter}');
      await waitFor(() => expect(location.history.at(-1)).toBe('/accountSetting'));
      expect(assign).not.toHaveBeenCalled();
    });
  });

  it('keeps Sign in disabled until email and password are filled; Enter submits with the session code', async () => {
    const http = fakeHttp(async () => ({ serviceUrl: `${window.location.origin}/api/authorize`, redirectParams: { session_code: 'sc-1' } }));
    await renderSignIn(http);
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(email(), 'ana@partner.example');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(password(), 'secret-1{Enter}');
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/login', expect.objectContaining({ email: 'ana@partner.example', password: 'secret-1', language: 'en_US' }), expect.objectContaining({ headers: { session_code: 'sc-1' } })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/api/authorize?session_code=sc-1`));
  });

  it('validates on blur with the spec messages', async () => {
    await renderSignIn(fakeHttp(async () => null));
    await userEvent.type(email(), 'not-an-email');
    await userEvent.tab();
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    await userEvent.type(password(), 'abc');
    await userEvent.tab();
    expect(await screen.findByText(/6 to 32 characters/)).toBeTruthy();
  });

  it('on submit shows every error, focuses the first field in error and sends nothing', async () => {
    const http = fakeHttp(async () => null);
    await renderSignIn(http);
    await userEvent.type(email(), 'ana@partner');
    await userEvent.type(password(), 'abc{Enter}');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText(/6 to 32 characters/)).toBeTruthy();
    expect(document.activeElement).toBe(email());
    expect(http.post).not.toHaveBeenCalled();
  });

  it('never follows a service URL outside the allow-list', async () => {
    const http = fakeHttp(async () => ({ serviceUrl: 'https://evil.example/steal', redirectParams: {} }), ['https://good.example']);
    await renderSignIn(http);
    await userEvent.type(email(), 'ana@partner.example');
    await userEvent.type(password(), 'secret-1{Enter}');
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('/redirect/allow-urls', expect.anything()));
    await new Promise((r) => setTimeout(r, 20));
    expect(assign).not.toHaveBeenCalled();
  });

  it('counts down the attempts, warns at the last one, clears the password each time', async () => {
    const results = [
      { remainAttempts: 2, failedAttempts: 3, lockedMinutes: 30 },
      { remainAttempts: 1, failedAttempts: 4, lockedMinutes: 90 },
    ];
    const http = fakeHttp(async () => {
      throw new ApiError(-20601, 'Incorrect', 400, results.shift());
    });
    await renderSignIn(http);
    await userEvent.type(email(), 'ana@partner.example');
    await userEvent.type(password(), 'wrong-pass{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect ID or password. Attempts left: 2.');
    expect((password() as HTMLInputElement).value).toBe('');
    await userEvent.type(password(), 'wrong-pass{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Incorrect ID or password. One more failed attempt locks your account for 1 h 30 min.'));
  });

  it("an account whose two-step verification is off in its region is told so in the form, and keeps what it typed", async () => {
    const http = fakeHttp(async () => {
      throw new ApiError(-19999, 'off', 403, { plugin: 'mfa', offIn: 'Euw', appType: null });
    });
    await renderSignIn(http);
    await userEvent.type(email(), 'mfa@partner.example');
    await userEvent.type(password(), 'secret-1{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe("Two-step verification is not available in your account's region, so this account cannot sign in here. Please contact support.");
    expect((email() as HTMLInputElement).value).toBe('mfa@partner.example');
  });

  it('says the attempts left and the lock time in Arabic-Indic digits in Arabic', async () => {
    const results = [
      { remainAttempts: 2, failedAttempts: 3, lockedMinutes: 30 },
      { remainAttempts: 1, failedAttempts: 4, lockedMinutes: 90 },
    ];
    const http = fakeHttp(async () => {
      throw new ApiError(-20601, 'Incorrect', 400, results.shift());
    });
    await renderSignIn(http, { language: 'ar_SA' });
    await userEvent.type(screen.getByLabelText(/^البريد الإلكتروني/), 'ana@partner.example');
    const arabicPassword = screen.getByLabelText(/^كلمة المرور/);
    await userEvent.type(arabicPassword, 'wrong-pass{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('المعرّف أو كلمة المرور غير صحيحة. المحاولات المتبقية: ٢.');
    await userEvent.type(arabicPassword, 'wrong-pass{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('المعرّف أو كلمة المرور غير صحيحة. محاولة فاشلة أخرى ستقفل حسابك لمدة ساعة واحدة و٣٠ دقيقة.'));
  });

  it('goes to the locked view at zero attempts and to email-sent when not activated', async () => {
    let code = -20601;
    const http = fakeHttp(async () => {
      throw new ApiError(code, '', 400, code === -20601 ? { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 } : { email: 'ana@partner.example', mailSent: false, resendAfterSeconds: 37 });
    });
    const { goTo } = await renderSignIn(http);
    // The address is checked and handed on without the spaces around it.
    await userEvent.type(email(), ' ana@partner.example ');
    await userEvent.type(password(), 'wrong-pass{Enter}');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('locked', { lockedMinutes: 30, email: 'ana@partner.example' }));
    code = -20602;
    await userEvent.type(password(), 'right-pass{Enter}');
    // Inside the resend wait no mail went out: the view is told, and when Resend can send (issue 27).
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('email', { email: 'ana@partner.example', purpose: 'activation', mailSent: false, resendAfterSeconds: 37 }));
  });

  it('MFA replaces the form; Back returns to it with the password cleared', async () => {
    const http = fakeHttp(async () => {
      throw new ApiError(-20677, 'mfa', 400, {});
    });
    await renderSignIn(http);
    await userEvent.type(email(), 'ana@partner.example');
    await userEvent.type(password(), 'secret-1{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Back from MFA' }));
    expect((email() as HTMLInputElement).value).toBe('ana@partner.example');
    expect((password() as HTMLInputElement).value).toBe('');
  });

  it('adds contributed fields (help desk) to the request', async () => {
    const http = fakeHttp(async () => ({ serviceUrl: `${window.location.origin}/x`, redirectParams: {} }));
    await renderSignIn(http, { query: 'session_code=s&source=zendesk&brand_id=7' });
    await userEvent.type(email(), 'ana@partner.example');
    await userEvent.type(password(), 'secret-1{Enter}');
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/login', expect.objectContaining({ source: 'zendesk', brand_id: '7' }), expect.anything()));
  });

  it('links to reset and register only when those views exist, and says when an activation worked', async () => {
    const { goTo } = await renderSignIn(fakeHttp(async () => null), { views: ['signIn', 'reset'], query: 'session_code=s&activated=1&email=ana%40partner.example' });
    expect(screen.getByRole('status').textContent).toMatch(/activated/);
    expect((email() as HTMLInputElement).value).toBe('ana@partner.example');
    expect(screen.queryByRole('button', { name: 'Create one' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(goTo).toHaveBeenCalledWith('reset', { email: 'ana@partner.example' });
  });
});

describe('SignInView: an invitation link that ended here', () => {
  it.each([
    ['missing', 'alert', 'The invitation link has no invitation code. Open the link in your invitation email again.'],
    ['invalid', 'alert', 'This invitation has expired or is invalid. Ask the person who invited you to send a new one.'],
    ['registered', 'status', 'The invited email address already has an ID. Sign in, then open the invitation link again to join the company.'],
    ['accepted', 'status', 'This invitation has already been accepted. Sign in to see the company in your account.'],
    ['unavailable', 'alert', 'The invitation could not be checked. Open the link in your invitation email again later.'],
  ] as const)('%s: says why, once', async (reason, role, text) => {
    refuseInvite(reason);
    const { unmount } = renderPortal(testLoginPage().wrap(<SignInView goTo={vi.fn()} />), { registry: await testRegistry([signIn]), http: fakeHttp(async () => null) });
    expect(screen.getByRole(role)).toHaveTextContent(text);
    expect(inviteRefusal()).toBeNull();
    unmount();
    // A second visit to sign-in is plain sign-in.
    renderPortal(testLoginPage().wrap(<SignInView goTo={vi.fn()} />), { registry: await testRegistry([signIn]), http: fakeHttp(async () => null) });
    expect(screen.queryByText(text)).toBeNull();
  });
  afterEach(() => clearInviteRefusal());
});

describe('SignInView: focus on load', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });
  const screenWith = (desktop: boolean) => {
    window.matchMedia = ((query: string) => ({ matches: desktop && query.includes('(pointer: fine)'), media: query }) as MediaQueryList) as typeof window.matchMedia;
  };

  it('asks for a hovering fine pointer at least the mobile breakpoint wide', () => {
    const asked: string[] = [];
    const win = { matchMedia: (q: string) => (asked.push(q), { matches: true }) as MediaQueryList };
    expect(mayFocusOnLoad(win, 768)).toBe(true);
    expect(asked).toEqual(['(hover: hover) and (pointer: fine) and (min-width: 768px)']);
    expect(mayFocusOnLoad({} as Window, 768)).toBe(false);
  });

  it('desktop: the email field has the cursor', async () => {
    screenWith(true);
    await renderSignIn(fakeHttp(async () => null));
    await waitFor(() => expect(email()).toHaveFocus());
  });

  it('desktop with the address known: the password field has the cursor', async () => {
    screenWith(true);
    await renderSignIn(fakeHttp(async () => null), { data: { email: 'ana@partner.example' } });
    await waitFor(() => expect(password()).toHaveFocus());
  });

  it('touch screen or narrow window: nothing is focused (no keyboard over the page)', async () => {
    screenWith(false);
    await renderSignIn(fakeHttp(async () => null));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(document.body);
  });
});

describe('SignInView: Forgot password?', () => {
  it('sits right under the password field, before the submit button', async () => {
    await renderSignIn(fakeHttp(async () => null), { views: ['signIn', 'reset'] });
    const link = screen.getByRole('button', { name: 'Forgot password?' });
    // one group: the password field and the link, without the email field
    const group = password().closest('div')!.parentElement!.parentElement!;
    expect(group.contains(link)).toBe(true);
    expect(group.contains(email())).toBe(false);
    expect(link.compareDocumentPosition(submit()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(password().compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('LockedView', () => {
  it('says how long, in minutes, whole hours, or hours and minutes', async () => {
    const registry = await testRegistry([signIn]);
    for (const [minutes, text] of [[30, '30 min'], [120, '2 h'], [90, '1 h 30 min']] as const) {
      const page = testLoginPage();
      const goTo = vi.fn();
      const { unmount } = renderPortal(page.wrap(<LockedView goTo={goTo} data={{ lockedMinutes: minutes, email: 'a@b.cd' }} />), { registry, http: fakeHttp(async () => null) });
      expect(screen.getByRole('alert').textContent).toContain(`locked for ${text}.`);
      await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      expect(goTo).toHaveBeenCalledWith('reset', { email: 'a@b.cd' });
      unmount();
    }
  });

  it('takes the Arabic plural form of each number: 3 to 10 minutes, 11 minutes, two hours, one hour and 2 minutes', async () => {
    const registry = await testRegistry([signIn]);
    const cases = [
      [3, '٣ دقائق'],
      [10, '١٠ دقائق'],
      [11, '١١ دقيقة'],
      [1, 'دقيقة واحدة'],
      [120, 'ساعتين'],
      [62, 'ساعة واحدة ودقيقتين'],
    ] as const;
    for (const [minutes, text] of cases) {
      const page = testLoginPage();
      const { unmount } = renderPortal(page.wrap(<LockedView goTo={vi.fn()} data={{ lockedMinutes: minutes, email: 'a@b.cd' }} />), {
        registry,
        http: fakeHttp(async () => null),
        language: 'ar_SA',
      });
      expect(screen.getByRole('alert').textContent, String(minutes)).toContain(`حسابك مقفل لمدة ${text}.`);
      unmount();
    }
  });
});

describe('sign-up link', () => {
  it("opens a client's own sign-up page, but the portal's register module in place", async () => {
    const { externalSignUp } = await import('./SignInView');
    expect(externalSignUp('https://partner.example/join')).toBe('https://partner.example/join');
    expect(externalSignUp('/login?module=register')).toBeNull();
    expect(externalSignUp(`${window.location.origin}/login?module=register`)).toBeNull();
    expect(externalSignUp('javascript:alert(1)')).toBeNull();
    expect(externalSignUp(null)).toBeNull();
  });
});
