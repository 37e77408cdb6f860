/**
 * The mailed-code method: 6 digits, 10 minutes, single use, 60 s between sends (per account,
 * whichever attempt asks); only the newest code of a scope is valid, and a sign-in code completes
 * only the attempt it was mailed for. The wrong-code lock around `checkEmailCode` is the core's.
 */
import type { WhereInterface } from 'kysely';
import { ERROR_CODES as E, type EmailCodeResult, type RegionCode } from '@portal/plugin-api/contract';
import { fail, hashSecret, languageOr, randomDigits, randomId, safeEqual, sha256, type AccountTable, type SecondFactorScope, type ServerContext as Ctx } from '@portal/server-api';
import { emailCodeStore, type EmailCodeTables } from './tables';

export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_RESEND_SECONDS = 60;

function codeHash(accountId: string, code: string): string {
  return sha256(`${accountId}:${code}`);
}

/** The `email_codes` rows of an account for a scope. */
function inScope<QB extends WhereInterface<EmailCodeTables, 'email_codes'>>(qb: QB, accountId: string, scope: SecondFactorScope): QB {
  const scoped = qb.where('account_id', '=', accountId).where('purpose', '=', scope.purpose);
  return (scope.purpose === 'login' ? scoped.where('process_hash', '=', hashSecret(scope.processId)) : scoped.where('process_hash', 'is', null)) as QB;
}

export async function sendEmailCode(ctx: Ctx, region: RegionCode, account: AccountTable, scope: SecondFactorScope, language?: string): Promise<EmailCodeResult> {
  const db = emailCodeStore(ctx, region);
  const now = ctx.now();
  // The resend wait is the account's (one mail a minute), whichever attempt asks.
  const last = await db
    .selectFrom('email_codes')
    .select('created_at')
    .where('account_id', '=', account.id)
    .where('purpose', '=', scope.purpose)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (last && last.created_at > now - EMAIL_RESEND_SECONDS * 1000) {
    fail(E.rateLimited, { retryAfterSeconds: Math.ceil((last.created_at + EMAIL_RESEND_SECONDS * 1000 - now) / 1000) });
  }
  const code = randomDigits(6);
  const id = randomId();
  await db.transaction().execute(async (trx) => {
    // Only the newest code of a scope stays valid.
    await inScope(trx.updateTable('email_codes').set({ used_at: now }), account.id, scope).where('used_at', 'is', null).execute();
    await trx
      .insertInto('email_codes')
      .values({
        id,
        account_id: account.id,
        purpose: scope.purpose,
        code_hash: codeHash(account.id, code),
        created_at: now,
        expires_at: now + EMAIL_CODE_MINUTES * 60_000,
        used_at: null,
        process_hash: scope.purpose === 'login' ? hashSecret(scope.processId) : null,
      })
      .execute();
  });
  try {
    await ctx.mailer.send({ to: account.email, kind: 'emailCode', language: languageOr(language, account.language), vars: { name: account.first_name, code } });
  } catch {
    await db.deleteFrom('email_codes').where('id', '=', id).execute();
    fail(E.unexpected, undefined, 'The verification email could not be sent.');
  }
  return { resendAfterSeconds: EMAIL_RESEND_SECONDS, expiresIn: EMAIL_CODE_MINUTES * 60 };
}

/** Checks a mailed code of the scope: true when it is the live one (now spent), false when wrong; -20676 when no code is live. */
export async function checkEmailCode(ctx: Ctx, region: RegionCode, account: AccountTable, code: string, scope: SecondFactorScope): Promise<boolean> {
  const db = emailCodeStore(ctx, region);
  const now = ctx.now();
  const live = await inScope(db.selectFrom('email_codes').selectAll(), account.id, scope).where('used_at', 'is', null).where('expires_at', '>', now).execute();
  if (live.length === 0) fail(E.verificationCodeInvalid);
  const hash = codeHash(account.id, code);
  const match = live.find((row) => safeEqual(row.code_hash, hash));
  if (!match) return false;
  const used = await db
    .updateTable('email_codes')
    .set({ used_at: now })
    .where('id', '=', match.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) fail(E.verificationCodeInvalid);
  return true;
}
