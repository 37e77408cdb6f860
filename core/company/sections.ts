import type { MyCompany } from '../contract/company';
import type { TranslationKey } from '../i18n/resources';
import { defineExtensionPoint } from '../registry/extensionPoints';
import type { LazyView } from '../registry/types';

/** What a plugin's screen on the Company pages gets: the account's company, as the pages read it. */
export interface CompanySectionProps {
  company: MyCompany;
  /** The company changed: the pages read it again. */
  onChanged(): void;
}

/**
 * A screen another plugin adds to the Company pages (/accountSetting/company), with its tab: e.g.
 * the company's own sign-in. Shown to the company's owner and admins only when `managersOnly`, and
 * only for a certified company when `certifiedOnly`; the server refuses the rest anyway.
 */
export interface CompanySection {
  /** Its path under the Company pages, e.g. '/sign-in'. */
  path: string;
  labelKey: TranslationKey;
  order: number;
  managersOnly?: boolean;
  certifiedOnly?: boolean;
  view: LazyView<CompanySectionProps>;
}

/** Extension point for screens on the Company pages (CompanySection). */
export const COMPANY_SECTION_POINT = defineExtensionPoint<CompanySection>('account/company-section/v1');
