/**
 * The company feature's demo data: a certified company with an owner, an admin, a member, an
 * applicant and a pending invitation, and an unverified (editable) one of its founder.
 */
import { randomId, regionalSecret, sha256, type DemoSeeding, type ServerContext as Ctx } from '@portal/server-api';
import { companyStore } from './tables';

export async function seedCompanies(ctx: Ctx, demo: DemoSeeding): Promise<void> {
  const owner = await demo.account('owner@example.com', 'owner of the certified company "Contoso Demo Ltd"', 'Euw', { first: 'Olivia', last: 'Owner' });
  const admin = await demo.account('admin@example.com', 'admin of Contoso Demo Ltd', 'Euw', { first: 'Adam', last: 'Admin' });
  const member = await demo.account('member@example.com', 'member of Contoso Demo Ltd', 'Euw', { first: 'Mel', last: 'Member' });
  const applicant = await demo.account('applicant@example.com', 'has applied to join Contoso Demo Ltd', 'Euw', { first: 'April', last: 'Applicant' });
  const founder = await demo.account('founder@example.com', 'owner of the unverified (editable) company "Fabrikam Startup"', 'Euw', { first: 'Finn', last: 'Founder' });

  const db = companyStore(ctx, 'Euw');
  const now = ctx.now();
  const orgId = randomId();
  const orgCode = 'CONTOSO01';
  await db
    .insertInto('orgs')
    .values({ id: orgId, name: 'Contoso Demo Ltd', name_key: 'contoso demo ltd', certified: 1, type: 'distributor', country: 'DE', address: 'Musterstraße 1', state: 'Berlin', city: 'Berlin', post_code: '10115', contact: 'Olivia Owner', contact_email: 'owner@example.com', contact_number: '4930123456', org_code: orgCode, website: 'https://contoso.example', comment: null, license_file_id: null, owner_account_id: owner.id, version: 1, created_at: now, updated_at: now })
    .execute();
  for (const [acc, role] of [[owner, 'owner'], [admin, 'admin'], [member, 'member']] as const) {
    await db.insertInto('org_members').values({ id: randomId(), org_id: orgId, account_id: acc.id, email: acc.email, role, status: 'active', joined_at: now, invited_at: null }).execute();
  }
  await db.insertInto('org_applications').values({ id: randomId(), org_id: orgId, account_id: applicant.id, status: 'pending', created_at: now, decided_at: null }).execute();
  const inviteCode = regionalSecret('Euw', 24);
  await db
    .insertInto('invitations')
    .values({ id: randomId(), org_id: orgId, email: 'invitee@example.com', role: 'member', code_hash: sha256(inviteCode), inviter_account_id: owner.id, status: 'pending', created_at: now, last_sent_at: now, expires_at: now + 7 * 86_400_000, closed_at: null })
    .execute();
  await db.insertInto('org_members').values({ id: randomId(), org_id: orgId, account_id: null, email: 'invitee@example.com', role: 'member', status: 'unverified', joined_at: null, invited_at: now }).execute();
  await db.insertInto('invite_sends').values({ org_id: orgId, email: 'invitee@example.com', sent_at: now }).execute();
  demo.listUser({ email: 'invitee@example.com', password: '(register through the invite link)', state: 'pending invitation to Contoso Demo Ltd, not registered' });
  const inviteUrl = `${ctx.options.publicOrigin}/invite?inviteCode=${encodeURIComponent(inviteCode)}`;
  demo.value('inviteCode', inviteCode, `Invitation of invitee@example.com: ${inviteUrl}`);
  demo.value('orgCode', orgCode, `Company code of Contoso Demo Ltd: ${orgCode}`);

  const fabrikam = randomId();
  await db
    .insertInto('orgs')
    .values({ id: fabrikam, name: 'Fabrikam Startup', name_key: 'fabrikam startup', certified: 0, type: 'installer', country: 'FR', address: null, state: null, city: 'Lyon', post_code: null, contact: null, contact_email: null, contact_number: null, org_code: 'FABRIKAM1', website: null, comment: null, license_file_id: null, owner_account_id: founder.id, version: 1, created_at: now, updated_at: now })
    .execute();
  await db.insertInto('org_members').values({ id: randomId(), org_id: fabrikam, account_id: founder.id, email: founder.email, role: 'owner', status: 'active', joined_at: now, invited_at: null }).execute();
}
