import { MFA_STEP_PART_POINT } from '../login/mfaStepParts';
import { LOGIN_INTERRUPT_POINT, LOGIN_SLOT_POINT, REGISTER_METHOD_POINT, SECOND_FACTOR_METHOD_POINT, SIGN_IN_FIELDS_POINT, SIGN_IN_METHOD_POINT, SIGN_IN_REALM_POINT } from '../login/types';
import { COMPANY_SECTION_POINT } from '../company/sections';
import { SECURITY_SECTION_POINT } from '../security/sections';
import { SECURITY_SUMMARY_POINT } from '../security/summary';
import { defineExtensionPoint } from './extensionPoints';

/**
 * Extension points the core itself declares. Plugins contribute to them by id and type;
 * a plugin may declare its own points in register() for other plugins to fill.
 */
export interface SignOutOverride {
  /** Return true when the sign-out was handled (e.g. by a partner app's native bridge). */
  signOut(): Promise<boolean>;
}

/** Replaces the server sign-out, e.g. inside a partner app. */
export const SIGN_OUT_POINT = defineExtensionPoint<SignOutOverride>('session/sign-out/v1');

/** What handing a page to the device's browser came to: handed over, no app to hand it to, or the app threw. */
export type ExternalOpenResult = 'sent' | 'missing' | 'failed';

/** The device's browser, as a partner app's bridge reaches it (EXTERNAL_BROWSER_POINT). */
export interface ExternalBrowser {
  /** Opens `url` (a page of the portal's own origin) in the device's browser, outside this page. */
  open(url: string): ExternalOpenResult;
}

/**
 * The device's browser, where a page inside an app cannot do what it needs (a social provider refuses
 * web views): the partner-app plugin contributes it through the app's bridge. No contribution: none.
 */
export const EXTERNAL_BROWSER_POINT = defineExtensionPoint<ExternalBrowser>('app/external-browser/v1');

export const CORE_POINTS = [SIGN_OUT_POINT, EXTERNAL_BROWSER_POINT, LOGIN_INTERRUPT_POINT, LOGIN_SLOT_POINT, SIGN_IN_FIELDS_POINT, SIGN_IN_METHOD_POINT, SIGN_IN_REALM_POINT, REGISTER_METHOD_POINT, SECOND_FACTOR_METHOD_POINT, MFA_STEP_PART_POINT, SECURITY_SECTION_POINT, SECURITY_SUMMARY_POINT, COMPANY_SECTION_POINT] as const;
