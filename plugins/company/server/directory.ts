/**
 * The companies as other features see them (the core's `companyDirectory` point): a company's
 * sign-in (enterprise-sso) reads a company, its members and an admin's role, and adds the people
 * its directory signs in, without reaching into this plugin's tables.
 */
import { ERROR_CODES as E, type RegionCode } from '@portal/plugin-api/contract';
import { ApiFailure, randomId, type AccountTable, type DirectoryCompany, type ServerContext as Ctx } from '@portal/server-api';
import { activeMembership, claimForMembership, membershipFailure, roleIn } from './companies';
import { companyStore, type OrgTable } from './tables';

function asDirectoryCompany(region: RegionCode, org: OrgTable, role: string | null): DirectoryCompany {
  return { id: org.id, region, name: org.name, country: org.country, certified: org.certified === 1, role: role === 'owner' || role === 'admin' || role === 'member' ? role : null };
}

async function company(ctx: Ctx, region: RegionCode, companyId: string, accountId: string | null): Promise<DirectoryCompany | null> {
  const org = await companyStore(ctx, region).selectFrom('orgs').selectAll().where('id', '=', companyId).executeTakeFirst();
  if (!org) return null;
  return asDirectoryCompany(region, org, accountId ? await roleIn(ctx, region, companyId, accountId) : null);
}

async function companyOf(ctx: Ctx, region: RegionCode, accountId: string): Promise<DirectoryCompany | null> {
  const member = await activeMembership(ctx, region, accountId);
  return member ? company(ctx, region, member.org_id, accountId) : null;
}

/** As an accepted application: one company per account, the account's lock held while it joins. */
async function join(ctx: Ctx, region: RegionCode, companyId: string, account: AccountTable): Promise<boolean> {
  if (await activeMembership(ctx, region, account.id)) return false;
  const now = ctx.now();
  try {
    await companyStore(ctx, region)
      .transaction()
      .execute(async (trx) => {
        await claimForMembership(trx, account.id, E.alreadyInOrg);
        await trx.deleteFrom('org_members').where('org_id', '=', companyId).where('email', '=', account.email).execute();
        await trx.insertInto('org_members').values({ id: randomId(), org_id: companyId, account_id: account.id, email: account.email, role: 'member', status: 'active', joined_at: now, invited_at: null }).execute();
      })
      .catch((err: unknown) => membershipFailure(ctx, region, account.id, err, E.alreadyInOrg));
    return true;
  } catch (err) {
    // In a company meanwhile (another tab joined one): it stays where it is.
    if (err instanceof ApiFailure && err.code === E.alreadyInOrg) return false;
    throw err;
  }
}

async function members(ctx: Ctx, region: RegionCode, companyId: string): Promise<Array<{ accountId: string; email: string; role: string }>> {
  const rows = await companyStore(ctx, region).selectFrom('org_members').select(['account_id', 'email', 'role']).where('org_id', '=', companyId).where('status', '=', 'active').execute();
  return rows.flatMap((r) => (r.account_id ? [{ accountId: r.account_id, email: r.email, role: r.role }] : []));
}

export const companyDirectory = { company, companyOf, join, members };
