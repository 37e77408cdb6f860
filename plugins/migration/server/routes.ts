/** Migration and merge of local accounts (regional host). */
import type { FastifyInstance } from 'fastify';
import type { LocalAccountsResult, MergeRequest, MigrateRequest } from '@portal/plugin-api/contract';
import { authHeaders, body, clientOfSessionCode, limitAuth, ok, requireAuth, requireHostRegion, resolveRegionChoice, S, type ServerContext as Ctx } from '@portal/server-api';
import { createMigrationToken, legacyItem, localAccounts, mergeLocal, migrateLocal, vendorItem } from './migration';

const provider = { type: 'string', enum: ['partnerProgram', 'partnerApp'] };
/** What both calls name: the -6 answer's token, the address, and which local account. */
const tokenFields = { migrationToken: S.str(200, 1), email: S.email, identityProvider: provider, uuidProvider: S.str(64, 1) };

export function migrationRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    // Signed in, the session itself proves the address: the token is issued without a password.
    api.get('/accounts/local-accounts', { schema: { headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      const locals = await localAccounts(ctx, auth.account.email);
      const result: LocalAccountsResult = {
        vendor: vendorItem(auth.region, auth.account),
        accounts: locals.map(legacyItem),
        migrationToken: locals.length > 0 ? await createMigrationToken(ctx, auth.account.email) : null,
      };
      return ok(result);
    });

    api.post<{ Body: MigrateRequest }>(
      '/register-and-merge',
      {
        schema: {
          body: body(
            {
              ...tokenFields,
              regionCode: S.str(8, 2),
              firstName: S.str(200),
              lastName: S.str(200),
              subscription: S.bool,
              productLine: { type: ['string', 'null'], maxLength: 200 },
              topicSubscription: { type: ['string', 'null'], maxLength: 500 },
              mfaEnabled: S.bool,
              mfaType: { type: ['integer', 'null'] },
              language: S.language,
            },
            ['migrationToken', 'email', 'identityProvider', 'uuidProvider', 'regionCode', 'firstName', 'lastName'],
          ),
        },
      },
      async (req) => {
        await limitAuth(ctx, req, 'migration');
        // The new vendor ID's data will live in the chosen region.
        const choice = resolveRegionChoice(req.body.regionCode);
        if (choice) {
          requireHostRegion(req, choice.region);
          // Judged by the region the vendor ID will live in, whatever host was called.
          ctx.switches.require('migration', { region: choice.region, appType: null });
        }
        return ok(await migrateLocal(ctx, req.body, await clientOfSessionCode(ctx, req.headers.session_code)));
      },
    );

    api.post<{ Body: MergeRequest }>(
      '/accounts/info-and-password',
      {
        schema: {
          body: body(
            {
              ...tokenFields,
              oldPassword: S.password,
              needChangePassword: S.bool,
              newPassword: S.password,
              needSetRegion: S.bool,
              regionCode: S.str(8),
              subscriptionDTO: {
                type: 'array',
                maxItems: 20,
                items: { type: 'object', properties: { productLine: S.str(200), topicSubscription: S.str(500) }, required: ['productLine', 'topicSubscription'], additionalProperties: false },
              },
            },
            ['migrationToken', 'email', 'identityProvider', 'uuidProvider', 'oldPassword', 'needChangePassword', 'needSetRegion'],
          ),
        },
      },
      async (req) => {
        await limitAuth(ctx, req, 'migration');
        return ok(
          await mergeLocal(ctx, req.body, (region) => {
            requireHostRegion(req, region);
            ctx.switches.require('migration', { region, appType: null });
          }),
        );
      },
    );
  };
}
