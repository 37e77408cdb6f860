/** Demo connected service (/demo-service/) and demo help desk (/demo-helpdesk/). */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import type { Ctx } from '../context';
import { htmlPage } from '../http/pages';
import { REPO_ROOT } from '../options';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function demoRoutes(ctx: Ctx) {
  const script = fs.readFileSync(path.join(REPO_ROOT, 'server', 'demo', 'public', 'app.js'), 'utf8');
  const captchaTestScript = fs.readFileSync(path.join(REPO_ROOT, 'server', 'demo', 'public', 'captcha-test.js'), 'utf8');
  const seenJti = new Map<string, number>();
  return async (app: FastifyInstance) => {
    app.get('/demo-service', async (_req, reply) => reply.redirect('/demo-service/', 302));
    app.get('/demo-service/', async (_req, reply) =>
      htmlPage(
        reply,
        'Demo Service',
        `<h1>Demo Service</h1><p>A connected service that signs in through the Unified ID portal (authorization code + PKCE).</p><h2 id="who">Welcome</h2><p id="out" role="status"></p><button id="signin" type="button">Sign in with Unified ID</button> <button id="signout" type="button">Sign out</button><p><a href="/demo-helpdesk/">Demo help desk</a></p>`,
        200,
        '/demo-service/app.js',
      ),
    );
    app.get('/demo-service/callback', async (_req, reply) =>
      htmlPage(reply, 'Demo Service', '<h1>Demo Service</h1><p id="out" role="status">Signing in…</p>', 200, '/demo-service/app.js'),
    );
    app.get('/demo-service/app.js', async (_req, reply) => reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(script));
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
        for (const [k, exp] of seenJti) if (exp < now) seenJti.delete(k);
        if (!jti || seenJti.has(jti)) throw new Error('replayed token');
        seenJti.set(jti, now + 600_000);
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
