/**
 * Sign-in codes: "Email me a sign-in code" mails 6 digits and a link, valid 10 minutes, for one
 * login session (a code mailed for one sign-in never finishes another) in the browser that asked
 * (an HttpOnly cookie: a forwarded link signs no one else in), the newest of a sign-in only, spent
 * when the sign-in completes. The answer to a request is the same whether the address
 * has an account or not (none is mailed then); one mail a minute and ten a day per address,
 * whoever asks. Checking a code is the core sign-in's (server/domain/signin.ts): the same limits,
 * captcha, lock and security activity as a password.
 */
import { ERROR_CODES as E, type EmailSignInCodeResult, type RegionCode } from '@portal/plugin-api/contract';
import { fail, findAccount, hashSecret, languageOr, normalizeEmail, randomDigits, randomId, randomToken, safeEqual, sha256, type AccountTable, type ServerContext as Ctx } from '@portal/server-api';
import { signInCodeStore } from './tables';

export const SIGN_IN_CODE_MINUTES = 10;
/** The cookie of the browser that asked for a code (HttpOnly): the code and the mail's link work only there. */
export const CODE_BROWSER_COOKIE = 'uid_email_code';
export const SIGN_IN_CODE_RESEND_SECONDS = 60;
export const SIGN_IN_CODES_PER_DAY = 10;
/** The link's token: 32 random bytes, base64url. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const codeHash = (processId: string, code: string) => sha256(`${processId}:${code}`);

/** What the mail's link carries in its fragment: the process, the link's token and the address (never sent to a server). */
export function linkFragmentToken(processId: string, linkToken: string, email: string): string {
  return `${processId}.${linkToken}.${Buffer.from(email, 'utf8').toString('base64url')}`;
}

/** The mail's link: the login page of this sign-in, opening the code view with the token in the fragment. */
function signInLink(ctx: Ctx, sessionCode: string, token: string, language: string): string {
  const url = new URL('/login', ctx.options.publicOrigin);
  url.searchParams.set('module', 'emailCode');
  url.searchParams.set('session_code', sessionCode);
  url.searchParams.set('lang', language);
  url.hash = `token=${encodeURIComponent(token)}`;
  return url.toString();
}

/**
 * Mails a sign-in code for the login session `loginBinding` to the account of `email`, if there
 * is one. Refuses (-20002 rateLimited, with the wait) inside the minute after the address's last
 * request, or past ten a day: for every address alike, so the answer says nothing of an account.
 */
export async function sendSignInCode(ctx: Ctx, input: { email: string; loginBinding: string; browserSecret: string; language?: string; answered: Promise<void> }): Promise<EmailSignInCodeResult> {
  const email = normalizeEmail(input.email);
  const wait = await ctx.counter('email-code:address', SIGN_IN_CODE_RESEND_SECONDS * 1000).take(email, 1);
  if (wait !== null) fail(E.rateLimited, { retryAfterSeconds: wait });
  const daily = await ctx.counter('email-code:address-day', 24 * 3_600_000).take(email, SIGN_IN_CODES_PER_DAY);
  if (daily !== null) fail(E.rateLimited, { retryAfterSeconds: daily });
  const processId = randomId();
  const result: EmailSignInCodeResult = { processId, resendAfterSeconds: SIGN_IN_CODE_RESEND_SECONDS, expiresIn: SIGN_IN_CODE_MINUTES * 60 };
  const found = email.length <= 320 ? await findAccount(ctx, email) : null;
  if (!found || ctx.switches.state('email-code', { region: found.region, appType: null }) !== 'on') return result;
  // Under enumeration protection the answer does not wait for what only an account costs (its row, its mail).
  if (ctx.options.enumerationProtection) ctx.afterAnswer.run('mailing a sign-in code', input.answered, () => mailCode(ctx, found.region, found.account, processId, input));
  else await mailCode(ctx, found.region, found.account, processId, input);
  return result;
}

async function mailCode(ctx: Ctx, region: RegionCode, account: AccountTable, processId: string, input: { loginBinding: string; browserSecret: string; language?: string }): Promise<void> {
  const code = randomDigits(6);
  const linkToken = randomToken(32);
  const now = ctx.now();
  const db = signInCodeStore(ctx, region);
  const binding = hashSecret(input.loginBinding);
  await db.transaction().execute(async (trx) => {
    // Only the newest code of a sign-in stays valid.
    await trx.updateTable('email_code_processes').set({ used_at: now }).where('account_id', '=', account.id).where('binding_hash', '=', binding).where('used_at', 'is', null).execute();
    await trx
      .insertInto('email_code_processes')
      .values({
        id: hashSecret(processId),
        account_id: account.id,
        code_hash: codeHash(processId, code),
        link_hash: codeHash(processId, linkToken),
        binding_hash: binding,
        browser_hash: sha256(input.browserSecret),
        created_at: now,
        expires_at: now + SIGN_IN_CODE_MINUTES * 60_000,
        used_at: null,
      })
      .execute();
  });
  const language = languageOr(input.language, account.language);
  const link = signInLink(ctx, input.loginBinding, linkFragmentToken(processId, linkToken, account.email), language);
  // Queued in the outbox (delivered, retried and logged by the mail worker): the answer does not wait for the mail server.
  await ctx.mailer.send({ to: account.email, kind: 'signInCode', language, vars: { name: account.first_name, code, link, minutes: SIGN_IN_CODE_MINUTES } });
}

/**
 * The live row of a process for this account and login session, asked for in this browser, or
 * -20676 (`reason: 'otherBrowser'` for another browser's: a forwarded link signs no one in there).
 */
async function liveRow(ctx: Ctx, region: RegionCode, account: AccountTable, processId: string, loginBinding: string, browserSecret: string | undefined) {
  const row = await signInCodeStore(ctx, region).selectFrom('email_code_processes').selectAll().where('id', '=', hashSecret(processId)).executeTakeFirst();
  const live = row && row.account_id === account.id && row.used_at === null && row.expires_at > ctx.now() && safeEqual(row.binding_hash, hashSecret(loginBinding));
  if (!live) fail(E.verificationCodeInvalid, undefined, 'This sign-in code has expired. Send a new one.');
  if (row.browser_hash !== null && !(browserSecret && safeEqual(row.browser_hash, sha256(browserSecret)))) {
    fail(E.verificationCodeInvalid, { reason: 'otherBrowser' }, 'This code works only in the browser where it was asked for.');
  }
  return row;
}

/** The `signInCode` point's check: the 6 digits or the link's token, of a live process of this sign-in in this browser. */
export async function checkSignInCode(ctx: Ctx, region: RegionCode, account: AccountTable, input: { processId: string; code: string; loginBinding: string; cookies: Record<string, string> }): Promise<boolean> {
  const row = await liveRow(ctx, region, account, input.processId, input.loginBinding, input.cookies[CODE_BROWSER_COOKIE]);
  const given = codeHash(input.processId, input.code);
  if (/^\d{6}$/.test(input.code)) return safeEqual(row.code_hash, given);
  return LINK_TOKEN.test(input.code) && safeEqual(row.link_hash, given);
}

/** The `signInCode` point's completion: spends the process, once. */
export async function completeSignInCode(ctx: Ctx, region: RegionCode, account: AccountTable, processId: string): Promise<void> {
  const spent = await signInCodeStore(ctx, region)
    .updateTable('email_code_processes')
    .set({ used_at: ctx.now() })
    .where('id', '=', hashSecret(processId))
    .where('account_id', '=', account.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) fail(E.verificationCodeInvalid, undefined, 'This sign-in code was used already.');
}
