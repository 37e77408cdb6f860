import { LOGIN_INTERRUPT_POINT, LOGIN_SLOT_POINT, SECOND_FACTOR_METHOD_POINT, SIGN_IN_FIELDS_POINT, SIGN_IN_METHOD_POINT } from '../login/types';
import { defineExtensionPoint } from './extensionPoints';
import type { LazyView } from './types';

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

/** What the security page gives a section another plugin adds: its lock, as the page's own sections use it. */
export interface SecuritySectionProps {
  /** True while the page is unlocked (the security token is live): changes are allowed. */
  unlocked: boolean;
  /** Runs a sensitive call; a refused security token locks the page again before the error is rethrown. */
  guard<T>(call: () => Promise<T>): Promise<T>;
}

/** A card another plugin adds to the security page (e.g. passkeys): after two-factor, in `order`. */
export interface SecuritySection {
  order: number;
  component: LazyView<SecuritySectionProps>;
}

export const SECURITY_SECTION_POINT = defineExtensionPoint<SecuritySection>('account/security-section/v1');

export const CORE_POINTS = [SIGN_OUT_POINT, LOGIN_INTERRUPT_POINT, LOGIN_SLOT_POINT, SIGN_IN_FIELDS_POINT, SIGN_IN_METHOD_POINT, SECOND_FACTOR_METHOD_POINT, SECURITY_SECTION_POINT] as const;
