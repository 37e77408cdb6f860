/**
 * Development only: the partner apps, simulated. `/dev/app-sign-in` stands in for an app's own
 * native sign-in (the real password check, lockout and MFA rules apply; the tokens are issued
 * to the app's client under a new sign-in session, and no cookie is set: the app's HTTP client
 * is not the web view). `/dev/app-simulator` loads the portal in a phone-sized frame with the
 * query an app sends and a fake bridge that logs the calls.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { APP_CLIENT_IDS, APP_TYPES, type AppType, type DevAppSignInResult } from '../../core/contract/partnerApp';
import { LANGUAGES } from '../../core/i18n/languages';
import type { Ctx } from '../context';
import { DEMO_PASSWORD } from '../demo/seed';
import { createSsoSession, issueTokens } from '../domain/sessions';
import { signIn } from '../domain/signin';
import { eventContext, recordSignIn } from '../domain/securityEvents';
import { body, clientIp, limitAuth, S } from '../http/common';
import { htmlPage } from '../http/pages';
import { REPO_ROOT } from '../options';
import { escapeHtml as esc } from '../http/html';

const SCRIPT = path.join(REPO_ROOT, 'server/demo/app-simulator.js');

function simulatorHtml(): string {
  const languages = LANGUAGES.map((l) => `<option value="${esc(l.code)}"${l.code === 'en_US' ? ' selected' : ''}>${esc(l.nativeName)} (${esc(l.code)})</option>`).join('');
  return `<h1>Partner app simulator</h1>
<p>Opens the portal the way the Android or iOS app does: it signs in as the app (the real password check), then loads the page with the app's query and a fake native bridge that logs every call. Development mode only.</p>
<form id="launch">
  <p><label>App <select name="app"><option value="partner_app_android">Android (JavaScript interface)</option><option value="partner_app_ios">iOS (message handler)</option></select></label></p>
  <p><label>Email <input name="email" type="email" value="demo@example.com" required></label></p>
  <p><label>Password <input name="password" type="text" value="${esc(DEMO_PASSWORD)}" required></label></p>
  <p><label>Language <select name="locale">${languages}</select></label></p>
  <p><label>App version <input name="appVersion" value="3.2.0"></label></p>
  <p><label>Start page <select name="path"><option>/accountSetting/myProfile</option><option>/accountSetting/security</option><option>/accountSetting/company</option><option>/accountSetting/account</option></select></label></p>
  <p><label>appType sent to the page (blank: the app's own) <input name="appTypeOverride" placeholder="e.g. partner_app_windows"></label></p>
  <p><label><input name="noBridge" type="checkbox"> No bridge (as if opened outside the app)</label></p>
  <p><button type="submit">Launch</button> <button type="button" id="account-updated" disabled>Tell the page the account changed</button></p>
</form>
<p id="error" role="alert"></p>
<section id="app-login" hidden><h2>App login screen</h2><p>The app signed out and shows its own sign-in here.</p><button type="button" id="relaunch">Sign in again</button></section>
<iframe id="phone" title="Portal inside the app" hidden width="375" height="740"></iframe>
<h2>Bridge calls</h2>
<ol id="log" aria-live="polite"></ol>`;
}

export function appSimulatorRoutes(ctx: Ctx) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: { email: string; password: string; appType: AppType } }>(
      '/dev/app-sign-in',
      { schema: { body: body({ email: S.email, password: S.password, appType: { type: 'string', enum: [...APP_TYPES] } }, ['email', 'password', 'appType']) } },
      async (req) => {
        await limitAuth(ctx, req, 'login');
        const context = eventContext(clientIp(req), req.headers);
        const { region, account, methods } = await signIn(ctx, { email: req.body.email, password: req.body.password }, { ip: clientIp(req), clientRequiresCaptcha: false, context });
        await recordSignIn(ctx, region, account, context);
        const session = await createSsoSession(ctx, region, account, { ip: clientIp(req), userAgent: req.headers['user-agent'] ?? null }, methods);
        const tokens = await issueTokens(ctx, region, account.id, session.id, APP_CLIENT_IDS[req.body.appType]);
        const result: DevAppSignInResult = { tokenType: 'Bearer', accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, sessionId: session.id, region };
        return result;
      },
    );
    app.get('/dev/app-simulator', async (_req, reply) => htmlPage(reply, 'Partner app simulator', simulatorHtml(), 200, '/dev/app-simulator.js', { framesSelf: true }));
    app.get('/dev/app-simulator.js', async (_req, reply) => reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-store').send(readFileSync(SCRIPT, 'utf8')));
  };
}
