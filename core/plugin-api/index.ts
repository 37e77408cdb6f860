/**
 * The plugin API: everything a plugin may use from the core, and the only core module a
 * plugin imports (`import { definePlugin, usePortal } from '@portal/plugin-api'`).
 * Its siblings are entry points of the same API for places with other needs:
 * `@portal/plugin-api/config` (config shapes only, for a plugin's `config.ts`, which the
 * server loads too) and `@portal/plugin-api/testing` (harnesses for tests and stories, never
 * in the build). Whatever is not exported here is the core's own and may change without notice;
 * `npm run lint` refuses a plugin import of anything else under core/ (eslint.config.mjs).
 */

// Declaring a plugin, its settings and its contributions.
export { definePlugin } from '../registry/definePlugin';
export * from './config';
export { usePluginConfig } from './pluginConfig';
export { SIGN_OUT_POINT, type SignOutOverride } from '../registry/corePoints';
export { defineExtensionPoint, type ExtensionPoint } from '../registry/extensionPoints';
export { type Owned, type Registry } from '../registry/registry';
export type {
  BootstrapContext,
  ContributionApi,
  ErrorContext,
  ErrorHandler,
  ErrorHandlerContribution,
  LazyView,
  LoginViewContribution,
  LoginViewProps,
  MenuContext,
  MenuEntry,
  PluginDefinition,
  PluginManifest,
  PrioritisedErrorHandler,
  RegisterContext,
  RouteContribution,
  RouteParent,
} from '../registry/types';

// Services a view reaches through hooks.
export { releaseBootShell } from '../app/BootShellRelease';
export { pageThemeAtom } from '../app/pageTheme';
export { messageKeyFor } from '../errors/catalogue';
export { errorMessage, type ErrorMessageT } from '../errors/message';
export { useErrorHandler } from '../errors/useErrorHandler';
export { ApiError, isAbortError, toApiError } from '../http/ApiError';
export { type Loaded, useLoaded } from '../http/useLoaded';
export { FORCED_SIGN_OUT_CODES, HttpClient } from '../http/client';
export { useDeploymentConfig, useHttp, usePortal } from '../app/context';

// The API contract: request and response types, error codes, shared constants.
export * from './contract';

// Routing, guards and the session.
export { PluginBoundary } from '../router/PluginBoundary';
export { codeIsUnusable, INVITE_STATUS_UNREGISTERED } from '../router/coreGuards';
export { type Guard, type GuardContext, type GuardedRoute, type GuardOutcome, next } from '../router/guardTypes';
export { lazyView } from '../router/lazyView';
export { isAllowedRedirect } from '../router/redirects';
export { accountChanged, accountChangedAtom } from '../session/accountChanged';
export { clearInvite, type InviteInfo as SavedInvite, loadInvite, saveInvite } from '../session/invite';
export { clearInviteRefusal, type InviteGuardReason, inviteRefusal, refuseInvite } from '../session/invite';
export { appStore, clearSession, regionAtom, saveTokens, setRegion, setUser, tokensAtom, userAtom } from '../session/session';
export { signOut } from '../session/signOut';
export { storage } from '../session/storage';
export { takeCapturedParams } from '../session/urlTokens';

// The login page: view host services, interrupts, mailed links.
export * from '../login';
export { LinkChecking, LinkSection } from '../login/LinkPage';
export { forgetMailLinkToken, loginSessionHeaders, mailLinkToken, signInAfterMailLink } from '../login/mailLink';
export { useRenewMailLink } from '../login/useRenewMailLink';

// Cards other plugins add to the Security page.
export { SECURITY_SECTION_POINT, type SecuritySection, type SecuritySectionProps } from '../security/sections';

// Languages and locale namespaces.
export { changeLanguage, chooseLanguage, currentLanguage, i18n, showLanguage } from '../i18n/i18n';
export { DEFAULT_LANGUAGE, isLanguageCode, languageByCode, type LanguageCode, LANGUAGES, matchBrowserLanguage } from '../i18n/languages';
export { addNamespace, localeFile } from '../i18n/namespaces';
export { isolate, withoutIsolation } from '../i18n/bidi';
export { formatNumber, intlLocale } from '../i18n/numbers';
export { formatMoment } from '../i18n/dates';
export { useIntlLocale } from '../i18n/useIntlLocale';
export { useFormatNumber } from '../i18n/useFormatNumber';
export { type ErrorMessageKey, type KeyOf, type MessageKey, type Namespace, namespaceOf, type PortalNamespaces, translateDataKey, type TranslationKey } from '../i18n/resources';

// UI primitives, themes, uploads, regions and validation rules.
export * from '../ui';
export { AVATAR_RULE, checkFile, type FileProblem, LICENSE_RULE } from '../files/checkFile';
export { md5Hex, md5OfFile } from '../files/md5';
export { CountryRegionSelect } from '../regions/CountryRegionSelect';
export { countryNamer, regionOfCountry } from '../regions/countryRegions';
export { useRegionWhiteList } from '../regions/useRegionWhiteList';
export { Modal } from '../ui/Modal';
export { Select } from '../ui/Select';
export { StrengthMeter } from '../ui/StrengthMeter';
export { ClockContext, useCountdown } from '../ui/countdown';
export { iconButtonStyle } from '../ui/iconButton';
export { checkEmail, checkLoginPassword, isValidationMessage, type ValidationMessage } from '../validation/checks';
export { companyIdRule, emailRule, genericPhoneRule, ILLEGAL_CHARACTERS, isBmpOnly, LIMITS, loginPasswordRule, mfaCodeRule, MSG, nameRule, postCodeRule, registerPasswordRange, registerPasswordRule, registerPhoneRule, termsRule, urlRule } from '../validation/rules';
export { type FieldChecks, useLightForm } from '../validation/useLightForm';
export { type ThemeTokens } from '../../themes/tokens';
export { clientTheme } from '../../themes/whiteLabel';
