/**
 * Demo connected service (/demo-service/: OpenID Connect with oidc-client-ts; /demo-service/handoff/:
 * the spec's own hand-off) and demo help desk (/demo-helpdesk/).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { jwtVerify } from 'jose';
import type { Ctx } from '../context';
import { OIDC_CLIENT_SCRIPT, VENDOR_PATH, vendorFiles } from '../demo/vendorFiles';
import { DEMO_CLIENT_ID, DEMO_HANDOFF_CALLBACK_PATH, DEMO_OIDC_CALLBACK_PATH } from '../domain/oauth';
import { htmlPage } from '../http/pages';
import { OIDC_PATH } from '../oidc/paths';
import { firstUse } from '../db/sharedState';
import { REPO_ROOT } from '../options';
import { escapeHtml as esc } from '../http/html';

/** What the demo page's script is configured with (data-* attributes: no inline script under the CSP). */
export interface DemoServiceSettings {
  /** The issuer: oidc-client-ts reads its discovery document. */
  authority: string;
  clientId: string;
  redirectUri: string;
  /** The page the callback leaves in the address bar, and where a sign-out will return. */
  home: string;
}

export function demoServiceSettings(ctx: Pick<Ctx, 'options'>): DemoServiceSettings {
  const o = ctx.options.publicOrigin;
  return { authority: `${o}${OIDC_PATH}`, clientId: DEMO_CLIENT_ID, redirectUri: `${o}${DEMO_OIDC_CALLBACK_PATH}`, home: `${o}/demo-service/` };
}

/** The demo service's page (also served by the cross-origin e2e, with another client's settings). */
export function demoServiceBody(s: DemoServiceSettings): string {
  return `<main id="service" data-authority="${esc(s.authority)}" data-client-id="${esc(s.clientId)}" data-redirect-uri="${esc(s.redirectUri)}" data-home="${esc(s.home)}">
<h1>Demo Service</h1>
<p>A connected service that signs in through the Unified ID portal with OpenID Connect: <code>oidc-client-ts</code> in the browser (authorization code + PKCE), the ID token checked with jose.</p>
<h2 id="who">Welcome</h2>
<p id="out" role="status"></p>
<dl id="session" hidden></dl>
<button id="signin" type="button">Sign in with Unified ID</button> <button id="renew" type="button" hidden>Refresh tokens</button> <button id="signout" type="button" hidden>Sign out</button> <button id="signout-everywhere" type="button" hidden>Sign out of Unified ID</button>
<p><a href="/demo-service/handoff/">The same service with the portal's own hand-off</a> · <a href="/demo-helpdesk/">Demo help desk</a></p>
</main>`;
}

