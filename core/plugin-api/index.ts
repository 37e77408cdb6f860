/**
 * The plugin API (`@portal/plugin-api`, a workspace package: core/plugin-api/package.json): what a
 * plugin may use from the core, and the only core module a plugin imports
 * (`import { definePlugin, usePortal } from '@portal/plugin-api'`). Its siblings are entry points of
 * the same API for places with other needs: `/config` (config shapes only, for a plugin's
 * `config.ts`, which the server loads too), `/contract` (the HTTP API's types and constants, also for
 * a plugin's server half), `/modal` (the dialog alone, to load lazily), `/start` (a start script's few
 * pure helpers) and `/testing` (harnesses for tests and stories, never in the build).
 *
 * The surface is deliberate and recorded: api/*.api.md (`npm run api:report`), with a CHANGELOG.md
 * and a semver version. The session is changed only through the capability the core grants
 * (`RegisterContext.session`, `usePortal().session`); plugins read it through read-only atoms.
 * Whatever is not exported here is the core's own and may change without notice; `npm run lint`
 * refuses a plugin import of anything else under core/ (eslint.config.mjs).
 *
 * @packageDocumentation
 */

// Declaring a plugin, its settings and its contributions.
export { definePlugin } from '../registry/definePlugin';
export { type PluginConfigRef } from './configRef';
export { usePluginConfig } from './pluginConfig';
export { type Shape } from '../config/shape';
export { EXTERNAL_BROWSER_POINT, type ExternalBrowser, type ExternalOpenResult, SIGN_OUT_POINT, type SignOutOverride } from '../registry/corePoints';
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
export { SharedReadsScope } from '../http/SharedReadsScope';
export { FORCED_SIGN_OUT_CODES, HttpClient } from '../http/client';
export { type Portal, type PortalServices, useDeploymentConfig, useHttp, usePortal } from '../app/context';

// The API contract: request and response types, error codes, shared constants.
export * from './contract';

// The session: read-only atoms, and the capability the core grants to change it.
export { type HandOffTokens, type PortalSession, type SessionGrant, regionView as regionAtom, signedInAtom, storedLanguage, userView as userAtom } from '../session/grant';
export { onAccountChanged } from '../session/accountChanged';

// Routing, guards and invitations.
export { PluginBoundary } from '../router/PluginBoundary';
export { codeIsUnusable, INVITE_STATUS_UNREGISTERED } from '../router/coreGuards';
export { type Guard, type GuardContext, type GuardedRoute, type GuardOutcome, next } from '../router/guardTypes';
export { lazyView } from '../router/lazyView';
export { isAllowedRedirect } from '../router/redirects';
export { clearInvite, type InviteInfo as SavedInvite, loadInvite, saveInvite } from '../session/invite';
export { clearInviteRefusal, type InviteGuardReason, inviteRefusal, refuseInvite } from '../session/invite';
export { takeCapturedParams } from '../session/urlTokens';

// The login page: view host services, extension points, interrupts, mailed links.
export {
  type EmailSentData,
  type InterruptComponent,
  type InterruptedCall,
  type InterruptProps,
  LOGIN_INTERRUPT_POINT,
  LOGIN_SLOT_POINT,
  LOGIN_VIEWS,
  type LockedData,
  type LoginInterrupt,
  type LoginPageServices,
  type LoginSlot,
  SECOND_FACTOR_METHOD_POINT,
  type SecondFactorMethod,
  type SecondFactorMethodProps,
  REGISTER_METHOD_POINT,
  type RegisterMethod,
  SIGN_IN_FIELDS_POINT,
  SIGN_IN_METHOD_POINT,
  type SignInFields,
  type SignInMethod,
  type SignInMethodProps,
  SIGN_IN_REALM_POINT,
  type SignInRealm,
  type SignInRealmMatch,
} from '../login/types';
export { MFA_STEP_PART_POINT, type MfaStepPart, type MfaStepPartProps } from '../login/mfaStepParts';
export { LoginPageContext, useLoginPage } from '../login/LoginPageContext';
export { type InterruptibleCall, type InterruptibleCallOptions, useInterruptibleCall } from '../login/useInterruptibleCall';
export { fetchAllowList, handOffAfterSignIn, handOffUrl, signedInDestination, type SignedInDestination } from '../login/handOff';
export { renewedSessionCode, renewSessionCode, sessionCodeOf } from '../login/sessionCode';
export { formatLockDuration, type LockDuration } from '../login/lockDuration';
export { carryLoginParams, takeCarriedLoginParams } from '../login/carry';
export { LinkChecking, LinkSection } from '../login/LinkPage';
export { type ExternalProofSignIn, type ExternalProofSignInOptions, useExternalProofSignIn } from '../login/useExternalProofSignIn';
export { ExternalCreateForm, type ExternalCreateFormProps, type ExternalCreateTexts, ExternalLinkForm, type ExternalLinkFormProps, type ExternalNewAccount } from '../login/ExternalIdentityForms';
export { forgetMailLinkToken, loginSessionHeaders, mailLinkToken, signInAfterMailLink } from '../login/mailLink';
export { activationMailSent } from '../login/notActivated';
export { useRenewMailLink } from '../login/useRenewMailLink';

