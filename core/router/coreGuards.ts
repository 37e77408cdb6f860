import type { AllowUrlsResult, LoggedResult, UserInfo } from '../contract/api';
import { ApiError } from '../http/ApiError';
import { ERROR_CODES } from '../contract/errorCodes';
import { clearInvite, loadInvite, refuseInvite, saveInvite, type InviteInfo, type InviteGuardReason } from '../session/invite';
import { appStore, clearSession, setUser, userAtom } from '../session/session';
import { storage } from '../session/storage';
import { afterRefreshFailure } from '../session/refreshRetry';
import { signedInDestination } from '../login/handOff';
import { allow, next, type Guard, type GuardContext, type GuardOutcome } from './guardTypes';

/** The allow-list: the server's list plus the deployment's fallbacks (used alone if the call fails). */
export async function allowedRedirects(ctx: GuardContext): Promise<string[]> {
  try {
    const { allowUrls } = await ctx.http.get<AllowUrlsResult>('/redirect/allow-urls', { auth: 'none' });
    return [...allowUrls, ...ctx.config.allowedRedirects];
  } catch {
    return [...ctx.config.allowedRedirects];
  }
}

function withoutParam(ctx: GuardContext, name: string): string {
  const query = new URLSearchParams(ctx.query);
  query.delete(name);
  const qs = query.toString();
  return `${ctx.pathname}${qs ? `?${qs}` : ''}`;
}

/** A register module without an invite code is not a real invitation: back to plain /login. */
export const registerWithoutInvite: Guard = {
  id: 'core/login/register-without-invite',
  route: 'login',
  order: 10,
  run(ctx) {
    if (ctx.query.get('module') === 'register' && !ctx.query.get('inviteCode')) {
      return { kind: 'redirect', to: withoutParam(ctx, 'module'), replace: true };
    }
    return next;
  },
};

/**
 * A failed look-up that says the code is no good (unknown, closed, malformed: the server's 4xx
 * answers) rather than that the look-up could not be made (network, timeout, 5xx, rate limit).
 */
export function codeIsUnusable(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== ERROR_CODES.rateLimited;
}

/** The statuses of spec section 3 an invitation can have; only this one may register. */
export const INVITE_STATUS_UNREGISTERED = 'unregistered';

/**
 * Arriving from an invite (module=register&inviteCode=…): look the invitation up and let
 * the page show the invited registration. A missing or invalid code, or an invitation
 * that is no longer unregistered, goes back to plain sign-in with the URL replaced; the
 * sign-in page says why (`inviteRefusal()`).
 */
export const invitedRegistration: Guard = {
  id: 'core/login/invited-registration',
  route: 'login',
  order: 20,
  async run(ctx): Promise<GuardOutcome> {
    const code = ctx.query.get('inviteCode');
    if (ctx.query.get('module') !== 'register' || !code) return next;
    const stored = loadInvite();
    if (stored?.inviteCode === code && stored.invitedEmail && stored.status === INVITE_STATUS_UNREGISTERED) return allow;
    let reason: InviteGuardReason;
    try {
      const invite = await ctx.http.get<InviteInfo>(`/orgs/members/invitations/${encodeURIComponent(code)}`, { auth: 'none' });
      if (invite?.invitedEmail && invite.status === INVITE_STATUS_UNREGISTERED) {
        saveInvite({ ...invite, inviteCode: code });
        return allow;
      }
      reason = invite?.status === 'registered' || invite?.status === 'accepted' ? invite.status : 'invalid';
    } catch (error) {
      reason = codeIsUnusable(error) ? 'invalid' : 'unavailable';
    }
    refuseInvite(reason);
    clearInvite();
    const query = new URLSearchParams(ctx.query);
    query.delete('module');
    query.delete('inviteCode');
    const qs = query.toString();
    return { kind: 'redirect', to: `/login${qs ? `?${qs}` : ''}`, replace: true };
  },
};

/**
 * Already signed in? Then go where the user was heading: an allowed return_to, else the
 * service behind the session code, else the account settings. If the status check
 * itself fails, the official host shows its login page; any other host hands over to sign-in there.
 * The one exception is the server's to make: a login session that asks the signed-in account to
 * sign in again (a service's OpenID prompt=login or max_age) stays on the page.
 */
export const alreadySignedIn: Guard = {
  id: 'core/login/already-signed-in',
  route: 'login',
  order: 100,
  async run(ctx): Promise<GuardOutcome> {
    let status: LoggedResult;
    const sessionCode = ctx.query.get('session_code');
    try {
      status = await ctx.http.post<LoggedResult>('/logged', undefined, { auth: 'none', ...(sessionCode ? { query: { sessionCode } } : {}) });
    } catch {
      if (ctx.config.officialHosts.length === 0 || ctx.config.officialHosts.includes(ctx.host)) return allow;
      const official = ctx.config.officialHosts[0]!;
      const protocol = ctx.origin.startsWith('https:') ? 'https:' : 'http:';
      return { kind: 'external', url: `${protocol}//${official}/login${ctx.query.toString() ? `?${ctx.query}` : ''}` };
    }
    // Not signed in: later guards (e.g. one that starts a login session) still get their say.
    if (!status.loggedIn) return next;
    if (status.reauthenticate === true) return allow;

    const destination = await signedInDestination(ctx.http, await allowedRedirects(ctx), ctx.query, ctx.origin);
    return destination.kind === 'external' ? destination : { ...destination, replace: true };
  },
};

/** /accountSetting: a valid token and the user's info, or back to sign-in. */
export const accountSession: Guard = {
  id: 'core/account/session',
  route: 'accountSetting',
  order: 100,
  async run(ctx): Promise<GuardOutcome> {
    if (appStore.get(userAtom)) return next;
    if (!storage.get('refreshToken') && !storage.get('accessToken')) {
      return { kind: 'redirect', to: ctx.config.signInPath, replace: true };
    }
    // Only the server refusing the session ends it. A check refused for now (429, the network, a
    // 5xx) waits as a refresh would and asks again; past that patience the gate shows "try again"
    // with the tokens kept: a busy server never signs anyone out (issue 26).
    for (let failures = 0, waitedMs = 0; ; failures++) {
      try {
        await ctx.http.post('/token/valid', undefined, { auth: 'refresh' });
        setUser(await ctx.http.get<UserInfo>('/user-info'));
        return next;
      } catch (err) {
        const after = afterRefreshFailure(err, failures, waitedMs);
        if (after === 'stop') throw err;
        if (after === 'end') {
          clearSession();
          return { kind: 'redirect', to: ctx.config.signInPath, replace: true };
        }
        await new Promise((resolve) => setTimeout(resolve, after));
        waitedMs += after;
      }
    }
  },
};

/** The company pages need a wide screen; narrower ones go back to the entry. */
export const companyNeedsWideScreen: Guard = {
  id: 'core/account/company-wide-screen',
  route: 'accountSetting',
  order: 200,
  run(ctx) {
    if (ctx.child === 'company' && ctx.viewportWidth < 768) return { kind: 'redirect', to: '/', replace: true };
    return next;
  },
};

export const CORE_GUARDS: readonly Guard[] = [registerWithoutInvite, invitedRegistration, alreadySignedIn, accountSession, companyNeedsWideScreen];

/** Run a route's guards in order; the first outcome other than 'next' decides. */
export async function runGuards(guards: readonly Guard[], ctx: GuardContext): Promise<GuardOutcome> {
  for (const guard of guards) {
    const outcome = await guard.run(ctx);
    if (outcome.kind !== 'next') return outcome;
  }
  return allow;
}
