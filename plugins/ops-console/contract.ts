/**
 * The ops console's calls (`/api/ops/…`), shared by the console's pages and its server half.
 * Roles and permissions are the core's (`OPS_ROLES`, `ROLE_PERMISSIONS` in the plugin API's contract).
 */
import type { OpsFactor, OpsRole, WebAuthnJson } from '@portal/plugin-api/contract';

export type { OperatorMe, OpsFactor } from '@portal/plugin-api/contract';

export const OPS_CALLS = {
  signIn: '/sign-in',
  signInPasskeyOptions: '/sign-in/passkey/options',
  signInPasskey: '/sign-in/passkey',
  signInTotp: '/sign-in/totp',
  signOut: '/sign-out',
  me: '/me',
  confirmPasskeyOptions: '/confirm/passkey/options',
  confirm: '/confirm',
  enrolCheck: '/enrol/check',
  enrolTotp: '/enrol/totp',
  enrolPasskeyOptions: '/enrol/passkey/options',
  enrolComplete: '/enrol/complete',
  operators: '/operators',
  audit: '/audit',
  auditExport: '/audit/export',
} as const;

/** `POST /sign-in` with a right password: the second step's methods. */
export interface OpsSignInStep {
  methods: OpsFactor[];
}

/** A second factor's answer: an authenticator app's code, or a passkey's assertion or attestation. */
export type OpsFactorProof = { type: 'totp'; code: string } | { type: 'passkey'; response: WebAuthnJson };

export type OperatorStatus = 'invited' | 'active' | 'disabled';

export interface OperatorItem {
  id: string;
  email: string;
  role: OpsRole;
  status: OperatorStatus;
  createdAt: number;
  createdBy: string;
  lastSignInAt: number | null;
}

/** `POST /operators` (admin, confirmed): an invitation by mail. */
export interface OperatorInviteRequest {
  email: string;
  role: OpsRole;
  reason: string;
}

/** `PUT /operators/:id` (admin, confirmed): a new role, or `disabled`. */
export interface OperatorChangeRequest {
  role?: OpsRole;
  disabled?: boolean;
  reason: string;
}

/** `POST /enrol/check`: whose invitation the link is. */
export interface OpsEnrolment {
  email: string;
  role: OpsRole;
}

/** `POST /enrol/totp`: the authenticator app's secret, to scan or type. */
export interface OpsTotpSecret {
  secret: string;
  uri: string;
}

/** `POST /enrol/complete`. */
export interface OpsEnrolRequest {
  token: string;
  password: string;
  factor: OpsFactorProof;
}

/** One line of the audit log. */
export interface AuditEntry {
  id: string;
  at: number;
  actorId: string;
  actorEmail: string;
  actorRole: string;
  action: string;
  target: string;
  reason: string | null;
  before: unknown;
  after: unknown;
}

/** `GET /audit`: newest first, `next` for the following page. */
export interface AuditPage {
  items: AuditEntry[];
  next: string | null;
}

/** Filters of `GET /audit` and `GET /audit/export`. */
export interface AuditQuery {
  actor?: string;
  target?: string;
  /** Epoch ms, inclusive. */
  since?: number;
  until?: number;
  cursor?: string;
}

/** Longest password an operator may choose; shortest. */
export const OPS_PASSWORD_MIN = 12;
export const OPS_PASSWORD_MAX = 128;