// Screens other plugins add to the Company pages.
export { COMPANY_SECTION_POINT, type CompanySection, type CompanySectionProps } from '../company/sections';
// Cards other plugins add to the Security page.
export { SECURITY_SECTION_POINT, type SecuritySection, type SecuritySectionProps } from '../security/sections';
// The lines of the Security page's overview, one per plugin, and how a line shows its state.
export { SECURITY_SUMMARY_POINT, type SecuritySummaryLine, type SecuritySummaryProps } from '../security/summary';
export { SecuritySummaryState, type SecuritySummaryTone } from '../security/SecuritySummaryState';

// Languages and locale namespaces.
export { changeLanguage, currentLanguage, i18n, showLanguage } from '../i18n/i18n';
export { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_CODES, languageByCode, type LanguageCode, matchBrowserLanguage } from '../i18n/languages';
export { addNamespace, localeFile, type Messages, type NamespaceLoader } from '../i18n/namespaces';
export { isolate, withoutIsolation } from '../i18n/bidi';
export { formatNumber, intlLocale } from '../i18n/numbers';
export { formatMoment } from '../i18n/dates';
export { type MomentFormatter, useFormatMoment } from '../i18n/useFormatMoment';
export { useIntlLocale } from '../i18n/useIntlLocale';
export { type ErrorMessageKey, type KeyOf, type MessageKey, type Namespace, namespaceOf, type PortalNamespaces, translateDataKey, type TranslationKey } from '../i18n/resources';

// The UI kit: primitives, layout, focus and media helpers, toasts, dialogs.
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from '../ui/Button';
export { Checkbox, type CheckboxProps } from '../ui/Checkbox';
export { CodeInput, type CodeInputProps } from '../ui/CodeInput';
export { describedBy, FieldError, FieldHint } from '../ui/FieldMessages';
export { focusForReading, focusRing, focusTargetCss, focusTargetHeadingsCss } from '../ui/focusRing';
export { kindColor, KindIcon, type MessageKind } from '../ui/kindIcons';
export { LoadFailed, LoadingLine } from '../ui/loadState';
export { LoadingImage, type LoadingImageProps } from '../ui/LoadingImage';
export { Notice, type NoticeProps } from '../ui/Notice';
export { cardCss, CellLabel, CONTENT_WIDTH, PageCard, ReadOnlyValue, stackedTableCss } from '../ui/page';
export { LANGUAGE_MENU_MAX_HEIGHT, LanguageMenu } from '../ui/LanguageMenu';
export { PortalHeader } from '../ui/PortalHeader';
export { StandaloneCard } from '../ui/StandaloneCard';
export { ADDRESS_MARK, EmailAddress, longValueCss, withEmailAddress } from '../ui/EmailAddress';
export { atLeast, below, media, useViewportWidth } from '../ui/media';
export { type SelectOption } from '../ui/selectFilter';
export { Spinner } from '../ui/Spinner';
export { TextArea, type TextAreaProps } from '../ui/TextArea';
export { TextField, type TextFieldProps } from '../ui/TextField';
export { dismissToast, getToast, toast, type ToastItem, type ToastKind, type ToastOptions } from '../ui/toastStore';
export { Truncate, type TruncateProps } from '../ui/Truncate';
export { VisuallyHidden, visuallyHiddenStyle } from '../ui/VisuallyHidden';
export { Modal } from '../ui/Modal';
export { Select } from '../ui/Select';
export { StrengthMeter } from '../ui/StrengthMeter';
export { ClockContext, useCountdown } from '../ui/countdown';
export { iconButtonStyle } from '../ui/iconButton';

// Uploads, regions and validation rules.
export { AVATAR_RULE, checkFile, type FileProblem, LICENSE_RULE } from '../files/checkFile';
export { md5Hex, md5OfFile } from '../files/md5';
export { saveBlob } from '../files/saveBlob';
export { CountryRegionSelect } from '../regions/CountryRegionSelect';
export { countryNamer, regionOfCountry } from '../regions/countryRegions';
export { useRegionWhiteList } from '../regions/useRegionWhiteList';
export { checkEmail, checkLoginPassword, isValidationMessage, type ValidationMessage } from '../validation/checks';
export { companyIdRule, emailRule, genericPhoneRule, ILLEGAL_CHARACTERS, isBmpOnly, LIMITS, loginPasswordRule, mfaCodeRule, MSG, nameRule, postCodeRule, registerPasswordRange, registerPasswordRule, registerPhoneRule, termsRule, urlRule } from '../validation/rules';
export { type FieldChecks, useLightForm } from '../validation/useLightForm';
export { FORM_VALIDATION, useEditedBlur } from '../validation/editedBlur';

// The ops console: its client, the signed-in operator, dangerous actions and sections.
export { fetchOpsClient, needsConfirmation, type OpsClient, OpsClientContext, useOps } from '../console/opsClient';
export { type ConsoleSession, ConsoleContext, OPS_SECTION_POINT, type OpsSection, runConfirmed, useConsole } from '../console/consoleSession';
export { pluginMenuEntries, type PluginMenuEntry } from '../console/pluginMenus';

// Themes.
export { type ThemeTokens } from '../../themes/tokens';
export { clientTheme } from '../../themes/whiteLabel';
