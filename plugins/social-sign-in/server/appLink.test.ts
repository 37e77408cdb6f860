import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { Client, DEMO_PASSWORD, mails, signIn, startServer, unlock, type TestServer } from '../../../server/test/harness';
import { CookieJar, follow, openSignIn, postForm } from '../../../server/test/providerWalk';
import { APP_LINK_COOKIE } from './appLink';
import { STAND_IN_USERS } from './dev/standIn';
import type { SocialTables } from './tables';

/**
 * Linking Google from inside a partner app (issue 29): the app's unlocked Security page gets a one-time
 * ticket; the device's browser (no portal session, another cookie jar) opens it once, is told which ID,
 * goes to the provider only on "Continue", and the link is made there; the way back is the app config's.
 * A real server, the real Google stand-in, the repository's Android app config.
 */
const REPO = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-social-app-'));
const repoConfig = JSON.parse(fs.readFileSync(path.join(REPO, 'config/default.json'), 'utf8')) as { plugins: Record<string, unknown>; regions: Record<string, unknown> };
const configFile = path.join(dir, 'web.json');
fs.writeFileSync(configFile, JSON.stringify({ ...repoConfig, plugins: { ...repoConfig.plugins, 'social-sign-in': { enabled: true, config: { providers: ['google'] } } } }));
const androidConfig = path.join(REPO, 'config/app-android.json');
const RETURN_URI = (JSON.parse(fs.readFileSync(androidConfig, 'utf8')) as { plugins: { 'partner-app': { config: { returnUri: string } } } }).plugins['partner-app'].config.returnUri;

const [gina, demo] = STAND_IN_USERS as [(typeof STAND_IN_USERS)[0], (typeof STAND_IN_USERS)[0]];
const CALLBACK = '/api/login/social/callback';
let t: TestServer;

