/**
 * A company's domains: claimed, then proven by a DNS TXT record the server reads, before the
 * domain routes anyone's sign-in to the company's provider. Off production, records published
 * through `POST /dev/dns-txt` (the development stand-in, in memory) are read before real DNS, so a
 * demo and the tests can prove a domain no one owns.
 */
import { resolveTxt } from 'node:dns/promises';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { fail, isUniqueViolation, isValidEmail, randomToken, type ServerContext as Ctx } from '@portal/server-api';
import type { ClaimedDomain } from '../contract';
import { ssoStore, type DomainTable } from './tables';

/** Where the record lives: a name of the domain's own, so nothing else of the domain's DNS changes. */
export const recordName = (domain: string) => `_unified-id-challenge.${domain}`;
const recordValue = (token: string) => `unified-id-verification=${token}`;

// A hostname of at least two labels (letters, digits, hyphens; IDNs in their xn-- form).
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])$/;

export function normalizeDomain(input: string): string {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  if (!DOMAIN.test(domain)) fail(E.invalidParameter, { field: 'domain' }, 'Not a domain name.');
  return domain;
}

/** The development stand-in's records: name → values. */
const standIn = new Map<string, string[]>();

export function publishStandInRecord(name: string, value: string): void {
  standIn.set(name.toLowerCase(), [...(standIn.get(name.toLowerCase()) ?? []), value]);
}

async function txtRecords(ctx: Ctx, name: string): Promise<string[]> {
  if (!ctx.options.production && standIn.has(name)) return standIn.get(name)!;
  try {
    return (await resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch {
    return []; // no such name, or DNS unreachable: not proven either way
  }
}

export const domainView = (row: DomainTable): ClaimedDomain => ({ domain: row.domain, verified: row.verified_at !== null, record: { name: recordName(row.domain), value: recordValue(row.token) } });

/**
 * Claims a domain for a connection: pending until its DNS record proves it. Claims squat nothing:
 * any company may claim a domain no one has proven (-40032 once one has).
 */
export async function claimDomain(ctx: Ctx, connectionId: string, input: string): Promise<ClaimedDomain> {
  const domain = normalizeDomain(input);
  const db = ssoStore(ctx);
  const proven = await db.selectFrom('enterprise_sso_domains').select('connection_id').where('domain', '=', domain).where('verified_at', 'is not', null).executeTakeFirst();
  if (proven && proven.connection_id !== connectionId) fail(E.domainClaimed);
  const mine = await db.selectFrom('enterprise_sso_domains').selectAll().where('domain', '=', domain).where('connection_id', '=', connectionId).executeTakeFirst();
  if (mine) return domainView(mine);
  const row: DomainTable = { domain, connection_id: connectionId, token: randomToken(24), verified_at: null, created_at: ctx.now() };
  try {
    await db.insertInto('enterprise_sso_domains').values(row).execute();
  } catch (err) {
    // Claimed by this company in a parallel request: the same claim.
    if (isUniqueViolation(err)) return domainView((await db.selectFrom('enterprise_sso_domains').selectAll().where('domain', '=', domain).where('connection_id', '=', connectionId).executeTakeFirstOrThrow()));
    throw err;
  }
  return domainView(row);
}

/**
 * Reads the domain's TXT record; proven when one holds this claim's value (-40031 otherwise, -40032
 * when another company proved it first). The other companies' pending claims of it then end.
 */
export async function verifyDomain(ctx: Ctx, connectionId: string, input: string): Promise<ClaimedDomain> {
  const domain = normalizeDomain(input);
  const db = ssoStore(ctx);
  const row = await db.selectFrom('enterprise_sso_domains').selectAll().where('domain', '=', domain).where('connection_id', '=', connectionId).executeTakeFirst();
  if (!row) fail(E.invalidParameter, { field: 'domain' }, 'This domain is not claimed by the company.');
  if (row.verified_at !== null) return domainView(row);
  const records = await txtRecords(ctx, recordName(domain));
  if (!records.includes(recordValue(row.token))) fail(E.domainNotProven);
  const verifiedAt = ctx.now();
  try {
    // The unique index on proven domains decides between two companies proving it at once.
    await db.updateTable('enterprise_sso_domains').set({ verified_at: verifiedAt }).where('domain', '=', domain).where('connection_id', '=', connectionId).execute();
  } catch (err) {
    if (isUniqueViolation(err)) fail(E.domainClaimed);
    throw err;
  }
  await db.deleteFrom('enterprise_sso_domains').where('domain', '=', domain).where('connection_id', '!=', connectionId).execute();
  return domainView({ ...row, verified_at: verifiedAt });
}

export async function removeDomain(ctx: Ctx, connectionId: string, input: string): Promise<void> {
  await ssoStore(ctx).deleteFrom('enterprise_sso_domains').where('domain', '=', normalizeDomain(input)).where('connection_id', '=', connectionId).execute();
}

/** The connection whose proven domain an address is in, if any. */
export async function connectionOfAddress(ctx: Ctx, email: string): Promise<string | null> {
  // Only a whole address: 'a@b.example c@d.example' or 'x@y@d.example' routes nowhere.
  if (!isValidEmail(email)) return null;
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1).toLowerCase();
  const row = await ssoStore(ctx).selectFrom('enterprise_sso_domains').select('connection_id').where('domain', '=', domain).where('verified_at', 'is not', null).executeTakeFirst();
  return row?.connection_id ?? null;
}
