/**
 * Turning a company's requirement on (or proving a domain while it is on) ends the sessions its
 * people opened some other way (a password, a mailed code, a passkey): the requirement holds from
 * that moment, not only at their next sign-in. Sessions opened at the provider (`fed`) go on.
 */
import { revokeSessions, type ServerContext as Ctx } from '@portal/server-api';
import type { RegionCode } from '@portal/plugin-api/contract';
import { ssoStore } from './tables';

/** The accounts that can sign in at the connection's provider: linked there, or of its proven domains. */
async function peopleOf(ctx: Ctx, connectionId: string): Promise<Array<{ region: RegionCode; accountId: string }>> {
  const db = ssoStore(ctx);
  const people = new Map<string, { region: RegionCode; accountId: string }>();
  for (const l of await db.selectFrom('enterprise_sso_links').select(['account_region', 'account_id']).where('connection_id', '=', connectionId).execute()) {
    people.set(l.account_id, { region: l.account_region, accountId: l.account_id });
  }
  const domains = await db.selectFrom('enterprise_sso_domains').select('domain').where('connection_id', '=', connectionId).where('verified_at', 'is not', null).execute();
  for (const { domain } of domains) {
    // Addresses are stored in lower case; a proven domain holds letters, digits, '-' and '.' only (no LIKE wildcard).
    const pattern = `%@${domain}`;
    const rows = await ctx.stores.global.selectFrom('directory').select(['region', 'account_id']).where('email', 'like', pattern).execute();
    for (const r of rows) people.set(r.account_id, { region: r.region as RegionCode, accountId: r.account_id });
  }
  return [...people.values()];
}

/** Ends every open session of the connection's people that was not opened at its provider; resolves how many. */
export async function endSessionsOutsideProvider(ctx: Ctx, connectionId: string): Promise<number> {
  let ended = 0;
  for (const person of await peopleOf(ctx, connectionId)) {
    const open = await ctx
      .region(person.region)
      .selectFrom('sso_sessions')
      .select(['id', 'auth_methods'])
      .where('account_id', '=', person.accountId)
      .where('revoked_at', 'is', null)
      .execute();
    const other = open.filter((s) => !(s.auth_methods ?? '').split(' ').includes('fed')).map((s) => s.id);
    if (other.length > 0) ended += (await revokeSessions(ctx, person.region, person.accountId, other)).length;
  }
  return ended;
}
