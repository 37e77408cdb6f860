/**
 * Demo data, written on the first start (empty directory): one user per interesting state,
 * local accounts for each migration variant, a company owner with members, an application and
 * a pending invitation. What the banner prints (passwords, TOTP secret, invite code) is kept
 * in <dataDir>/demo.json because the stores only hold hashes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import { accountRow, createAccount } from '../domain/accounts';
import { randomId, sha256 } from '../domain/crypto';
import * as OTPAuth from 'otpauth';
import { regionalSecret } from '../domain/tokens';

export const DEMO_PASSWORD = 'Demo-pass-2024';
export const LEGACY_PASSWORD = 'Legacy-pass-2024';

export interface DemoUser {
  email: string;
  password: string;
  state: string;
}
export interface DemoSummary {
  users: DemoUser[];
  totpSecret: string;
  inviteCode: string;
  inviteUrl: string;
  orgCode: string;
}

export async function seedDemo(ctx: Ctx): Promise<DemoSummary | null> {
  const file = path.join(ctx.options.dataDir, 'demo.json');
  const any = await ctx.stores.global.selectFrom('directory').select('email').limit(1).executeTakeFirst();
  if (any) {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoSummary;
    } catch {
      return null; // a database that was not seeded here
    }
  }
  const hash = await ctx.passwords.hash(DEMO_PASSWORD);
  const legacyHash = await ctx.passwords.hash(LEGACY_PASSWORD);
  const v = ctx.options.privacyPolicyVersion;
  const now = ctx.now();
  const users: DemoUser[] = [];

  async function user(email: string, state: string, region: RegionCode, extra: Partial<ReturnType<typeof accountRow>> = {}, first = 'Demo', last = 'User') {
    const row = { ...accountRow(ctx, { email, passwordHash: hash, firstName: first, lastName: last, country: region === 'Use' ? 'US' : region === 'Aps' ? 'SG' : 'DE', language: 'en_US', activated: true, privacyVersion: v, subscription: true }), ...extra };
    await createAccount(ctx, region, row);
    users.push({ email, password: DEMO_PASSWORD, state });
    return row;
  }

  await user('demo@example.com', 'plain account, no company (Euw)', 'Euw', {}, 'Dana', 'Demo');
  // A demo authenticator secret (the mfa plugin's method checks it): 20 random bytes, base32.
  const totpSecret = new OTPAuth.Secret({ size: 20 }).base32;
  await user('mfa@example.com', 'two-factor on: authenticator app (primary) and email codes', 'Euw', { mfa_enabled: 1, mfa_email: 1, mfa_totp_secret: totpSecret, mfa_primary: 3 }, 'Mia', 'Factor');
  await user('locked-soon@example.com', 'four failed sign-ins: one more wrong password locks it', 'Euw', { failed_attempts: 4 }, 'Lars', 'Lock');
  await user('region@example.com', 'country/region not confirmed (-9)', 'Euw', { region_confirmed: 0, country: null }, 'Rita', 'Region');
  await user('privacy@example.com', 'must acknowledge the new privacy policy (-10999)', 'Euw', { privacy_version: Math.max(0, v - 1) }, 'Pia', 'Policy');
  await user('inactive@example.com', 'not activated yet (-20602, mail resent)', 'Euw', { activated_at: null }, 'Ian', 'Inactive');
  await user('us@example.com', 'plain account in the North America region (Use)', 'Use', {}, 'Uma', 'States');
  await user('merge@example.com', 'vendor ID plus a partner-app local account to merge (-6)', 'Euw', {}, 'Max', 'Merge');

  const owner = await user('owner@example.com', 'owner of the certified company "Contoso Demo Ltd"', 'Euw', {}, 'Olivia', 'Owner');
  const admin = await user('admin@example.com', 'admin of Contoso Demo Ltd', 'Euw', {}, 'Adam', 'Admin');
  const member = await user('member@example.com', 'member of Contoso Demo Ltd', 'Euw', {}, 'Mel', 'Member');
  const applicant = await user('applicant@example.com', 'has applied to join Contoso Demo Ltd', 'Euw', {}, 'April', 'Applicant');
  const founder = await user('founder@example.com', 'owner of the unverified (editable) company "Fabrikam Startup"', 'Euw', {}, 'Finn', 'Founder');

  const db = ctx.region('Euw');
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

  const fabrikam = randomId();
  await db
    .insertInto('orgs')
    .values({ id: fabrikam, name: 'Fabrikam Startup', name_key: 'fabrikam startup', certified: 0, type: 'installer', country: 'FR', address: null, state: null, city: 'Lyon', post_code: null, contact: null, contact_email: null, contact_number: null, org_code: 'FABRIKAM1', website: null, comment: null, license_file_id: null, owner_account_id: founder.id, version: 1, created_at: now, updated_at: now })
    .execute();
  await db.insertInto('org_members').values({ id: randomId(), org_id: fabrikam, account_id: founder.id, email: founder.email, role: 'owner', status: 'active', joined_at: now, invited_at: null }).execute();

  const legacy = ctx.stores.legacy;
  const local = (email: string, provider: string, first: string, last: string, extra: { mfa?: number; region?: string | null } = {}) =>
    legacy
      .insertInto('legacy_accounts')
      .values({ uuid: randomId(), provider, email, password_hash: legacyHash, first_name: first, last_name: last, region: extra.region ?? null, mfa: extra.mfa ?? 0, subscription: 1, product_line: 'NVR', subscription_topic: 'news', migrated_at: null, migrated_to: null })
      .execute();
  await local('legacy-one@example.com', 'partnerProgram', 'Leo', 'Local');
  users.push({ email: 'legacy-one@example.com', password: LEGACY_PASSWORD, state: 'one partner-program local account, no vendor ID (-6 migrate)' });
  await local('legacy-many@example.com', 'partnerProgram', 'Lena', 'Many', { region: 'Euw' });
  await local('legacy-many@example.com', 'partnerApp', 'Lena', 'Many', { region: 'Aps' });
  users.push({ email: 'legacy-many@example.com', password: LEGACY_PASSWORD, state: 'partner-program and partner-app local accounts, no vendor ID (-6 pick)' });
  await local('merge@example.com', 'partnerApp', 'Max', 'Merge');
  users.push({ email: 'invitee@example.com', password: '(register through the invite link)', state: 'pending invitation to Contoso Demo Ltd, not registered' });

  const summary: DemoSummary = {
    users,
    totpSecret,
    inviteCode,
    inviteUrl: `${ctx.options.publicOrigin}/invite?inviteCode=${encodeURIComponent(inviteCode)}`,
    orgCode,
  };
  fs.mkdirSync(ctx.options.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(summary, null, 2), { mode: 0o600 });
  return summary;
}
