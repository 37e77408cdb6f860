/**
 * Canned switches calls and configs for stories and component tests: answers by `METHOD path`, an
 * ApiError to fail, a function to answer from the body, and every call recorded. The console around
 * the section is a ConsoleContext with a given operator (the console's shell is the ops-console
 * plugin's, never imported here).
 */
import type { ReactNode } from 'react';
import { ApiError, ConsoleContext, definePlugin, OPS_SECTION_POINT, OpsClientContext, type ConsoleSession, type OperatorMe, type OpsClient } from '@portal/plugin-api';
import { pendingHttp, renderPortal, testRegistry } from '@portal/plugin-api/testing';
import type { ConfigVersion, ConfigVersionSummary } from '@portal/plugin-api/contract';
import { SWITCHES_CALLS as C, type SwitchesOverview, type SwitchesPreview, type SwitchesTarget, type VersionsPage } from './contract';
import opsSwitches from './index';
import SwitchesView from './SwitchesView';

export type CannedAnswer = unknown | ApiError | ((body: unknown) => unknown);

export interface CannedOps extends OpsClient {
  calls: Array<{ method: string; path: string; body: unknown }>;
}

/** `answers`: `'GET /switches'`, …; a call with no answer fails as the server would for an unknown path. */
export function cannedOps(answers: Record<string, CannedAnswer>): CannedOps {
  const calls: CannedOps['calls'] = [];
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    calls.push({ method, path, body });
    const key = `${method} ${path}`;
    if (!(key in answers)) throw new ApiError(-10010, 'Unknown API path.', 404);
    const value = answers[key];
    const answer = typeof value === 'function' ? await (value as (b: unknown) => unknown)(body) : value;
    if (answer instanceof ApiError) throw answer;
    return answer as T;
  }
  return { calls, call, download: () => Promise.reject(new ApiError(-10010, 'Unknown API path.', 404)) };
}

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

/** Stands in for the ops-console plugin, which declares the point the section goes to. */
const consoleStandIn = definePlugin({
  id: 'ops-console',
  register(ctx) {
    ctx.declareExtensionPoint(OPS_SECTION_POINT);
  },
});

/** The registry of the switches' tests and stories. */
export const switchesRegistry = () => testRegistry([consoleStandIn, opsSwitches]);

/** The console around the section: an operator, and a confirmation that `confirms` (default: yes). */
export function consoleSession(me: OperatorMe, confirms = true): ConsoleSession & { confirmations: number } {
  const session = {
    me,
    confirmations: 0,
    reload: () => Promise.resolve(),
    confirm: () => {
      session.confirmations++;
      return Promise.resolve(confirms);
    },
    signOut: () => Promise.resolve(),
  };
  return session;
}

export function SwitchesFrame({ session, ops, children }: { session: ConsoleSession; ops: OpsClient; children: ReactNode }) {
  return (
    <OpsClientContext.Provider value={ops}>
      <ConsoleContext.Provider value={session}>{children}</ConsoleContext.Provider>
    </OpsClientContext.Provider>
  );
}

/** Component tests' way in: the switches for `me`, with canned calls. */
export async function renderSwitches(me: OperatorMe, answers: Record<string, CannedAnswer>, confirms = true) {
  const ops = cannedOps(answers);
  const session = consoleSession(me, confirms);
  const registry = await switchesRegistry();
  const result = renderPortal(
    <SwitchesFrame session={session} ops={ops}>
      <SwitchesView />
    </SwitchesFrame>,
    { registry, http: pendingHttp, path: '/ops/switches' },
  );
  return { ...result, ops, session };
}
