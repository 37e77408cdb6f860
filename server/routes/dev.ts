/**
 * Development helpers, off in production: the mailbox (the development mailbox as HTML at /dev/mail and
 * JSON at /dev/mail.json; reading it first sends what the outbox holds, so a page or a test sees
 * the mail of the request it just made), the partner-app simulator (/dev/app-simulator,
 * /dev/app-sign-in) and the features' stand-ins for other systems (the `devStandIns` point).
 */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { htmlPage } from '../http/pages';
import { appSimulatorRoutes } from './devAppSimulator';
import { escapeHtml as esc } from '../http/html';

export function devRoutes(ctx: Ctx) {
  return async (app: FastifyInstance) => {
    if (ctx.options.production) return;
    await app.register(appSimulatorRoutes(ctx));
    // The features' stand-ins for the systems around the portal (the migration plugin's old accounts).
    for (const standIn of ctx.extensions.all('devStandIns')) await app.register((scope) => standIn.routes(scope, ctx));
    if (!ctx.mailer.devMailbox) return;
    app.get<{ Querystring: { to?: string } }>('/dev/mail.json', async (req, reply) => {
      const to = req.query.to?.toLowerCase();
      const mails = (await ctx.mailer.devMails()).filter((m) => !to || m.to.toLowerCase() === to);
      return reply.header('Cache-Control', 'no-store').send(mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, links: m.links, kind: m.kind, language: m.language, createdAt: m.createdAt })));
    });
    app.get('/dev/mail', async (_req, reply) => {
      const mails = await ctx.mailer.devMails();
      const items = mails
        .map((m) => {
          const text = esc(m.text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
          return `<article><h2>${esc(m.subject)}</h2><p><strong>To:</strong> ${esc(m.to)} · ${new Date(m.createdAt).toISOString()}</p><pre>${text}</pre></article>`;
        })
        .join('<hr>');
      return htmlPage(reply, 'Development mailbox', `<h1>Development mailbox</h1><p>${mails.length} mail(s), newest first. JSON: <a href="/dev/mail.json">/dev/mail.json</a></p>${items || '<p>No mail yet.</p>'}`);
    });
  };
}
