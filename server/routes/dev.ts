/**
 * Development helpers, off in production: the mailbox (the development mailbox as HTML at /dev/mail and
 * JSON at /dev/mail.json; reading it first sends what the outbox holds, so a page or a test sees
 * the mail of the request it just made), a stand-in for the older systems (/dev/legacy-accounts) and the
 * partner-app simulator (/dev/app-simulator, /dev/app-sign-in).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { normalizeEmail } from '../domain/validation';
import { htmlPage } from '../http/pages';
import { appSimulatorRoutes } from './devAppSimulator';
import { escapeHtml as esc } from '../http/html';

export function devRoutes(ctx: Ctx) {
  return async (app: FastifyInstance) => {
    if (ctx.options.production) return;
    await app.register(appSimulatorRoutes(ctx));
    // What a partner app or the partner program does when someone signs up there: a local
    // account with that address appears, to be merged into the Unified ID later.
    app.post<{ Body: { email: string; provider: 'partnerProgram' | 'partnerApp'; password: string; firstName?: string; lastName?: string } }>(
      '/dev/legacy-accounts',
      {
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['email', 'provider', 'password'],
            properties: {
              email: { type: 'string', minLength: 3, maxLength: 64 },
              provider: { type: 'string', enum: ['partnerProgram', 'partnerApp'] },
              password: { type: 'string', minLength: 6, maxLength: 32 },
              firstName: { type: 'string', maxLength: 100 },
              lastName: { type: 'string', maxLength: 100 },
            },
          },
        },
      },
      async (req, reply) => {
        const uuid = randomUUID();
        const { email, provider, password, firstName = '', lastName = '' } = req.body;
        await ctx.stores.legacy
          .insertInto('legacy_accounts')
          .values({ uuid, provider, email: normalizeEmail(email), password_hash: await ctx.passwords.hash(password), first_name: firstName, last_name: lastName, region: null, mfa: 0, subscription: 1, product_line: 'NVR', subscription_topic: 'news', migrated_at: null, migrated_to: null })
          .execute();
        return reply.code(201).send({ uuid });
      },
    );
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