beforeAll(async () => {
  t = await startServer({ portalConfigFile: configFile, appConfigFiles: { partner_app_android: androidConfig } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const store = () => t.server.ctx.stores.global.withTables<SocialTables>();

/** The Android app's own sign-in (development route), its Security page unlocked. */
async function appSignedIn(email = 'demo@example.com'): Promise<{ app: Client; id: string }> {
  const app = new Client(t.base);
  const res = await app.post('/dev/app-sign-in', { email, password: DEMO_PASSWORD, appType: 'partner_app_android' });
  expect(res.status, res.text).toBe(200);
  app.accessToken = res.body.accessToken;
  const id = (await app.get('/api/user-info', { auth: true })).body.result.accountId as string;
  await unlock(app, DEMO_PASSWORD);
  return { app, id };
}

async function ticketFor(app: Client, id: string): Promise<string> {
  const res = await app.post(`/api/accounts/${id}/linked-sign-ins/app-link`, { provider: 'google' }, { auth: true, security: true });
  expect(res.status, res.text).toBe(200);
  const url = new URL(res.body.result.url);
  expect(url.pathname).toBe('/social/app-link');
  expect(url.search).toBe(''); // the ticket only in the fragment: no server log or Referer holds it
  return new URLSearchParams(url.hash.slice(1)).get('token')!;
}

/** Signs in at the stand-in's pages: the portal callback (path and query) Google sends the browser back to. */
async function googleAnswer(location: string, user: { email: string; password: string }): Promise<string> {
  const jar = new CookieJar();
  const { formUrl } = await openSignIn(jar, new URL(location), `${t.base}${CALLBACK}`);
  const walk = await follow(jar, await postForm(jar, formUrl, { email: user.email, password: user.password }), formUrl, `${t.base}${CALLBACK}`);
  return walk.callback!.pathname + walk.callback!.search;
}

/** The device's browser: signs in at the stand-in and comes back to the portal's callback. */
async function atGoogle(browser: Client, location: string, user: { email: string; password: string }): Promise<URL> {
  const back = await browser.get(await googleAnswer(location, user));
  expect(back.status, back.text).toBe(302);
  return new URL(back.headers.get('location')!);
}

describe('linking Google from a partner app, in the device browser', () => {
  it('gives a ticket only to an app session, after the unlock, for a provider the app offers', async () => {
    const app = new Client(t.base);
    const res = await app.post('/dev/app-sign-in', { email: demo.email, password: DEMO_PASSWORD, appType: 'partner_app_android' });
    app.accessToken = res.body.accessToken;
    const id = (await app.get('/api/user-info', { auth: true })).body.result.accountId as string;
    expect((await app.post(`/api/accounts/${id}/linked-sign-ins/app-link`, { provider: 'google' }, { auth: true })).body.errorCode).toBe(E.tokenFailure);
    await unlock(app, DEMO_PASSWORD);
    expect((await app.post(`/api/accounts/${id}/linked-sign-ins/app-link`, { provider: 'microsoft' }, { auth: true, security: true })).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'provider' } });
    expect((await app.post(`/api/accounts/someone-else/linked-sign-ins/app-link`, { provider: 'google' }, { auth: true, security: true })).body.errorCode).toBe(E.accountError);
    // The web portal's own session links in its own browser: no tickets.
    const web = new Client(t.base);
    await signIn(web, demo.email, DEMO_PASSWORD);
    await unlock(web, DEMO_PASSWORD);
    const refused = await web.post(`/api/accounts/${id}/linked-sign-ins/app-link`, { provider: 'google' }, { auth: true, security: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'client' } });
  });

  it('opens the ticket once in one browser, names the ID, goes to Google only on Continue, and links there; the way back is the app config\'s', async () => {
    const { app, id } = await appSignedIn();
    const ticket = await ticketFor(app, id);

    const browser = new Client(t.base);
    // Nothing before the ticket is opened.
    expect((await browser.get('/api/social/app-link')).status).toBe(404);
    const opened = await browser.post('/api/social/app-link/open', { ticket });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.result).toEqual({ status: 'confirm', provider: 'google', email: demo.email, appName: 'Partner App', returnUri: null });
    expect(opened.headers.getSetCookie().join('\n')).toMatch(new RegExp(`${APP_LINK_COOKIE}=[^;]+; Path=/api; HttpOnly; SameSite=Lax`));
    // Once: another browser (or this one again) with the same ticket gets nothing.
    const thief = new Client(t.base);
    expect((await thief.post('/api/social/app-link/open', { ticket })).body.errorCode).toBe(E.invalidToken);
    expect((await browser.post('/api/social/app-link/open', { ticket })).body.errorCode).toBe(E.invalidToken);
    expect((await thief.get('/api/social/app-link')).status).toBe(404);
    expect((await thief.post('/api/social/app-link/start', {})).status).toBe(404);
    // A reload of the page reads the same state by the cookie.
    expect((await browser.get('/api/social/app-link')).body.result.status).toBe('confirm');

    const start = await browser.post('/api/social/app-link/start', {});
    expect(start.status, start.text).toBe(200);
    expect(new URL(start.body.result.location).searchParams.get('prompt')).toBe('select_account');
    const back = await atGoogle(browser, start.body.result.location, demo);
    expect(back.toString()).toBe(`${t.server.ctx.options.publicOrigin}/social/app-link`);

    // Nothing is linked before the person saw which Google account goes to which ID, and said so.
    const review = await browser.get('/api/social/app-link');
    expect(review.body.result).toEqual({ status: 'review', provider: 'google', email: demo.email, providerEmail: demo.email, appName: 'Partner App', returnUri: null });
    expect((await app.get(`/api/accounts/${id}/linked-sign-ins`, { auth: true })).body.result.identities).toEqual([]);
    expect((await thief.post('/api/social/app-link/finish', {})).status).toBe(404);
    const done = await browser.post('/api/social/app-link/finish', {});
    expect(done.status, done.text).toBe(200);
    expect(done.body.result).toEqual({ status: 'linked', provider: 'google', email: demo.email, appName: 'Partner App', returnUri: RETURN_URI });
    expect((await browser.post('/api/social/app-link/finish', {})).status).toBe(404); // once
    // The app's Security page sees it; the owner is told, as for any link.
    const list = await app.get(`/api/accounts/${id}/linked-sign-ins`, { auth: true });
    expect(list.body.result.identities).toMatchObject([{ id: 'social:google', email: demo.email }]);
    const events = await app.get(`/api/account/${id}/security-events`, { auth: true });
    expect(events.body.result.events.map((e: { kind: string }) => e.kind)).toContain('sign_in_linked');
    expect((await mails(app, demo.email)).map((m) => m.subject)).toContain('Google now signs you in to your Unified ID');
    expect((await browser.get('/api/social/app-link')).body.result.status).toBe('linked');
    // Over: no second start from this hand-off.
    expect((await browser.post('/api/social/app-link/start', {})).status).toBe(404);

    // Unlinked again for the tests after this one.
    const unlinked = await app.post(`/api/accounts/${id}/linked-sign-ins/unlink`, { id: 'social:google' }, { auth: true, security: true });
    expect(unlinked.status, unlinked.text).toBe(200);
  });

  it('cancelled, expired, or the Google account of another ID: nothing is linked, and the page says why', async () => {
    const { app, id } = await appSignedIn();

    // Cancelled on the confirmation.
    const cancelled = new Client(t.base);
    await cancelled.post('/api/social/app-link/open', { ticket: await ticketFor(app, id) });
    const answer = await cancelled.post('/api/social/app-link/cancel', {});
    expect(answer.body.result).toMatchObject({ status: 'failed', failure: 'cancelled', returnUri: RETURN_URI });
    expect((await cancelled.post('/api/social/app-link/start', {})).status).toBe(404);

    // A ticket not opened in time.
    const late = await ticketFor(app, id);
    await store().updateTable('social_app_links').set({ expires_at: t.server.ctx.now() - 1 }).where('status', '=', 'issued').execute();
    expect((await new Client(t.base).post('/api/social/app-link/open', { ticket: late })).body.errorCode).toBe(E.invalidToken);

    // A new ticket ends the one before it.
    const first = await ticketFor(app, id);
    await ticketFor(app, id);
    expect((await new Client(t.base).post('/api/social/app-link/open', { ticket: first })).body.errorCode).toBe(E.invalidToken);

    // Cancelled on the review of Google's answer: nothing linked.
    const reviewed = new Client(t.base);
    await reviewed.post('/api/social/app-link/open', { ticket: await ticketFor(app, id) });
    await atGoogle(reviewed, (await reviewed.post('/api/social/app-link/start', {})).body.result.location, gina);
    expect((await reviewed.get('/api/social/app-link')).body.result).toMatchObject({ status: 'review', providerEmail: gina.email });
    expect((await reviewed.post('/api/social/app-link/cancel', {})).body.result).toMatchObject({ status: 'failed', failure: 'cancelled' });
    expect((await reviewed.post('/api/social/app-link/finish', {})).status).toBe(404);
    expect((await app.get(`/api/accounts/${id}/linked-sign-ins`, { auth: true })).body.result.identities).toEqual([]);

    // A new ticket while Google's page is open: the answer that comes after carries the old hand-off on no more.
    const slow = new Client(t.base);
    await slow.post('/api/social/app-link/open', { ticket: await ticketFor(app, id) });
    const slowStart = await slow.post('/api/social/app-link/start', {});
    const lateAnswer = await googleAnswer(slowStart.body.result.location, gina);
    await ticketFor(app, id);
    expect((await slow.get(lateAnswer)).body.errorCode).toBe(E.invalidToken);
    expect((await slow.get('/api/social/app-link')).status).toBe(404);
    expect((await app.get(`/api/accounts/${id}/linked-sign-ins`, { auth: true })).body.result.identities).toEqual([]);

    // Gina's Google is linked to another ID (here, another demo account's): refused, said by name.
    const other = await t.server.ctx.region('Use').selectFrom('accounts').select('id').where('email', '=', 'us@example.com').executeTakeFirstOrThrow();
    await store().insertInto('social_sign_in_links').values({ provider: 'google', subject: gina.sub, account_region: 'Use', account_id: other.id, email: gina.email, linked_at: t.server.ctx.now() }).execute();
    const browser = new Client(t.base);
    await browser.post('/api/social/app-link/open', { ticket: await ticketFor(app, id) });
    const start = await browser.post('/api/social/app-link/start', {});
    await atGoogle(browser, start.body.result.location, gina);
    expect((await browser.get('/api/social/app-link')).body.result).toMatchObject({ status: 'failed', failure: 'taken', returnUri: RETURN_URI });
    expect((await app.get(`/api/accounts/${id}/linked-sign-ins`, { auth: true })).body.result.identities).toEqual([]);
    await store().deleteFrom('social_sign_in_links').where('subject', '=', gina.sub).execute();
  });

  it("a Google account whose vouched address is another ID's is not linked to the ticket's ID (a lure with someone else's ticket)", async () => {
    // us@example.com made the ticket; the person at the browser signs in to Google as demo@example.com, whose address has its own ID.
    const { app, id } = await appSignedIn('us@example.com');
    const browser = new Client(t.base);
    await browser.post('/api/social/app-link/open', { ticket: await ticketFor(app, id) });
    await atGoogle(browser, (await browser.post('/api/social/app-link/start', {})).body.result.location, demo);
    expect((await browser.get('/api/social/app-link')).body.result).toMatchObject({ status: 'failed', failure: 'addressTaken' });
    expect((await browser.post('/api/social/app-link/finish', {})).status).toBe(404);
    expect((await app.get(`/api/accounts/${id}/linked-sign-ins`, { auth: true })).body.result.identities).toEqual([]);
  });

  it("copied cookies: the flow's alone takes no answer and ends the flow; the lurer's copy of the hand-off finishes nothing once the answer came", async () => {
    const { app, id } = await appSignedIn();
    const lurer = new Client(t.base);
    await lurer.post('/api/social/app-link/open', { ticket: await ticketFor(app, id) });
    const start = await lurer.post('/api/social/app-link/start', {});
    const callback = await googleAnswer(start.body.result.location, gina);
    // Planted in the victim's browser: the flow's cookie alone. Refused, and the flow ends: the same
    // address carried back to the lurer's browser finishes nothing either.
    const flowOnly = new Client(t.base);
    flowOnly.cookies.set('uid_social_flow', lurer.cookies.get('uid_social_flow')!);
    expect((await flowOnly.get(callback)).body.errorCode).toBe(E.invalidToken);
    expect((await lurer.get(callback)).body.errorCode).toBe(E.invalidToken);
    expect((await lurer.get('/api/social/app-link')).body.result).toMatchObject({ status: 'failed', failure: 'expired' });
    expect((await app.get(`/api/accounts/${id}/linked-sign-ins`, { auth: true })).body.result.identities).toEqual([]);

    // Both cookies planted in the victim's browser, from a new hand-off of the lurer's.
    await lurer.post('/api/social/app-link/open', { ticket: await ticketFor(app, id) });
    const again = await lurer.post('/api/social/app-link/start', {});
    const callback2 = await googleAnswer(again.body.result.location, gina);
    // Both planted: the victim's browser takes the answer and is shown the review; the lurer's copy is stale.
    const victim = new Client(t.base);
    for (const [name, value] of lurer.cookies) victim.cookies.set(name, value);
    expect((await victim.get(callback2)).status).toBe(302);
    expect((await lurer.post('/api/social/app-link/finish', {})).status).toBe(404);
    expect((await lurer.get('/api/social/app-link')).status).toBe(404);
    expect((await victim.get('/api/social/app-link')).body.result).toMatchObject({ status: 'review', email: demo.email, providerEmail: gina.email });
    expect((await victim.post('/api/social/app-link/cancel', {})).body.result.failure).toBe('cancelled');
    expect((await app.get(`/api/accounts/${id}/linked-sign-ins`, { auth: true })).body.result.identities).toEqual([]);
  });

  it('the answer of the provider counts only in the browser that opened the hand-off', async () => {
    const { app, id } = await appSignedIn();
    const browser = new Client(t.base);
    await browser.post('/api/social/app-link/open', { ticket: await ticketFor(app, id) });
    const start = await browser.post('/api/social/app-link/start', {});
    const answer = await googleAnswer(start.body.result.location, demo);
    // Sent to someone else's browser: refused before the code is spent, nothing linked.
    const other = await new Client(t.base).get(answer);
    expect(other.body.errorCode).toBe(E.invalidToken);
    expect((await app.get(`/api/accounts/${id}/linked-sign-ins`, { auth: true })).body.result.identities).toEqual([]);
    // And the hand-off ends: the address carried back to the right browser finishes nothing.
    expect((await browser.get('/api/social/app-link')).body.result).toMatchObject({ status: 'failed', failure: 'expired' });
    expect((await browser.get(answer)).body.errorCode).toBe(E.invalidToken);
  });
});
