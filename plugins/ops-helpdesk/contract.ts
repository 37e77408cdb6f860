/**
 * The help desk's calls in the ops console's API (`/api/ops/helpdesk/…`, issue 28 section 4),
 * shared by its section and its server half.
 */
import type { AccountFact, MfaType, RegionCode, SecurityEvent } from '@portal/plugin-api/contract';

export const HELPDESK_CALLS = {
  /** `POST` `{ email }`: the account's state, or `{ account: null }`. A POST keeps the address out of URLs and logs. */
  lookup: '/helpdesk/lookup',
  unlock: '/helpdesk/unlock',
  resendActivation: '/helpdesk/resend-activation',
  signOut: '/helpdesk/sign-out',
  removeTwoFactor: '/helpdesk/remove-two-factor',
  revokeTrustedDevices: '/helpdesk/revoke-trusted-devices',
} as const;

/** What the help desk may do for a person; each needs the `helpdesk` permission and a reason. */
export const HELPDESK_ACTIONS = ['unlock', 'resendActivation', 'signOut', 'removeTwoFactor', 'revokeTrustedDevices'] as const;
export type HelpdeskAction = (typeof HELPDESK_ACTIONS)[number];

/** Actions that ask for a fresh second factor first (`fresh: true` on the server). */
export const DANGEROUS_ACTIONS: ReadonlySet<HelpdeskAction> = new Set<HelpdeskAction>(['removeTwoFactor']);

/** One signed-in session of the account, as the help desk sees it. */
export interface HelpdeskSession {
  createdAt: number;
  lastActiveAt: number;
  expiresAt: number;
  browser: string | null;
  os: string | null;
  ip: string | null;
}

/** An account's state, as the help desk shows it. */
export interface HelpdeskAccount {
  id: string;
  email: string;
  region: RegionCode;
  name: string;
  language: string;
  createdAt: number;
  /** Pending: registered, its activation mail not followed yet. */
  status: 'active' | 'pending';
  activationSentAt: number | null;
  /** Until when wrong passwords keep it locked (epoch ms); null: not locked now. */
  lockedUntil: number | null;
  /** Until when wrong second-factor codes keep its sign-in step locked; null: not locked now. */
  codeLockedUntil: number | null;
  twoFactor: { enabled: boolean; methods: MfaType[] };
  sessions: HelpdeskSession[];
  /** What the installed features know of it (passkeys, recovery codes, trusted browsers, company). */
  facts: AccountFact[];
  /** Its most recent security activity, newest first. */
  activity: SecurityEvent[];
}

/** `POST /helpdesk/lookup`: the account, or null when no account has this address in any region. */
export interface HelpdeskLookup {
  account: HelpdeskAccount | null;
}

/** Every action's body: whose account, and why (recorded in the audit log). */
export interface HelpdeskActionRequest {
  email: string;
  reason: string;
}

/** An action's answer: what it did, how many things it ended (sessions, devices), and the account now. */
export interface HelpdeskActionResult {
  done: HelpdeskAction;
  count: number;
  account: HelpdeskAccount;
}

/** `result` of a 409 -10010 from an action: nothing to do for this account now (it changed meanwhile). */
export interface HelpdeskNothingToDo {
  nothingToDo: HelpdeskAction;
}

/** The most recent security events the help desk shows. */
export const HELPDESK_ACTIVITY = 10;
