import type { ComponentType } from 'react';
import type { LoginPageInfo, MfaRequiredResult } from '../contract/auth';
import type { ApiError } from '../http/ApiError';
import type { HttpClient } from '../http/client';
import { defineExtensionPoint } from '../registry/extensionPoints';
import type { LazyView } from '../registry/types';

/**
 * The login page's shared vocabulary. Views and interrupts come from different plugins;
 * they meet here (and in the registry), never by importing each other.
 */

/** View ids of spec section 4 (login views); plugins may add more. */
export const LOGIN_VIEWS = { signIn: 'signIn', register: 'register', reset: 'reset', email: 'email', locked: 'locked' } as const;

/** Data the email-sent view shows (after register, reset, -20602 or a local migration). */
export interface EmailSentData {
  email: string;
  purpose: 'activation' | 'reset';
  /** Seconds before Resend works again (60 unless the server says otherwise). */
  resendAfterSeconds?: number;
  /** Registered through an invitation: the account is active, offer 'registration complete'. */
  viaInvite?: boolean;
  /**
   * False when the call sent no mail (inside the resend wait): the one sent a moment ago still
   * works, and the page says so instead of "we sent" (issue 27). Absent: a mail went out.
   */
  mailSent?: boolean;
}

/** Data the account-locked view shows. */
export interface LockedData {
  lockedMinutes: number;
  email?: string;
}

/** Calls of the login page that interrupts can break into. */
export type InterruptedCall = 'signIn' | 'register' | 'reset' | 'migrate';

/** What an interrupt view (MFA, region, captcha, privacy notice, migration) gets. */
export interface InterruptProps<R = unknown> {
  error: ApiError<R>;
  call: InterruptedCall;
  /** The form of the interrupted call (email, and password for sign-in). */
  form: Readonly<Record<string, unknown>>;
  /**
   * Repeat the interrupted call with these extra body fields. Resolves when the retry
   * succeeded or was taken over by another step; rejects with the ApiError when it failed with one of
   * the interrupt's own `handles` codes, so the view can show it inline. When a modal step
   * (captcha, privacy notice) interrupts an inline one, the inline step stays mounted beneath and
   * its retry settles with that modal step: resolved when it closes or succeeds, rejected with
   * one of the inline step's codes its own retry met (a wrong MFA code after the captcha).
   */
  retry(extra?: Record<string, unknown>): Promise<void>;
  /** Give up and return to the form (sign-in clears the password). */
  cancel(): void;
  /** Switch the login page to another view (e.g. 'email' after a migration). */
  goTo(view: string, data?: unknown): void;
}

/**
 * A step the server can demand in the middle of a call (spec section 4, error-driven
 * transitions). `inline` replaces the form (MFA, region); `modal` overlays it (captcha,
 * privacy notice, migration).
 */
export interface LoginInterrupt {
  /** Error codes that start this step. */
  codes: readonly number[];
  /** Calls it applies to; all when absent. */
  calls?: readonly InterruptedCall[];
  presentation: 'inline' | 'modal';
  view: LazyView<InterruptProps>;
  /** Codes a retry from this step hands back to it (rejects `retry`) instead of to the page. */
  handles?: readonly number[];
}

/** Extension point for login interrupts: steps that answer an error code of a login call (LoginInterrupt). */
export const LOGIN_INTERRUPT_POINT = defineExtensionPoint<LoginInterrupt>('login/interrupt/v1');

/** Extra parts of the login layout (e.g. a help-desk notice above the form). */
export interface LoginSlot {
  area: 'aboveForm' | 'belowForm' | 'footer';
  order: number;
  component: LazyView<object>;
  /** Whether the part shows for this login address; without it, always. Its code loads only where it shows. */
  shows?(query: URLSearchParams): boolean;
}
/** Extension point for extra parts of the login layout (LoginSlot). */
export const LOGIN_SLOT_POINT = defineExtensionPoint<LoginSlot>('login/slot/v1');

/**
 * Extra body fields for `POST /login`, e.g. the help-desk variant's source, brand_id,
 * locale_id and return_to. `standsInForSessionCode` marks a variant the server accepts
 * without a session code.
 */
export interface SignInFields {
  fields(query: URLSearchParams): Record<string, string> | null;
  standsInForSessionCode?: boolean;
}
/** Extension point for fields the sign-in call takes from the page's query (SignInFields). */
export const SIGN_IN_FIELDS_POINT = defineExtensionPoint<SignInFields>('login/sign-in-fields/v1');

