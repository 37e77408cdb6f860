/**
 * Canned console calls for stories and component tests: answers by `METHOD path` (the path without
 * its query, or with it when a key names it), an ApiError to fail, a function to answer from the
 * body, and every call recorded.
 */
import { Route } from 'wouter';
import { ApiError, OpsClientContext, type PluginManifest } from '@portal/plugin-api';
import { pendingHttp, renderPortal, testRegistry } from '@portal/plugin-api/testing';
import type { OpsClient } from './api';
import ConsoleApp from './ConsoleApp';
import opsConsole from './index';
import type { AuditEntry, OperatorItem, OperatorMe, OpsEnrolment, OpsTotpSecret } from './contract';

export type CannedAnswer = unknown | ApiError | ((body: unknown) => unknown);

export interface CannedOps extends OpsClient {
  calls: Array<{ method: string; path: string; body: unknown }>;
}

/** `answers`: `'GET /me'`, `'POST /sign-in'`, …; a call with no answer fails as the server would for an unknown path. */
export function cannedOps(answers: Record<string, CannedAnswer>, delayMs = 0): CannedOps {
  const calls: CannedOps['calls'] = [];
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    calls.push({ method, path, body });
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    const key = `${method} ${path}` in answers ? `${method} ${path}` : `${method} ${path.split('?')[0]}`;
    if (!(key in answers)) throw new ApiError(-10010, 'Unknown API path.', 404);
    const value = answers[key];
    const answer = typeof value === 'function' ? (value as (b: unknown) => unknown)(body) : value;
    if (answer instanceof ApiError) throw answer;
    return answer as T;
  }
  return {
    calls,
    call,
    async download(path) {
      return new Blob([JSON.stringify(await call<unknown>('GET', path))], { type: 'application/x-ndjson' });
    },
  };
}

/** Calls that never answer: a view's loading state. */
export const pendingOps: OpsClient = { call: () => new Promise(() => undefined), download: () => new Promise(() => undefined) };

export const ADMIN_ME: OperatorMe = { id: 'op-1', email: 'ana.admin@vendor.example', role: 'admin', permissions: ['read', 'configure', 'helpdesk', 'operators', 'deployment'], passkeys: 1, totp: true, confirmedUntil: 0 };
export const VIEWER_ME: OperatorMe = { id: 'op-3', email: 'vik.viewer@vendor.example', role: 'viewer', permissions: ['read'], passkeys: 0, totp: true, confirmedUntil: 0 };

const at = Date.UTC(2026, 10, 28, 9, 30);
export const OPERATORS: OperatorItem[] = [
  { id: 'op-1', email: 'ana.admin@vendor.example', role: 'admin', status: 'active', createdAt: at - 30 * 86_400_000, createdBy: 'command line', lastSignInAt: at },
  { id: 'op-2', email: 'sam.support@vendor.example', role: 'support', status: 'active', createdAt: at - 9 * 86_400_000, createdBy: 'ana.admin@vendor.example', lastSignInAt: at - 86_400_000 },
  { id: 'op-3', email: 'vik.viewer@vendor.example', role: 'viewer', status: 'invited', createdAt: at - 3_600_000, createdBy: 'ana.admin@vendor.example', lastSignInAt: null },
  { id: 'op-4', email: 'old.operator.with.a.long.address@regional-operations.vendor.example', role: 'operator', status: 'disabled', createdAt: at - 90 * 86_400_000, createdBy: 'ana.admin@vendor.example', lastSignInAt: at - 40 * 86_400_000 },
];

export const AUDIT: AuditEntry[] = [
  { id: '3', at, actorId: 'op-1', actorEmail: 'ana.admin@vendor.example', actorRole: 'admin', action: 'operator.invite', target: 'operator:vik.viewer@vendor.example', reason: 'Reads the dashboards', before: null, after: { email: 'vik.viewer@vendor.example', role: 'viewer', status: 'invited' } },
  { id: '2', at: at - 600_000, actorId: 'op-1', actorEmail: 'ana.admin@vendor.example', actorRole: 'admin', action: 'operator.role', target: 'operator:sam.support@vendor.example', reason: 'Joins the help desk', before: { role: 'viewer' }, after: { role: 'support' } },
  { id: '1', at: at - 86_400_000, actorId: 'cli', actorEmail: 'command line', actorRole: 'cli', action: 'operator.invite', target: 'operator:ana.admin@vendor.example', reason: 'npm run ops:add-admin', before: null, after: { role: 'admin', status: 'invited' } },
];

/** `POST /enrol/check` for the invited viewer. */
export const ENROLMENT: OpsEnrolment = { email: 'vik.viewer@vendor.example', role: 'viewer' };

/** `POST /enrol/totp`: a fixed 32-character base32 secret (20 bytes, as the server makes) and its otpauth address. */
export const TOTP_SECRET: OpsTotpSecret = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Unified%20ID%20console:vik.viewer%40vendor.example?issuer=Unified%20ID%20console&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
};

/** Component tests' way in: the console at a path under /ops, as the portal mounts it (nested under its route), with canned calls. */
export async function renderConsole(path: string, answers: Record<string, CannedAnswer>, sections: PluginManifest[] = []) {
  const ops = cannedOps(answers);
  const registry = await testRegistry([opsConsole, ...sections]);
  const result = renderPortal(
    <OpsClientContext.Provider value={ops}>
      <Route path="/ops" nest>
        <ConsoleApp />
      </Route>
    </OpsClientContext.Provider>,
    { registry, http: pendingHttp, path },
  );
  return { ...result, ops };
}
