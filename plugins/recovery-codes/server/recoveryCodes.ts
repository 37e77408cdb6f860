/**
 * Recovery codes: ten single-use codes that stand in for the second factor when its device is
 * lost. Generated only behind the security unlock, shown once, stored as keyed hashes; a new
 * set replaces the old one. Using one mails the owner how many are left.
 *
 * Why HMAC-SHA256 and not argon2id: each code carries about 49 bits of randomness (10 symbols of
 * 31), so a stolen table cannot be reversed by guessing the way a chosen password can, and a
 * keyed hash (key in the global store, not beside the codes) makes even that useless without
 * the key. A slow hash would only make every sign-in with a code ten argon2 runs slower.
 */
import crypto from 'node:crypto';
import type { RecoveryCodesStatus, RegionCode } from '@portal/plugin-api/contract';
import { RECOVERY_CODE_COUNT } from '@portal/plugin-api/contract';
import { languageOr, randomId, safeEqual, type AccountTable, type ServerContext as Ctx } from '@portal/server-api';
import { recoveryCodeStore } from './tables';

/** No 0/o, 1/l/i: a code read off paper is typed back without doubt. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const SYMBOLS = 10;

const recoveryKey = (ctx: Ctx): Promise<Buffer> => ctx.sharedKey('recovery-codes');

/** `xxxx-xxxx-xx`: grouped for reading aloud and copying by hand. */
export function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < SYMBOLS; i++) raw += ALPHABET[crypto.randomInt(0, ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** What the user typed, as stored: case, spaces and dashes do not matter; null when it cannot be a code. */
export function normalizeRecoveryCode(input: string): string | null {
  const raw = input.toLowerCase().replace(/[\s-]/g, '');
  return raw.length === SYMBOLS && [...raw].every((ch) => ALPHABET.includes(ch)) ? raw : null;
}

async function codeHash(ctx: Ctx, accountId: string, normalized: string): Promise<string> {
  return crypto.createHmac('sha256', await recoveryKey(ctx)).update(`${accountId}:${normalized}`).digest('hex');
}

export async function recoveryCodesStatus(ctx: Ctx, region: RegionCode, accountId: string): Promise<RecoveryCodesStatus> {
  const rows = await recoveryCodeStore(ctx, region).selectFrom('recovery_codes').select(['created_at', 'used_at']).where('account_id', '=', accountId).execute();
  if (rows.length === 0) return { generatedAt: null, remaining: 0, total: 0 };
  return { generatedAt: Math.max(...rows.map((r) => r.created_at)), remaining: rows.filter((r) => r.used_at === null).length, total: rows.length };
}

/** A new set; the old codes, used or not, stop working in the same transaction. */
export async function regenerateRecoveryCodes(ctx: Ctx, region: RegionCode, accountId: string): Promise<{ codes: string[]; generatedAt: number }> {
  const now = ctx.now();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({ id: randomId(), account_id: accountId, code_hash: await codeHash(ctx, accountId, normalizeRecoveryCode(code)!), created_at: now, used_at: null })),
  );
  await recoveryCodeStore(ctx, region)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
      await trx.insertInto('recovery_codes').values(rows).execute();
    });
  return { codes, generatedAt: now };
}

/**
 * Spends a code of the account: true when it was one of its unused codes (claimed atomically, so
 * two sign-ins racing with one code cannot both pass). Every candidate is compared in constant time.
 */
/** The codes of an enrolment that ended (two-step verification off, a method removed): all deleted; resolves how many were unused. */
export async function discardRecoveryCodes(ctx: Ctx, region: RegionCode, accountId: string): Promise<number> {
  const db = recoveryCodeStore(ctx, region);
  const unused = await db.selectFrom('recovery_codes').select('id').where('account_id', '=', accountId).where('used_at', 'is', null).execute();
  await db.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
  return unused.length;
}

export async function spendRecoveryCode(ctx: Ctx, region: RegionCode, accountId: string, input: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(input);
  if (!normalized) return false;
  const db = recoveryCodeStore(ctx, region);
  const hash = await codeHash(ctx, accountId, normalized);
  const live = await db.selectFrom('recovery_codes').select(['id', 'code_hash']).where('account_id', '=', accountId).where('used_at', 'is', null).execute();
  let match: string | null = null;
  for (const row of live) if (safeEqual(row.code_hash, hash)) match = row.id;
  if (!match) return false;
  const spent = await db.updateTable('recovery_codes').set({ used_at: ctx.now() }).where('id', '=', match).where('used_at', 'is', null).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Tells the owner a code was used and how many are left (a stranger holding the password and a code shows up here). */
export async function mailRecoveryCodeUsed(ctx: Ctx, region: RegionCode, account: AccountTable, language?: string): Promise<number> {
  const { remaining } = await recoveryCodesStatus(ctx, region, account.id);
  await ctx.mailer
    .send({
      to: account.email,
      kind: 'recoveryCodeUsed',
      language: languageOr(language, account.language),
      vars: { name: account.first_name, remaining, link: `${ctx.options.publicOrigin}/accountSetting/security` },
    })
    .catch(() => undefined); // the sign-in stands; the page says the count too
  return remaining;
}
