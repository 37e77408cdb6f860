/**
 * "Delete my account" (issue 30) and the companies: an ID that owns a company with other members
 * cannot be closed until it hands the company over (plugins/your-data asks the `companyDirectory`
 * point). A company its owner alone was in goes with the owner; a company that only names the person as its
 * contact keeps going, without their name, address and number.
 */
import { REGION_CODES } from '@portal/plugin-api/contract';
import type { ErasedPerson, ServerContext as Ctx } from '@portal/server-api';
import { companyStore } from './tables';

/** Erases the person's companies (those they own alone) and their contact details elsewhere. Idempotent. */
export async function eraseCompanyData(ctx: Ctx, person: ErasedPerson): Promise<void> {
  for (const region of REGION_CODES) {
    const db = companyStore(ctx, region);
    const owned = (await db.selectFrom('orgs').select('id').where('owner_account_id', '=', person.id).execute()).map((org) => org.id).filter((id) => id !== null);
    await db.transaction().execute(async (trx) => {
      if (owned.length > 0) {
        await trx.deleteFrom('invite_sends').where('org_id', 'in', owned).execute();
        await trx.deleteFrom('invitations').where('org_id', 'in', owned).execute();
        await trx.deleteFrom('org_applications').where('org_id', 'in', owned).execute();
        await trx.deleteFrom('org_members').where('org_id', 'in', owned).execute();
      }
      await trx.deleteFrom('orgs').where('owner_account_id', '=', person.id).execute();
    });
    await db.updateTable('orgs').set({ contact_email: null, contact: null, contact_number: null }).where('contact_email', '=', person.email).execute();
  }
}
