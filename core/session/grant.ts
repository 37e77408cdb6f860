/**
 * The session as a plugin may change it: a capability the core grants, with narrow, named
 * operations, each logged (console.info, in development builds only: `[session] <who>: <what>`; the
 * production build has no such line).
 * A plugin gets one in its register context (`ctx.session`, granted to that plugin by id) and
 * every view through `usePortal().session`. The raw writers (saveTokens, setUser, clearSession,
 * the writable atoms, storage) stay the core's; plugins read the session through the read-only
 * atoms below.
 */
import { atom, type Atom } from 'jotai';
import type { UserInfo } from '../contract/api';
import { isRegionCode, type RegionCode } from '../contract/regions';
import type { HttpClient } from '../http/client';
import type { Registry } from '../registry/registry';
import { accountChanged } from './accountChanged';
import { clearSession, regionAtom, saveTokens, setRegion, setUser, tokensAtom, userAtom } from './session';
import { storage } from './storage';

/** The tokens of a token hand-off: an authorization-code exchange, an app's take-over. */
export interface HandOffTokens {
  /** 'Bearer' unless the server says otherwise. */
  tokenType?: string;
  accessToken: string;
  refreshToken: string;
}

/** What a plugin may do to the session; `RegisterContext.session` grants it to one plugin. */
export interface SessionGrant {
  /**
   * A token hand-off: these tokens become the session's (whatever tokens it had are replaced);
   * with `region`, the account's data region too (a value that is not a region code is ignored).
   */
  signIn(tokens: HandOffTokens, region?: RegionCode): void;
  /**
   * Forget the session in this browser without telling the server: tokens, security token, user
   * and region go, the language stays. `reason` is logged (`'launch refused'`).
   */
  forget(reason: string): void;
  /** The account's user info as the server just sent it (a reload): its region becomes the session's. */
  updateUser(user: UserInfo): void;
  /** The user changed their own account (profile, avatar): as `updateUser`, and `onAccountChanged` listeners hear of it. */
  accountChanged(user: UserInfo): void;
  /** The account's data region became known (a region step): the portal takes that region's plugin set. */
  confirmRegion(region: RegionCode): void;
  /** Keep the security token of an unlock, sent with sensitive calls until it is forgotten. */
  rememberSecurityToken(token: string): void;
  /** Forget the security token; returns the one that was kept, if any, so the caller can end it on the server. */
  forgetSecurityToken(): string | null;
  /** Whether the session holds an access token now (read from storage, not from a rendered value). */
  hasAccessToken(): boolean;
}

/** The session capability of a view (`usePortal().session`): a grant, and the user's own sign-out. */
export interface PortalSession extends SessionGrant {
  /**
   * The user's sign-out: a contributed override (SIGN_OUT_POINT) or the server's `/logout`, then
   * the session is forgotten here whatever the server said. `reason` is logged (`'user'`).
   */
  signOut(reason: string): Promise<void>;
}

/**
 * One line per operation. Each call site asks `process.env.NODE_ENV === 'development'` itself: the
 * production build replaces it with a constant and drops the line, the log's text and all.
 */
function log(who: () => string, what: string): void {
  console.info(`[session] ${who()}: ${what}`);
}

/** The capability as the core grants it to `grantee` (a plugin id, or a function naming a view's page). */
export function grantSession(grantee: string | (() => string)): SessionGrant {
  const who = typeof grantee === 'string' ? () => grantee : grantee;
  return {
    signIn(tokens, region) {
      saveTokens({ tokenType: tokens.tokenType, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
      if (region !== undefined) setRegion(region);
      if (process.env.NODE_ENV === 'development') log(who, `signIn${isRegionCode(region) ? ` (region ${region})` : ''}`);
    },
    forget(reason) {
      clearSession();
      if (process.env.NODE_ENV === 'development') log(who, `forget (${reason})`);
    },
    updateUser(user) {
      setUser(user);
      if (process.env.NODE_ENV === 'development') log(who, `updateUser (region ${user.region})`);
    },
    accountChanged(user) {
      accountChanged(user);
      if (process.env.NODE_ENV === 'development') log(who, 'accountChanged');
    },
    confirmRegion(region) {
      setRegion(region);
      if (process.env.NODE_ENV === 'development') log(who, `confirmRegion (${String(region)})`);
    },
    rememberSecurityToken(token) {
      saveTokens({ securityToken: token });
      if (process.env.NODE_ENV === 'development') log(who, 'rememberSecurityToken');
    },
    forgetSecurityToken() {
      const held = storage.get('securityToken');
      storage.remove('securityToken');
      if (held && process.env.NODE_ENV === 'development') log(who, 'forgetSecurityToken');
      return held;
    },
    hasAccessToken: () => storage.get('accessToken') !== null,
  };
}

/** The page a view's operation came from, for the log. */
const page = () => `view ${typeof window === 'undefined' ? '' : window.location.pathname}`;

/**
 * The views' capability for one set of services (a region's registry and HTTP client); `usePortal()`
 * makes it once per set. The sign-out's code loads when it is first used, not with /login.
 */
export function portalSession(services: { registry: Registry; http: HttpClient }): PortalSession {
  return {
    ...grantSession(page),
    async signOut(reason) {
      const { signOut } = await import('./signOut');
      await signOut(services.registry, services.http);
      if (process.env.NODE_ENV === 'development') log(page, `signOut (${reason})`);
    },
  };
}

/** The signed-in account's user info, read-only (the core loads it; `SessionGrant.updateUser` replaces it). */
export const userView: Atom<UserInfo | null> = /* @__PURE__ */ atom((get) => get(userAtom));
/** The signed-in account's data region, read-only; null before it is known. */
export const regionView: Atom<RegionCode | null> = /* @__PURE__ */ atom((get) => get(regionAtom));
/** Whether the session holds tokens (signed in, or a refresh away from it), read-only. */
export const signedInAtom: Atom<boolean> = /* @__PURE__ */ atom((get) => get(tokensAtom) !== null);

/** The language the visitor chose on this browser (kept across sign-outs), or null. */
export function storedLanguage(): string | null {
  return storage.get('lang');
}
