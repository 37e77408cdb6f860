/**
 * The older systems' stand-in in development (never in production): what a partner app or the
 * partner program does when someone signs up there. A local account with that address appears,
 * to be merged into the Unified ID later (POST /dev/legacy-accounts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { normalizeEmail, type ServerContext as Ctx } from '@portal/server-api';
import { legacyStore } from './tables';

export async function oldSystemsStandIn(app: FastifyInstance, ctx: Ctx): Promise<void> {
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
      await legacyStore(ctx)
        .insertInto('legacy_accounts')
        .values({ uuid, provider, email: normalizeEmail(email), password_hash: await ctx.passwords.hash(password), first_name: firstName, last_name: lastName, region: null, mfa: 0, subscription: 1, product_line: 'NVR', subscription_topic: 'news', migrated_at: null, migrated_to: null })
        .execute();
      return reply.code(201).send({ uuid });
    },
  );
}