/** What the sign-in form gives another way of signing in (SIGN_IN_METHOD_POINT). */
export interface SignInMethodProps {
  /**
   * Signs in with these body fields in place of the password (e.g. `{ email, passkeyProof }`)
   * through the form's own call, so every step that follows a password sign-in (MFA aside: the
   * server decides) follows this one too. Resolves when the call settled, however it ended.
   */
  signIn(fields: { email: string } & Record<string, string>): Promise<void>;
  /** True while the form's sign-in runs (either way). */
  busy: boolean;
  /** The address in the form's email field as typed now, without surrounding spaces (a method that mails the person needs it). */
  email: string;
}

/** Another way of signing in, shown under the sign-in form's button (e.g. a passkey); it starts just after the form. */
export interface SignInMethod {
  order: number;
  component: LazyView<SignInMethodProps>;
  /** The method fills the email field's autofill (its `autocomplete` then carries `webauthn`). */
  autofill?: boolean;
  /** Its height in px when shown: kept free while it starts (it loads after the form), so nothing moves. */
  height: number;
}
/** Extension point for other ways of signing in on the sign-in form (SignInMethod). */
export const SIGN_IN_METHOD_POINT = defineExtensionPoint<SignInMethod>('login/sign-in-method/v1');

/**
 * Another way of registering, shown under the registration form (e.g. "Continue with Google": a
 * new ID made from another provider's sign-in). Not shown for an invitation, which names its address.
 */
export interface RegisterMethod {
  order: number;
  component: LazyView<object>;
  /** Its height in px when shown: kept free while it starts (it loads after the form), so nothing moves. */
  height: number;
}
/** Extension point for other ways of registering on the registration form (RegisterMethod). */
export const REGISTER_METHOD_POINT = defineExtensionPoint<RegisterMethod>('login/register-method/v1');

/** An address that signs in elsewhere: the sign-in form's button names it and leaves for it. */
export interface SignInRealmMatch {
  /** Who signs the address in (a company's name): the button says "Continue with <name>". */
  name: string;
  /** Leaves for that sign-in (a full-page navigation). */
  go(): void;
}

/**
 * Where some addresses sign in instead of with a password (a company's identity provider: home
 * realm discovery). The sign-in form asks as the address is typed (once it looks complete, after a
 * pause) and again on submit; for an address it names, the form shows no password field, only the
 * way there.
 */
export interface SignInRealm {
  /** The sign-in elsewhere for this address, or null. `sessionCode`: the login page's (null: none). */
  find(email: string, page: { http: HttpClient; sessionCode: string | null }): Promise<SignInRealmMatch | null>;
}
/** Extension point for sign-ins elsewhere by address (SignInRealm). */
export const SIGN_IN_REALM_POINT = defineExtensionPoint<SignInRealm>('login/sign-in-realm/v1');

/** What the MFA step gives another way of passing it (e.g. a passkey): the -20677 result and the step's retry. */
export interface SecondFactorMethodProps {
  /** The -20677 result (its `MFAProcessId`, and what else the server said, e.g. `passkey`). */
  result: MfaRequiredResult;
  /** Repeats the sign-in with these fields, as the step does with a code (`InterruptProps.retry`). */
  retry(extra: Record<string, unknown>): Promise<void>;
}

/** Another second factor, shown under the MFA step's code form. */
export interface SecondFactorMethod {
  order: number;
  component: LazyView<SecondFactorMethodProps>;
}
/** Extension point for other ways of passing the MFA step (SecondFactorMethod). */
export const SECOND_FACTOR_METHOD_POINT = defineExtensionPoint<SecondFactorMethod>('login/second-factor-method/v1');

/** What the login page host gives every view and interrupt through context. */
export interface LoginPageServices {
  goTo(view: string, data?: unknown): void;
  /** True when a plugin contributes the view and the session code's client allows it. */
  hasView(view: string): boolean;
  /** True when the plugin may run on this page (deployment config, then the client's narrowing). */
  pluginAllowed(pluginId: string): boolean;
  /** Page info of the session code (branding), or null for the deployment's own page. */
  pageInfo: LoginPageInfo | null;
  /** The login query (session_code, source, return_to, module, inviteCode, lang, …). */
  query: URLSearchParams;
}

/** The component of a login interrupt. */
export type InterruptComponent = ComponentType<InterruptProps>;
