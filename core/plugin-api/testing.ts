/**
 * The plugin API for tests and stories: harnesses that render a plugin in a portal, canned HTTP,
 * story states and themes, and the seams tests reset between cases. Only `*.test.ts(x)`,
 * `*.stories.tsx` and their helpers import it; nothing here reaches the production build.
 */
export { resetMailLinkTokenForTests } from '../login/mailLink';
export { forgetSessionCodeRenewals } from '../login/sessionCode';
export { resetRegionWhiteList } from '../regions/useRegionWhiteList';
export { buildRegistry } from '../registry/registry';
export { LoginViewStory, pendingHttp } from '../testing/LoginViewStory';
export { cannedHttp, demoUser, StoryPortal } from '../testing/StoryPortal';
export { FAKE_CAPTCHA_TOKEN, fakeCaptcha } from '../testing/fakeCaptcha';
export { testLoginPage } from '../testing/loginHarness';
export { renderPortal, testDeployment, testRegistry } from '../testing/portalHarness';
export type { TestLanguage } from '../testing/testI18n';
export { describeStoryStates } from '../testing/storyStates';
export { GREEN_PARTNER_THEME, withClientTheme } from '../testing/storyThemes';
export { inArabic } from '../testing/storyLanguage';
export { frozenClock } from '../ui/countdown';
export { ToastHost } from '../ui/ToastHost';
export { defaultTheme } from '../../themes/default.theme';
export { midnightTheme } from '../../themes/midnight.theme';
export { initI18n } from '../i18n/i18n';
export { AccountShell } from '../router/AccountShell';
export { RouteView } from '../router/RouteView';
export { createSessionPort, sessionEndedAtom } from '../session/session';
// The session's writers, for arranging and checking a test's session; plugins change it through the capability.
export { appStore, clearSession, regionAtom, saveTokens, setRegion, setUser, tokensAtom, userAtom } from '../session/session';
export { storage } from '../session/storage';
export { accountChanged } from '../session/accountChanged';
export { grantSession } from '../session/grant';
export { stripTokensFromUrl, takeMailLinkToken } from '../session/urlTokens';
export { pluginsById } from '../testing/pluginsById';
export { press, typeInto, until, untilShown, untilText } from '../testing/storyPlay';
export { deferred } from '../testing/deferred';
export { regionCodesKept } from '../testing/regionCodes';
export { cannedOps, type CannedOps, type CannedOpsAnswer, ConsoleFrame, consoleSession, consoleStandIn } from '../testing/consoleKit';
