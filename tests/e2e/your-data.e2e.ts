/**
 * "Download my data" (issue 30, part 1) in Chromium against `npm start`: the person asks on the
 * "Your data" page, the server's job builds the copy, the page turns to "ready" by itself and the
 * mail arrives, the password is asked before the download, and the ZIP that the browser saves is
 * checked against the server's own stores: every table of every SQLite file with a row naming the
 * person has a file in the ZIP with all of those rows, and no secret of the account is in it.
 * "Delete my account" (part 3): closing on the page, the sign-in refused, the mailed link restoring
 * it; and with no grace, the job's erasure leaving no text naming the person in any store file.
 */
import Database from 'better-sqlite3';
import { strFromU8, unzipSync } from 'fflate';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { openSignInPage, PORTAL_HEADERS, seedTokens, signInThroughApi } from '../support/signIn';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Rows naming the person in every table of every store file, made up to `until` where the table keeps a `created_at`. */
function storedRows(dataDir: string, person: { id: string; email: string }, until: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith('.sqlite'))) {
    const store = file === 'global.sqlite' ? 'global' : file === 'legacy.sqlite' ? 'legacy' : 'regional';
    const db = new Database(path.join(dataDir, file), { readonly: true, fileMustExist: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'").all() as Array<{ name: string }>;
      for (const { name } of tables) {
        const columns = db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string; type: string }>;
        const text = columns.filter((c) => /char|text/i.test(c.type));
        const ids = text.filter((c) => /account_id$/.test(c.name) || (name === 'accounts' && c.name === 'id')).map((c) => c.name);
        const emails = text.filter((c) => /(^|_)email$|^recipient$/.test(c.name)).map((c) => c.name);
        if (ids.length + emails.length === 0) continue;
        const where = [...ids.map((c) => `"${c}" = @id`), ...emails.map((c) => `"${c}" = @email`)].join(' OR ');
        const made = columns.some((c) => c.name === 'created_at') ? ' AND created_at <= @until' : '';
        const { n } = db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE (${where})${made}`).get({ ...person, until }) as { n: number };
        if (n > 0) counts.set(`${store}.${name}`, (counts.get(`${store}.${name}`) ?? 0) + n);
      }
    } finally {
      db.close();
    }
  }
  return counts;
}

describe('Your data', () => {
  it('asks for a copy, is told when it is ready, and downloads with the password a ZIP holding every stored row about the person', async () => {
    const context = await browser.newContext();
    const tokens = await signInThroughApi(context, portal.url, DEMO.email, DEMO.password);
    const page = await context.newPage();
    await seedTokens(page, portal.url, tokens);
    await page.goto(`${portal.url}/accountSetting/account`);
    await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Your data' }).click();
    await page.waitForURL(`${portal.url}/accountSetting/your-data`);
    await page.getByRole('heading', { name: 'Download a copy of your data' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Ask for a copy' }).click();
    await page.getByText('We are making your copy').waitFor();
    // The job (every 2 s) builds it; the page looks again on its own.
    await page.getByText('Your copy is ready').waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page);
    const mail = (await (await fetch(`${portal.url}/dev/mail.json?to=${encodeURIComponent(DEMO.email)}`)).json()) as Array<{ subject: string; links: string[] }>;
    expect(mail.filter((m) => m.subject === 'Your copy of your Unified ID data is ready')).toHaveLength(1);

    // Without the password: said at the field; a wrong one: said, nothing saved.
    await page.getByRole('button', { name: 'Download' }).click();
    await page.getByText('Enter your password.').waitFor();
    const password = page.getByLabel(/^Password/);
    await password.fill('Not-my-password-1');
    await page.getByRole('button', { name: 'Download' }).click();
    await page.getByText(/The password is not correct/).waitFor();

    await password.fill(DEMO.password);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^unified-id-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    await page.getByText(/Last downloaded on/).waitFor();

    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as { madeAt: string; account: { id: string; email: string } };
    expect(manifest.account.email).toBe(DEMO.email);
    expect(strFromU8(files['README.txt']!)).toMatch(/^Your Unified ID data/);
    const stored = storedRows(portal.dataDir, manifest.account, Date.parse(manifest.madeAt));
    expect(stored.size).toBeGreaterThan(5);
    for (const [key, count] of stored) {
      if (key === 'regional.your_data_exports') continue; // the copy itself
      const file = Object.keys(files).find((name) => name.endsWith(`/${key.split('.')[1]}.json`));
      expect(file, `${key} is not in the ZIP`).toBeDefined();
      expect((JSON.parse(strFromU8(files[file!]!)) as unknown[]).length, key).toBe(count);
    }
    // No secret of the account leaves: not its password hash, not the tokens this browser holds.
    const all = Object.values(files).map((bytes) => Buffer.from(bytes).toString('latin1')).join('\n');
    const region = new Database(path.join(portal.dataDir, 'euw.sqlite'), { readonly: true });
    const { password_hash: hash } = region.prepare('SELECT password_hash FROM accounts WHERE id = ?').get(manifest.account.id) as { password_hash: string };
    region.close();
    expect(all).not.toContain(hash);
    expect(all).not.toContain(tokens.accessToken);
    expect(all).not.toContain(tokens.refreshToken);
    await context.close();
  });

  it('closes the ID on the Your data page; the sign-in says so; the mailed link restores it and the password signs in again', async () => {
    const FOUNDER = { email: 'founder@example.com', password: DEMO.password };
    const context = await browser.newContext();
    const tokens = await signInThroughApi(context, portal.url, FOUNDER.email, FOUNDER.password);
    const page = await context.newPage();
    await seedTokens(page, portal.url, tokens);
    await page.goto(`${portal.url}/accountSetting/your-data`);
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    await page.getByRole('heading', { name: 'What is deleted' }).waitFor();
    // A company only the founder is in goes with the ID: said before, not after.
    await page.getByText('The company Fabrikam Startup: you are its only member.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Close and delete my ID' }).click();
    await page.getByText('Confirm that you understand what is deleted.').waitFor();
    await page.getByLabel(/^Password/).fill(FOUNDER.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Close and delete my ID' }).click();
    await page.waitForURL(`${portal.url}/restore-account`);
    await page.getByRole('heading', { name: 'Your ID is closed' }).waitFor();
    await page.getByText(`No one can sign in with ${FOUNDER.email} now`).waitFor();
    await expectNoAxeViolations(page);
    // The tokens this browser had are dead on the server, not only forgotten here.
    const me = await context.request.get(`${portal.url}/api/user-info`, { headers: { ...PORTAL_HEADERS, Authorization: `Bearer ${tokens.accessToken}` } });
    expect(me.status()).toBe(401);

    // Signing in with the right password says the ID is closed and how to keep it.
    const { context: other, page: signIn } = await openSignInPage(browser, portal.url);
    await signIn.getByLabel('Email').fill(FOUNDER.email);
    await signIn.getByLabel(/^Password/).fill(FOUNDER.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'This ID is closed and waits to be deleted' }).waitFor();

    // The mailed link: the token leaves the address at once; opening it restores nothing, the button does.
    const mail = (await (await fetch(`${portal.url}/dev/mail.json?to=${encodeURIComponent(FOUNDER.email)}`)).json()) as Array<{ subject: string; links: string[] }>;
    const link = mail.find((m) => m.subject === 'Your Unified ID is closed and will be deleted')!.links.find((l) => l.includes('/restore-account#token='))!;
    await signIn.goto(link);
    await signIn.getByRole('button', { name: 'Restore my ID' }).waitFor();
    expect(new URL(signIn.url()).hash).toBe('');
    await signIn.getByRole('button', { name: 'Restore my ID' }).click();
    await signIn.getByText(`${FOUNDER.email} is restored`).waitFor();
    await signIn.getByRole('button', { name: 'Go to sign-in' }).click();
    await signIn.waitForURL(/\/login\?session_code=/);
    await signIn.getByLabel('Email').fill(FOUNDER.email);
    await signIn.getByLabel(/^Password/).fill(FOUNDER.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.waitForURL((url) => url.pathname.startsWith('/accountSetting'));
    await other.close();
    await context.close();
  });
});

describe('the erasure after the grace', () => {
  let quick: RunningPortal;
  beforeAll(async () => {
    // No grace: the job (every 10 s) erases the ID as soon as it runs.
    quick = await startPortal({ env: { ACCOUNT_GRACE_DAYS: '0' } });
  });
  afterAll(async () => {
    await quick?.stop();
  });

  it('leaves no row in any store file whose text names the person', async () => {
    const context = await browser.newContext();
    const tokens = await signInThroughApi(context, quick.url, DEMO.email, DEMO.password);
    const auth = { ...PORTAL_HEADERS, Authorization: `Bearer ${tokens.accessToken}` };
    const me = (await (await context.request.get(`${quick.url}/api/user-info`, { headers: auth })).json()) as { result: { accountId: string } };
    const person = { id: me.result.accountId, email: DEMO.email };
    expect(Object.keys(mentions(quick.dataDir, person)).length).toBeGreaterThan(5);
    const closed = await context.request.post(`${quick.url}/api/region/euw/accounts/${person.id}/closure`, { headers: auth, data: { password: DEMO.password } });
    expect(closed.status()).toBe(200);
    const deadline = Date.now() + 40_000;
    while (Object.keys(mentions(quick.dataDir, person)).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mentions(quick.dataDir, person)).toEqual({});
    await context.close();
  });
});

/** Every row of every table of every store file with a text column containing the person's id or address. */
function mentions(dataDir: string, person: { id: string; email: string }): Record<string, number> {
  const found: Record<string, number> = {};
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith('.sqlite'))) {
    const db = new Database(path.join(dataDir, file), { readonly: true, fileMustExist: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>;
      for (const { name } of tables) {
        const text = (db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string; type: string }>).filter((c) => /char|text/i.test(c.type) || c.type === '');
        if (text.length === 0) continue;
        const where = text.map((c) => `instr(lower(CAST("${c.name}" AS TEXT)), @id) > 0 OR instr(lower(CAST("${c.name}" AS TEXT)), @email) > 0`).join(' OR ');
        const { n } = db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE ${where}`).get({ id: person.id.toLowerCase(), email: person.email.toLowerCase() }) as { n: number };
        if (n > 0) found[`${file}.${name}`] = n;
      }
    } finally {
      db.close();
    }
  }
  return found;
}
