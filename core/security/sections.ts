import type { UserInfo } from '../contract/api';
import { defineExtensionPoint } from '../registry/extensionPoints';
import type { LazyView } from '../registry/types';

/**
 * Cards other plugins add to the Security page (/accountSetting/security), placed after one of its
 * own sections. They share the page's five-minute lock: sensitive calls go through `guard`, which
 * sends the security token and locks the page again when the server refuses it.
 */
export interface SecuritySectionProps {
  user: UserInfo;
  /** The page's lock: unlocked means sensitive calls may be made. */
  unlocked: boolean;
  guard<T>(call: () => Promise<T>): Promise<T>;
  /**
   * Changes when something on the page may have changed what a section shows (password changed, other
   * devices signed out, or any card's `changed()`): load again then.
   */
  reloadKey: number;
  /**
   * Tells the page this card changed the account's security (a method or passkey added or removed,
   * codes made, a device forgotten): every card and the overview load again, so cards that depend
   * on each other (two-step on -> recovery codes possible) never disagree until a reload.
   */
  changed(): void;
  /** Show times in this zone (stories pin UTC); the browser's zone otherwise. */
  timeZone?: string;
}

/** A card a plugin adds to the Security page, and where it goes. */
export interface SecuritySection {
  /** The page's own section it follows. */
  after: 'twoFactor' | 'sessions';
  order: number;
  view: LazyView<SecuritySectionProps>;
}

/** Extension point for cards on the Security page (SecuritySection). */
export const SECURITY_SECTION_POINT = defineExtensionPoint<SecuritySection>('account/security-section/v1');
