/**
 * The ops console around a section, for the sections' stories and component tests (each console
 * section is its own plugin and never imports the ops-console plugin): canned console calls, the
 * signed-in operator's session, both as the console provides them, and a stand-in that declares the
 * point sections go to.
 */
import type { ReactNode } from 'react';
import { OPS_SECTION_POINT, ConsoleContext, type ConsoleSession } from '../console/consoleSession';
import { OpsClientContext, type OpsClient } from '../console/opsClient';
import type { OperatorMe } from '../contract/ops';
import { ApiError } from '../http/ApiError';
import { definePlugin } from '../registry/definePlugin';

/** An answer: a value, an ApiError to fail with, or a function of the body (a promise that never settles: loading). */
export type CannedOpsAnswer = unknown | ApiError | ((body: unknown) => unknown);

/** A console client with canned answers that records every call. */
export interface CannedOps extends OpsClient {
  calls: Array<{ method: string; path: string; body: unknown }>;
}

/** `answers` by `'METHOD path'` (`'GET /switches'`); a call with no answer fails as the server would for an unknown path. */
export function cannedOps(answers: Record<string, CannedOpsAnswer>): CannedOps {
  const calls: CannedOps['calls'] = [];
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    calls.push({ method, path, body });
    const key = `${method} ${path}`;
    if (!(key in answers)) throw new ApiError(-10010, 'Unknown API path.', 404);
    const value = answers[key];
    const answer = await (typeof value === 'function' ? (value as (b: unknown) => unknown)(body) : value);
    if (answer instanceof ApiError) throw answer;
    return answer as T;
  }
  return { calls, call, download: async (path) => new Blob([JSON.stringify(await call<unknown>('GET', path))], { type: 'application/x-ndjson' }) };
}

/** The signed-in operator's session; its `confirm()` answers `confirms` and counts how often it was asked. */
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

/** A section as the console mounts it: its client and its operator's session around it. */
export function ConsoleFrame({ session, ops, children }: { session: ConsoleSession; ops: OpsClient; children: ReactNode }) {
  return (
    <OpsClientContext.Provider value={ops}>
      <ConsoleContext.Provider value={session}>{children}</ConsoleContext.Provider>
    </OpsClientContext.Provider>
  );
}

/** Stands in for the ops-console plugin in a section's registry: it declares the point sections go to. */
export const consoleStandIn = definePlugin({
  id: 'ops-console',
  register(ctx) {
    ctx.declareExtensionPoint(OPS_SECTION_POINT);
  },
});