export function demoRoutes(ctx: Ctx) {
  const handoffScript = fs.readFileSync(path.join(REPO_ROOT, 'server', 'demo', 'public', 'handoff.js'), 'utf8');
  const serviceScript = fs.readFileSync(path.join(REPO_ROOT, 'server', 'demo', 'public', 'service.mjs'), 'utf8');
  const vendor = vendorFiles(REPO_ROOT);
  const captchaTestScript = fs.readFileSync(path.join(REPO_ROOT, 'server', 'demo', 'public', 'captcha-test.js'), 'utf8');
  return async (app: FastifyInstance) => {
    app.get('/demo-service', async (_req, reply) => reply.redirect('/demo-service/', 302));
    // The OpenID Connect page: one page for the service and its callback (the script tells them apart).
    const servicePage = async (_req: unknown, reply: FastifyReply) =>
      htmlPage(reply, 'Demo Service', demoServiceBody(demoServiceSettings(ctx)), 200, [OIDC_CLIENT_SCRIPT, '/demo-service/service.mjs']);
    app.get('/demo-service/', servicePage);
    app.get(DEMO_OIDC_CALLBACK_PATH, servicePage);
    app.get('/demo-service/service.mjs', async (_req, reply) => reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(serviceScript));
    app.get<{ Params: { '*': string } }>(`${VENDOR_PATH}/*`, async (req, reply) => {
      const file = vendor.get(req.params['*']);
      if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.header('Cache-Control', 'no-cache').type(file.type).send(file.body);
    });

    // The spec's own hand-off, written by hand (handoff.js): what clients of the portal's API do.
    app.get('/demo-service/handoff', async (_req, reply) => reply.redirect('/demo-service/handoff/', 302));
    app.get('/demo-service/handoff/', async (_req, reply) =>
      htmlPage(
        reply,
        'Demo Service (hand-off)',
        `<h1>Demo Service</h1><p>The same service signing in with the portal's own hand-off: <code>/api/authorize</code>, the login page's session code, <code>/api/token</code> (authorization code + PKCE), written by hand.</p><h2 id="who">Welcome</h2><p id="out" role="status"></p><button id="signin" type="button">Sign in with Unified ID</button> <button id="signout" type="button">Sign out</button><p><a href="/demo-service/">Sign in with OpenID Connect instead</a> · <a href="/demo-helpdesk/">Demo help desk</a></p>`,
        200,
        '/demo-service/handoff.js',
      ),
    );
    app.get(DEMO_HANDOFF_CALLBACK_PATH, async (_req, reply) =>
      htmlPage(reply, 'Demo Service', '<h1>Demo Service</h1><p id="out" role="status">Signing in…</p>', 200, '/demo-service/handoff.js'),
    );
    app.get('/demo-service/handoff.js', async (_req, reply) => reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(handoffScript));
    if (!ctx.options.production) {
      // Development only: a parent page for the captcha frame, as the login page embeds it.
      app.get('/demo-service/captcha-test.html', async (_req, reply) =>
        htmlPage(
          reply,
          'Captcha frame test',
          '<h1>Captcha frame test</h1><p>Development page: the captcha frame embedded as on the login page, and the messages it sent.</p><div id="slot"></div><h2>Messages</h2><ol id="messages"></ol><p>Ignored messages: <span id="ignored">0</span></p>',
          200,
          '/demo-service/captcha-test.js',
          { framesSelf: true },
        ),
      );
      app.get('/demo-service/captcha-test.js', async (_req, reply) => reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(captchaTestScript));
    }
    app.get('/demo-service/privacy.html', async (_req, reply) =>
      htmlPage(reply, 'Privacy policy', `<h1>Privacy policy (version ${ctx.options.privacyPolicyVersion})</h1><p>This demo privacy policy explains which account data the Unified ID keeps, in which data region, and for how long.</p>`),
    );

    app.get('/demo-service/terms.html', async (_req, reply) =>
      htmlPage(reply, 'Terms of Use', '<h1>Terms of Use</h1><p>These demo terms of use describe how business partners may use the Unified ID and its connected services.</p>'),
    );

    app.get('/demo-helpdesk/', async (_req, reply) => {
      const back = `${ctx.options.publicOrigin}/demo-helpdesk/`;
      const url = `/api/helpdesk/sso?brand_id=1&locale_id=1&return_to=${encodeURIComponent(back)}`;
      return htmlPage(reply, 'Demo Help Center', `<h1>Demo Help Center</h1><p>Sign in with your Unified ID to open support tickets.</p><a class="button" href="${url}">Sign in</a>`);
    });

    app.get<{ Querystring: { jwt?: string; return_to?: string } }>('/demo-helpdesk/access/jwt', async (req, reply) => {
      try {
        const { payload } = await jwtVerify(req.query.jwt ?? '', new TextEncoder().encode(ctx.options.helpdesk.secret), {
          algorithms: ['HS256'],
          currentDate: new Date(ctx.now()),
          maxTokenAge: '5m',
        });
        const jti = String(payload.jti ?? '');
        const now = ctx.now();
        // Remembered in the global store: a replay to another server process is refused too.
        if (!jti || !(await firstUse(ctx.stores.global, `helpdesk-jti:${jti}`, now, now + 600_000))) throw new Error('replayed token');
        const returnTo = req.query.return_to && req.query.return_to.startsWith(ctx.options.publicOrigin + '/') ? req.query.return_to : '/demo-helpdesk/';
        return htmlPage(
          reply,
          'Demo Help Center',
          `<h1>Demo Help Center</h1><p id="who">Signed in to the help desk as <strong>${esc(String(payload.name ?? ''))}</strong> (${esc(String(payload.email ?? ''))}).</p><p>Verified JWT claims:</p><pre>${esc(JSON.stringify(payload, null, 2))}</pre><p><a href="${esc(returnTo)}">Continue</a></p>`,
        );
      } catch (err) {
        return htmlPage(reply, 'Demo Help Center', `<h1>Sign-in refused</h1><p>The JWT could not be verified: ${esc((err as Error).message)}</p>`, 401);
      }
    });
  };
}
