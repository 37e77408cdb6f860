/**
 * The ops console's contract (issue 28): operators' roles and what each may do. The server's
 * `/api/ops` scope enforces it on every route (server/ops/consoleScope.ts); the console's pages
 * use it only to hide what the operator may not do.
 */

/**
 * Operator roles: viewer reads everything; operator changes switches, services and branding;
 * support acts for users; admin manages operators and the deployment's own fields.
 */
export const OPS_ROLES = ['viewer', 'operator', 'support', 'admin'] as const;
/** An operator's role (OPS_ROLES). */
export type OpsRole = (typeof OPS_ROLES)[number];

/**
 * What a console route needs: `read` (every role), `configure`, `helpdesk`, `operators`, and
 * `deployment`: a deployment config's fields besides its plugin switches (the redirect allow-list,
 * the official hosts, the API bases, the theme), which decide where users are sent and what the
 * page trusts.
 */
export type OpsPermission = 'read' | 'configure' | 'helpdesk' | 'operators' | 'deployment';

/** What each role may do; the console's scope on the server checks a route's permission against it. */
export const ROLE_PERMISSIONS: Readonly<Record<OpsRole, readonly OpsPermission[]>> = {
  viewer: ['read'],
  operator: ['read', 'configure'],
  support: ['read', 'helpdesk'],
  admin: ['read', 'configure', 'helpdesk', 'operators', 'deployment'],
};

/** Whether `value` names an operator role. */
export function isOpsRole(value: unknown): value is OpsRole {
  return typeof value === 'string' && (OPS_ROLES as readonly string[]).includes(value);
}

/** Whether `role` grants `permission`. */
export function roleMay(role: OpsRole, permission: OpsPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Prefix of the console's API. */
export const OPS_API_PREFIX = '/api/ops';

/** Where the console lives in the browser. */
export const OPS_PATH = '/ops';

/** A dangerous action's confirmation lasts this long after the operator confirmed with a second factor (the server's default; OPS_CONFIRM_SECONDS). */
export const OPS_CONFIRM_MS = 5 * 60_000;

/** `result` of a 403 -20677 from a dangerous action: confirm with a second factor, then repeat. */
export interface OpsConfirmRequired {
  confirm: true;
}

/** `result` of a 403 -40005 from a console route: what the operator's role lacks. */
export interface OpsPermissionDenied {
  needs: OpsPermission;
  role: OpsRole;
  /** For `deployment`: the fields the change would have changed. */
  fields?: string[];
}

/** The second factors an operator may use. */
export type OpsFactor = 'passkey' | 'totp';

/** `GET /api/ops/me`: the signed-in operator. */
export interface OperatorMe {
  id: string;
  email: string;
  role: OpsRole;
  permissions: OpsPermission[];
  passkeys: number;
  totp: boolean;
  /** Until when a dangerous action needs no new confirmation (epoch ms); 0 when it does now. */
  confirmedUntil: number;
}
