/**
 * Demo data, written on the first start (empty directory): one account per interesting state of
 * the core (two-step verification, a lock, an unconfirmed region, a privacy notice, an inactive
 * account), then each feature's own (the `demoData` point: companies, old accounts to migrate).
 * What the banner prints (passwords, TOTP secret, invite code) is kept in <dataDir>/demo.json
 * because the stores only hold hashes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { AccountTable } from '../db/types';
import { accountRow, createAccount } from '../domain/accounts';
import { PRIVATE_FILE } from '../db/privateFiles';
import { sealTotpSecret } from '../db/secretsAtRest';
import * as OTPAuth from 'otpauth';

export const DEMO_PASSWORD = 'Demo-pass-2024';

export interface DemoUser {
  email: string;
  password: string;
  state: string;
}
export interface DemoSummary {
  users: DemoUser[];
  totpSecret: string;
  /** The features' named values a demo or a test needs (the company's `inviteCode`, …). */
  values: Record<string, string>;
  /** The lines the start prints under the users (an invitation's address, a company code). */
  notes: string[];
}

/** What a feature's demo data is made with (the `demoData` point). */
export interface DemoSeeding {
  /** An activated account with the demo password, listed with its state. */
  account(email: string, state: string, region: RegionCode, names: { first: string; last: string }): Promise<AccountTable>;
  /** Lists a demo user that is no account of the portal (an old account's address, an invitee). */
  listUser(user: DemoUser): void;
  /** A named value for demo.json, and the line the start prints about it. */
  value(name: string, value: string, note: string): void;
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
  const v = ctx.options.privacyPolicyVersion;
  const users: DemoUser[] = [];

  async function user(email: string, state: string, region: RegionCode, extra: Partial<AccountTable> = {}, first = 'Demo', last = 'User'): Promise<AccountTable> {
    const row = { ...accountRow(ctx, { email, passwordHash: hash, firstName: first, lastName: last, country: region === 'Use' ? 'US' : region === 'Aps' ? 'SG' : 'DE', language: 'en_US', activated: true, privacyVersion: v, subscription: true }), ...extra };
    await createAccount(ctx, region, row);
    users.push({ email, password: DEMO_PASSWORD, state });
    return row;
  }

  await user('demo@example.com', 'plain account, no company (Euw)', 'Euw', {}, 'Dana', 'Demo');
  // A demo authenticator secret (the mfa plugin's method checks it): 20 random bytes, base32.
  const totpSecret = new OTPAuth.Secret({ size: 20 }).base32;
  const mfaUser = await user('mfa@example.com', 'two-factor on: authenticator app (primary) and email codes', 'Euw', { mfa_enabled: 1, mfa_email: 1, mfa_primary: 3 }, 'Mia', 'Factor');
  // Kept sealed, as an enrolment keeps it (the start sealed what was there before the seed).
  await ctx.region('Euw').updateTable('accounts').set({ mfa_totp_secret: sealTotpSecret(ctx.secrets, mfaUser.id, totpSecret) }).where('id', '=', mfaUser.id).execute();
  await user('locked-soon@example.com', 'four failed sign-ins: one more wrong password locks it', 'Euw', { failed_attempts: 4 }, 'Lars', 'Lock');
  await user('region@example.com', 'country/region not confirmed (-9)', 'Euw', { region_confirmed: 0, country: null }, 'Rita', 'Region');
  await user('privacy@example.com', 'must acknowledge the new privacy policy (-10999)', 'Euw', { privacy_version: Math.max(0, v - 1) }, 'Pia', 'Policy');
  await user('inactive@example.com', 'not activated yet (-20602, mail resent)', 'Euw', { activated_at: null }, 'Ian', 'Inactive');
  await user('us@example.com', 'plain account in the North America region (Use)', 'Use', {}, 'Uma', 'States');

  const values: Record<string, string> = {};
  const notes: string[] = [];
  const seeding: DemoSeeding = {
    account: (email, state, region, names) => user(email, state, region, {}, names.first, names.last),
    listUser: (u) => users.push(u),
    value(name, value, note) {
      values[name] = value;
      notes.push(note);
    },
  };
  // Every feature's, whatever the switches say now: an operator who turns one on finds its demo.
  for (const feature of ctx.extensions.all('demoData')) await feature.seed(ctx, seeding);

  const summary: DemoSummary = { users, totpSecret, values, notes };
  fs.writeFileSync(file, JSON.stringify(summary, null, 2), { mode: PRIVATE_FILE });
  return summary;
}
