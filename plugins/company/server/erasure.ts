/**
 * "Delete my account" (issue 30) and the companies: an ID that owns a company with other members
 * cannot be closed until it hands the company over (plugins/your-data asks the `companyDirectory`
 * point). A company its owner alone was in goes with the owner (one that gained members meanwhile is
 * handed over to them); a company that only names the person as its
 * contact keeps going, without their name, address and number.
 */
import { REGION_CODES } from '@portal/plugin-api/contract';
import type { ErasedPerson, ServerContext as Ctx } from '@portal/server-api';
import { companyStore, type CompanyDb } from './tables';

/** Erases the person's companies (those they own alone) and their contact details elsewhere. Idempotent. */
export async function eraseCompanyData(ctx: Ctx, person: ErasedPerson): Promise<void> {
  for (const region of REGION_CODES) {
    const db = companyStore(ctx, region);
    const owned = (await db.selectFrom('orgs').select('id').where('owner_account_id', '=', person.id).execute()).map((org) => org.id).filter((id) => id !== null);
    for (const orgId of owned) await handOverOrDelete(db, orgId, person.id);
    // Made-up rows without an id (tests) or rows left by a half-done run: the owner's companies go.
    await db.deleteFrom('orgs').where('owner_account_id', '=', person.id).execute();
    await db.updateTable('orgs').set({ contact_email: null, contact: null, contact_number: null }).where('contact_email', '=', person.email).execute();
  }
}

/**
 * The closing checked that no one else was in the company, but someone may have joined during the
 * grace (an invitation accepted, a company sign-in): the company then goes on under the longest-standing
 * admin, else member, whose ID is not closed itself. A company left with no one goes with its owner.
 */
async function handOverOrDelete(db: CompanyDb, orgId: string, ownerId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const heir = await trx
      .selectFrom('org_members')
      .innerJoin('accounts', 'accounts.id', 'org_members.account_id')
      .select(['org_members.id', 'org_members.account_id', 'org_members.role'])
      .where('org_members.org_id', '=', orgId)
      .where('org_members.status', '=', 'active')
      .where('org_members.account_id', '!=', ownerId)
      .where('accounts.closed_at', 'is', null)
      .orderBy((eb) => eb.case().when('org_members.role', '=', 'admin').then(0).else(1).end())
      .orderBy('org_members.joined_at')
      .executeTakeFirst();
    if (heir?.account_id) {
      await trx.updateTable('org_members').set({ role: 'owner' }).where('id', '=', heir.id).execute();
      await trx.updateTable('orgs').set((eb) => ({ owner_account_id: heir.account_id!, version: eb('version', '+', 1) })).where('id', '=', orgId).execute();
      return;
    }
    await trx.deleteFrom('invite_sends').where('org_id', '=', orgId).execute();
    await trx.deleteFrom('invitations').where('org_id', '=', orgId).execute();
    await trx.deleteFrom('org_applications').where('org_id', '=', orgId).execute();
    await trx.deleteFrom('org_members').where('org_id', '=', orgId).execute();
    await trx.deleteFrom('orgs').where('id', '=', orgId).execute();
  });
}

