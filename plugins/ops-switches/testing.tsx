/**
 * The switches' configs and versions for stories and component tests, and the section in the
 * console's frame (`@portal/plugin-api/testing`: canned calls, the operator's session; the console's
 * shell is the ops-console plugin's, never imported here).
 */
import type { OperatorMe } from '@portal/plugin-api';
import { cannedOps, ConsoleFrame, consoleSession, consoleStandIn, pendingHttp, renderPortal, testRegistry, type CannedOpsAnswer } from '@portal/plugin-api/testing';
import type { ConfigVersion, ConfigVersionSummary } from '@portal/plugin-api/contract';
import { SWITCHES_CALLS as C, type SwitchesOverview, type SwitchesPreview, type SwitchesTarget, type VersionsPage } from './contract';
import opsSwitches from './index';
import SwitchesView from './SwitchesView';

export type { CannedOps } from '@portal/plugin-api/testing';
export type CannedAnswer = CannedOpsAnswer;
export { cannedOps, consoleSession };

export const OPERATOR_ME: OperatorMe = { id: 'op-5', email: 'otto.operator@vendor.example', role: 'operator', permissions: ['read', 'configure'], passkeys: 1, totp: true, confirmedUntil: 0 };
export const VIEWER_ME: OperatorMe = { id: 'op-3', email: 'vik.viewer@vendor.example', role: 'viewer', permissions: ['read'], passkeys: 0, totp: true, confirmedUntil: 0 };

const at = Date.UTC(2026, 10, 28, 9, 30);
const api = { global: '/api', regions: { Use: '/api/region/use', Aps: '/api/region/aps', Euw: '/api/region/euw' }, defaultRegion: 'Euw' };

/** The web's config as version 3 holds it: company off in Use. */
export const WEB_BODY = {
  name: 'default',
  variant: 'web',
  api,
  theme: { name: 'default' },
  defaultLanguage: 'en_US',
  plugins: {
    'sign-in': { enabled: true },
    account: { enabled: true, config: { showAccountId: true } },
    company: { enabled: true },
    mfa: { enabled: true },
    profile: { enabled: true },
    security: { enabled: true },
  },
  regions: { Use: { plugins: { company: { enabled: false } } } },
};

const on = ['sign-in', 'account', 'company', 'mfa', 'profile', 'security'];
const settings = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, id === 'account' ? { showAccountId: true } : null]));

export const VERSIONS: ConfigVersionSummary[] = [
  { target: 'web', version: 3, source: 'console', author: 'otto.operator@vendor.example', authorRole: 'operator', reason: 'Company pages are not offered in North America yet', createdAt: at, changes: [{ path: 'regions.Use', after: { plugins: { company: { enabled: false } } } }], restoredFrom: null },
  { target: 'web', version: 2, source: 'console', author: 'ana.admin@vendor.example', authorRole: 'admin', reason: 'Show the account id to the help desk', createdAt: at - 86_400_000, changes: [{ path: 'plugins.account.config', before: {}, after: { showAccountId: true } }], restoredFrom: null },
  { target: 'web', version: 1, source: 'file', author: 'config/default.json', authorRole: null, reason: 'the file given at start', createdAt: at - 9 * 86_400_000, changes: [], restoredFrom: null },
];

const current: ConfigVersion = { ...VERSIONS[0]!, body: WEB_BODY };

export const WEB: SwitchesTarget = {
  target: 'web',
  current,
  enabled: { Use: on.filter((id) => id !== 'company'), Aps: on, Euw: on },
  settings: { Use: settings(on.filter((id) => id !== 'company')), Aps: settings(on), Euw: settings(on) },
};

const appTarget = (target: 'partner_app_android' | 'partner_app_ios'): SwitchesTarget => ({
  target,
  current: { target, version: 1, source: 'file', author: `config/${target === 'partner_app_ios' ? 'app-ios' : 'app-android'}.json`, authorRole: null, reason: 'the file given at start', createdAt: at - 9 * 86_400_000, changes: [], restoredFrom: null, body: { ...WEB_BODY, variant: 'app', regions: {} } },
  enabled: { Use: on, Aps: on, Euw: on },
  settings: { Use: settings(on), Aps: settings(on), Euw: settings(on) },
});

export const OVERVIEW: SwitchesOverview = { targets: [WEB, appTarget('partner_app_android'), appTarget('partner_app_ios')], plugins: ['sign-in', 'account', 'company', 'mfa', 'profile', 'security', 'passkeys', 'recovery-codes'] };

export const HISTORY: VersionsPage = { versions: VERSIONS, next: null };

/** The server's preview of turning mfa off in Aps. */
export const MFA_OFF_IN_APS: SwitchesPreview = { ok: true, changes: [{ path: 'regions.Aps', after: { plugins: { mfa: { enabled: false } } } }], effect: [{ region: 'Aps', added: [], removed: ['mfa'] }] };

/** The server's refusal of a setting the plugin's shape does not take. */
export const REFUSED: SwitchesPreview = { ok: false, problems: ["field 'plugins.account.config.showAcountId': unknown setting; did you mean 'showAccountId'?"] };

/** The answers of a loaded section: overview and web history. */
export const LOADED = { [`GET ${C.overview}`]: OVERVIEW, [`GET ${C.versions('web')}`]: HISTORY, [`GET ${C.versions('partner_app_android')}`]: { versions: [VERSIONS[2]], next: null } };

/** The registry of the switches' tests and stories. */
export const switchesRegistry = () => testRegistry([consoleStandIn, opsSwitches]);

export { ConsoleFrame as SwitchesFrame };

/** Component tests' way in: the switches for `me`, with canned calls. */
export async function renderSwitches(me: OperatorMe, answers: Record<string, CannedAnswer>, confirms = true) {
  const ops = cannedOps(answers);
  const session = consoleSession(me, confirms);
  const registry = await switchesRegistry();
  const result = renderPortal(
    <ConsoleFrame session={session} ops={ops}>
      <SwitchesView />
    </ConsoleFrame>,
    { registry, http: pendingHttp, path: '/ops/switches' },
  );
  return { ...result, ops, session };
}
