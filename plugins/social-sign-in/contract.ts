/**
 * Social sign-in's calls, shared by its browser and server halves: the login page's buttons and
 * the return from the provider, and the Security page's linked sign-ins.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import { APP_LINK_PATH, SOCIAL_PROVIDERS, type SocialProvider } from './config';

export { APP_LINK_PATH, SOCIAL_PROVIDERS, type SocialProvider };

/** Display names: brands, the same in every language. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', microsoft: 'Microsoft', apple: 'Apple' };

/** Every proof this plugin makes starts with `social.` (the server's externalSignIn `proofPrefix`). */
export const PROOF_PREFIX = 'social';

export const isSocialProvider = (value: unknown): value is SocialProvider => typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);

/**
 * `POST /login/social/start {provider}` (the login page's own call, with its session code): the
 * flow is opened, bound to this browser by an HttpOnly cookie, and the browser goes to `location`.
 */
export interface SocialStartResult {
  location: string;
}

/** Why a return from the provider failed. */
export type SocialFailure = 'denied' | 'provider' | 'unverified' | 'expired' | 'taken';

/** A sign-in back from the provider, as the login page reads it (`POST /login/social/flow`). */
export interface SocialFlowResult {
  /** linked: signs in · link: an ID of this address exists; its password (or a mailed code) links it · create: no ID yet · failed. */
  status: 'linked' | 'link' | 'create' | 'failed';
  provider: SocialProvider;
  email: string;
  givenName?: string;
  familyName?: string;
  /** For a new ID: the regions that offer this provider (the country/region list is theirs) and the privacy policy to accept. */
  regions?: RegionCode[];
  privacy?: { version: number; url: string };
}

/** `POST /login/social/account`: a new ID for the identity; the person chose the country/region and accepted the policy. */
export interface SocialAccountRequest {
  proof: string;
  firstName: string;
  lastName: string;
  country: string;
  acceptPrivacyVersion: number;
  language?: string;
}

/** A sign-in at another provider linked to the account (the Security page's card). */
export interface LinkedIdentityView {
  /** What unlinking names. */
  id: string;
  kind: 'social' | 'enterprise';
  /** A social provider's id, or the company's name. */
  provider: string;
  /** The address the provider gave when it was linked, where known. */
  email: string | null;
  linkedAt: number;
  /** False where the account's company requires its own sign-in. */
  removable: boolean;
}

/** `GET /accounts/:id/linked-sign-ins`. */
export interface LinkedSignIns {
  identities: LinkedIdentityView[];
  /** The social providers the account's region offers and that are not linked yet. */
  linkable: SocialProvider[];
  /** Whether the account's person knows its password (else "forgot password" sets one). */
  passwordSet: boolean;
}

/** Why an unlink is refused (-10020, `result: { field: 'identity', reason }`). */
export type UnlinkProblem = 'lastWayIn' | 'required';

/** `POST /accounts/:id/linked-sign-ins/link {provider}` (security token): where the browser goes to link. */
export interface LinkStartResult {
  location: string;
}

/**
 * Inside a partner app (whose web view the providers refuse), linking goes on in the device's browser:
 * `POST /accounts/:id/linked-sign-ins/app-link {provider}` (security token, an app's session only) makes a
 * one-time ticket for this account, this provider and this app; the app opens `url` (a portal page, the
 * ticket in its fragment) through the bridge.
 */
export interface AppLinkTicket {
  url: string;
  /** Seconds the ticket may still be opened. */
  expiresIn: number;
}

/** Why linking in the device's browser ended without a link ('addressTaken': the provider vouches for an address that is another ID's). */
export type AppLinkFailure = SocialFailure | 'cancelled' | 'addressTaken';

/**
 * The page in the device's browser, as `POST /social/app-link/open {ticket}` (which takes the ticket once and
 * binds the hand-off to this browser by a cookie) or `GET /social/app-link` (that cookie) tells it:
 * confirm (which ID, which provider, which app) → linking (at the provider) → review (which of the
 * provider's accounts, to which ID: `POST /social/app-link/finish` links) → linked | failed.
 */
export interface AppLinkState {
  status: 'confirm' | 'linking' | 'review' | 'linked' | 'failed';
  provider: SocialProvider;
  /** The ID the ticket was made for: the person sees which one they link to. */
  email: string;
  /** The app's name, as its deployment config's brand calls it; null: "the app". */
  appName: string | null;
  /** review: the address the provider gave for the account the person signed in with there (null: none). */
  providerEmail?: string | null;
  /** Where "Back to the app" goes: the app's return address (its config's `returnUri`), null when it has none. */
  returnUri: string | null;
  failure?: AppLinkFailure;
}

/** `POST /social/app-link/start`: where the browser goes (the provider), the flow bound to this browser. */
export interface AppLinkStartResult {
  location: string;
}
