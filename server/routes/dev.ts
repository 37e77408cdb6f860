/** Development mailbox: the outbox as HTML (/dev/mail) and JSON (/dev/mail.json). Off in production. */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { htmlPage } from '../http/pages';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function devRoutes(ctx: Ctx) {
  return async (app: FastifyInstance) => {
    if (ctx.options.production || !ctx.mailer.usesOutbox) return;
    app.get<{ Querystring: { to?: string } }>('/dev/mail.json', async (req, reply) => {
      const to = req.query.to?.toLowerCase();
      const mails = (await ctx.mailer.outbox()).filter((m) => !to || m.to.toLowerCase() === to);
      return reply.header('Cache-Control', 'no-store').send(mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, links: m.links, kind: m.kind, language: m.language, createdAt: m.createdAt })));
    });
    app.get('/dev/mail', async (_req, reply) => {
      const mails = await ctx.mailer.outbox();
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
