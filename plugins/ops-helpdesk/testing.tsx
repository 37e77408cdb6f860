/**
 * Help-desk accounts for stories and component tests, and the section in the console's frame
 * (`@portal/plugin-api/testing`: canned calls, the operator's session; the ops-console plugin's shell
 * is that plugin's, never imported here).
 */
import { MFA_TYPES, type OperatorMe } from '@portal/plugin-api';
import { cannedOps, ConsoleFrame, consoleSession, consoleStandIn, pendingHttp, renderPortal, testRegistry, type CannedOpsAnswer } from '@portal/plugin-api/testing';
import type { HelpdeskAccount } from './contract';
import HelpdeskView from './HelpdeskView';
import opsHelpdesk from './index';

export type { CannedOps } from '@portal/plugin-api/testing';
export type CannedAnswer = CannedOpsAnswer;
export { cannedOps, consoleSession };

export const SUPPORT_ME: OperatorMe = { id: 'op-2', email: 'sam.support@vendor.example', role: 'support', permissions: ['read', 'helpdesk'], passkeys: 1, totp: true, confirmedUntil: 0 };
export const VIEWER_ME: OperatorMe = { id: 'op-3', email: 'vik.viewer@vendor.example', role: 'viewer', permissions: ['read'], passkeys: 0, totp: true, confirmedUntil: 0 };

const at = Date.UTC(2026, 10, 28, 9, 30);

/** A locked account with two-factor authentication, a passkey, trusted browsers, two sessions and a company. */
export const LOCKED: HelpdeskAccount = {
  id: 'acc-1',
  email: 'ada.lovelace@example.com',
  region: 'Euw',
  name: 'Ada Lovelace',
  language: 'de_DE',
  createdAt: at - 400 * 86_400_000,
  status: 'active',
  activationSentAt: null,
  lockedUntil: at + 25 * 60_000,
  codeLockedUntil: null,
  twoFactor: { enabled: true, methods: [MFA_TYPES.email, MFA_TYPES.totp] },
  sessions: [
    { createdAt: at - 2 * 86_400_000, lastActiveAt: at - 3_600_000, expiresAt: at + 86_400_000, browser: 'Chrome 131', os: 'Windows', ip: '203.0.113.9' },
    { createdAt: at - 5 * 86_400_000, lastActiveAt: at - 86_400_000, expiresAt: at + 86_400_000, browser: 'Safari 17', os: 'iOS', ip: '198.51.100.20' },
  ],
  facts: [
    { id: 'passkeys', count: 1, items: [{ name: 'MacBook Touch ID', at: at - 7 * 86_400_000 }] },
    { id: 'recoveryCodes', count: 7 },
    { id: 'trustedDevices', count: 2, items: [{ name: 'Chrome 131, Windows', at: at - 3_600_000 }, { name: 'Firefox 133, Linux', at: at - 9 * 86_400_000 }] },
    { id: 'company', count: 1, items: [{ name: 'Contoso Engineering', at: at - 200 * 86_400_000 }] },
  ],
  activity: [
    { id: 'e3', kind: 'account_locked', at: at - 5 * 60_000, ip: '192.0.2.77', country: 'FR', city: null, browser: 'Firefox 133', os: 'Linux', detail: null },
    { id: 'e2', kind: 'sign_in_failure', at: at - 6 * 60_000, ip: '192.0.2.77', country: 'FR', city: null, browser: 'Firefox 133', os: 'Linux', detail: { reason: 'password' } },
    { id: 'e1', kind: 'sign_in_success', at: at - 3_600_000, ip: '203.0.113.9', country: 'DE', city: 'Berlin', browser: 'Chrome 131', os: 'Windows', detail: null },
  ],
};

/** The same account once unlocked by the help desk. */
export const UNLOCKED: HelpdeskAccount = {
  ...LOCKED,
  lockedUntil: null,
  activity: [{ id: 'e4', kind: 'account_unlocked', at, ip: null, country: null, city: null, browser: null, os: null, detail: { by: 'helpdesk' } }, ...LOCKED.activity],
};

/** Registered, not activated: no session, nothing set up. */
export const PENDING: HelpdeskAccount = {
  id: 'acc-2',
  email: 'new.person.with.a.rather.long.address@subsidiary.example.co.uk',
  region: 'Aps',
  name: '',
  language: 'ja_JP',
  createdAt: at - 86_400_000,
  status: 'pending',
  activationSentAt: at - 86_400_000,
  lockedUntil: null,
  codeLockedUntil: null,
  twoFactor: { enabled: false, methods: [] },
  sessions: [],
  facts: [
    { id: 'passkeys', count: 0, items: [] },
    { id: 'recoveryCodes', count: 0 },
    { id: 'trustedDevices', count: 0, items: [] },
    { id: 'company', count: 0, items: [] },
  ],
  activity: [],
};

/** The registry of the help desk's tests and stories. */
export const helpdeskRegistry = () => testRegistry([consoleStandIn, opsHelpdesk]);

export { ConsoleFrame as HelpdeskFrame };

/** Component tests' way in: the help desk for `me`, with canned calls. */
export async function renderHelpdesk(me: OperatorMe, answers: Record<string, CannedAnswer>, confirms = true) {
  const ops = cannedOps(answers);
  const session = consoleSession(me, confirms);
  const registry = await helpdeskRegistry();
  const result = renderPortal(
    <ConsoleFrame session={session} ops={ops}>
      <HelpdeskView />
    </ConsoleFrame>,
    { registry, http: pendingHttp, path: '/ops/helpdesk' },
  );
  return { ...result, ops, session };
}
