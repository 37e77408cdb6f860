import type { UserInfo } from '../contract/api';
import type { TranslationKey } from '../i18n/resources';
import { defineExtensionPoint } from '../registry/extensionPoints';
import type { LazyView } from '../registry/types';

/** What a line of the Security page's overview is given: the account, and when to load again. */
export interface SecuritySummaryProps {
  /** The signed-in account. */
  user: UserInfo;
  /** Changes whenever a card of the page changed the account's security (SecuritySectionProps.changed): load again. */
  reloadKey: number;
  /** Show times in this zone (stories pin UTC); else the one clock's rule (useFormatMoment). */
  timeZone?: string;
}

/**
 * One line of the overview at the top of the Security page ("Passkeys · 2"): the state a person
 * checks first, at a glance, linking to the card that changes it. Each plugin contributes its own
 * line for its own card, so the page knows no feature; a plugin that is off contributes none, and
 * its line's code loads only with the page.
 */
export interface SecuritySummaryLine {
  /** Place in the overview, lowest first: the page's two-factor line is 0, its last sign-in 100. */
  order: number;
  /** The line's name, the card's subject ("Passkeys"); it links to the card. */
  labelKey: TranslationKey;
  /** The id of the card's heading the line leads to (a PageCard's is `<id>-heading`). */
  headingId: string;
  /** Renders the state: a SecuritySummaryState. */
  view: LazyView<SecuritySummaryProps>;
}

/** Extension point for the lines of the Security page's overview (SecuritySummaryLine). */
export const SECURITY_SUMMARY_POINT = defineExtensionPoint<SecuritySummaryLine>('account/security-summary/v1');
