/**
 * An account's state as the help desk shows it: the core's columns (activation, locks, two-step
 * methods, sessions, recent activity) and what each installed feature answers through the
 * `accountFacts` point.
 */
import { readUserAgent, type AccountFact, type RegionCode } from '@portal/plugin-api/contract';
import { listSecurityEvents, sessionExpiry, type AccountTable, type ServerContext as Ctx } from '@portal/server-api';
import { HELPDESK_ACTIVITY, type HelpdeskAccount, type HelpdeskSession } from '../contract';

async function liveSessions(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<HelpdeskSession[]> {
  const rows = await ctx.region(region).selectFrom('sso_sessions').selectAll().where('account_id', '=', account.id).where('revoked_at', 'is', null).orderBy('last_active_at', 'desc').execute();
  const now = ctx.now();
  return rows
    .filter((s) => sessionExpiry(s, account) > now)
    .map((s) => {
      const ua = readUserAgent(s.user_agent);
      return { createdAt: s.created_at, lastActiveAt: s.last_active_at, expiresAt: sessionExpiry(s, account), browser: ua.browser, os: ua.os, ip: s.ip };
    });
}

/** A lock's end while it holds, else null. */
const inForce = (ctx: Ctx, until: number | null): number | null => (until !== null && until > ctx.now() ? until : null);

export async function describeAccount(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<HelpdeskAccount> {
  const facts: AccountFact[] = [];
  // Every feature ever installed answers, whatever the switches say: its rows are the account's all the same.
  for (const source of ctx.extensions.all('accountFacts')) facts.push(...(await source.facts(ctx, region, account.id)));
  const [sessions, activity] = await Promise.all([liveSessions(ctx, region, account), listSecurityEvents(ctx, region, account.id, HELPDESK_ACTIVITY, null)]);
  return {
    id: account.id,
    email: account.email,
    region,
    name: [account.first_name, account.last_name].filter(Boolean).join(' '),
    language: account.language,
    createdAt: account.created_at,
    status: account.activated_at === null ? 'pending' : 'active',
    activationSentAt: account.activation_sent_at,
    lockedUntil: inForce(ctx, account.locked_until),
    codeLockedUntil: inForce(ctx, account.mfa_locked_until),
    twoFactor: { enabled: account.mfa_enabled === 1, methods: account.mfa_enabled === 1 ? methodsOf(ctx, account) : [] },
    sessions,
    facts,
    activity: activity.events,
  };
}

/** The methods set up, whether or not their plugin is on in the region now. */
function methodsOf(ctx: Ctx, account: AccountTable) {
  return ctx.extensions.all('secondFactorMethods').filter((m) => m.bound(account)).map((m) => m.type);
}

/** What the audit log keeps of the state before and after an action: no personal data beyond the counts. */
export function auditState(account: HelpdeskAccount) {
  const count = (id: string) => account.facts.find((f) => f.id === id)?.count;
  return {
    status: account.status,
    lockedUntil: account.lockedUntil,
    codeLockedUntil: account.codeLockedUntil,
    twoFactor: account.twoFactor.methods,
    sessions: account.sessions.length,
    trustedDevices: count('trustedDevices') ?? null,
    recoveryCodes: count('recoveryCodes') ?? null,
  };
}
