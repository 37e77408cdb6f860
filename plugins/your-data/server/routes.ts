import type { FastifyInstance } from 'fastify';
import { answerSent, authHeaders, body, checkAccountPasswordRecorded, clientIp, connectedServicesOf, ensureSelf, eventContext, fail, idParams, limitAuth, ok, recordSecurityEvent, requireAuth, S, type AccountTable, type ServerContext as Ctx } from '@portal/server-api';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { exportFileName, type ClosedResult, type ClosureFacts, type CloseRequest, type DataExportResult, type DownloadRequest, type RestoreInfo, type RestoreRequest } from '../contract';
import { closeAccount, closureFacts, inspectRestore, restoreAccount } from './closures';
import { deleteExport, exportOf, readyArchive, requestExport } from './exports';

export function yourDataRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get<{ Params: { id: string } }>('/accounts/:id/data-export', { schema: { params: idParams, headers: authHeaders } }, async (req, reply) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      reply.header('Cache-Control', 'no-store');
      return ok<DataExportResult>({ export: await exportOf(ctx, auth.region, auth.account.id) });
    });

    api.post<{ Params: { id: string } }>('/accounts/:id/data-export', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      const asked = await requestExport(ctx, auth.region, auth.account);
      if (asked.created) await recordSecurityEvent(ctx, { region: auth.region, id: auth.account.id }, 'data_export_requested', eventContext(clientIp(req), req.headers));
      return ok<DataExportResult>({ export: asked.export });
    });

    api.delete<{ Params: { id: string } }>('/accounts/:id/data-export', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      await deleteExport(ctx, auth.region, auth.account.id);
      return ok<DataExportResult>({ export: null });
    });

    // The copy holds everything about the person: it is handed out only to the password, asked again
    // here (a wrong one counts toward the account's lock, as at the sign-in), never to the session alone.
    api.post<{ Params: { id: string }; Body: DownloadRequest }>(
      '/accounts/:id/data-export/download',
      { schema: { params: idParams, headers: authHeaders, body: body({ password: S.password }, ['password']) } },
      async (req, reply) => {
        const auth = await requireAuth(ctx, req);
        ensureSelf(auth, req.params.id);
        await limitAuth(ctx, req, 'your-data');
        refuseWithoutPassword(auth.account, 'download your copy');
        const context = eventContext(clientIp(req), req.headers);
        await checkAccountPasswordRecorded(ctx, auth.region, auth.account, req.body.password, context, 'security_unlock_failed', undefined, answerSent(reply));
        const archive = await readyArchive(ctx, auth.region, auth.account.id);
        if (!archive) fail(E.invalidParameter, { field: 'export' }, 'There is no copy of your data ready to download. Please ask for a new one.', 404);
        await recordSecurityEvent(ctx, { region: auth.region, id: auth.account.id }, 'data_export_downloaded', context);
        reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', `attachment; filename="${exportFileName(archive.requestedAt)}"`)
          .header('Cache-Control', 'no-store');
        return reply.send(archive.zip);
      },
    );

    api.get<{ Params: { id: string } }>('/accounts/:id/closure', { schema: { params: idParams, headers: authHeaders } }, async (req, reply) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      reply.header('Cache-Control', 'no-store');
      const services = (await connectedServicesOf(ctx, auth.account)).map((service) => service.name ?? service.clientId);
      return ok<ClosureFacts>(await closureFacts(ctx, auth.region, auth.account, services));
    });

    // Closing asks for the password again, as the download does: a session left open is not enough.
    api.post<{ Params: { id: string }; Body: CloseRequest }>(
      '/accounts/:id/closure',
      { schema: { params: idParams, headers: authHeaders, body: body({ password: S.password }, ['password']) } },
      async (req, reply) => {
        const auth = await requireAuth(ctx, req);
        ensureSelf(auth, req.params.id);
        await limitAuth(ctx, req, 'your-data');
        refuseWithoutPassword(auth.account, 'close your ID');
        const context = eventContext(clientIp(req), req.headers);
        await checkAccountPasswordRecorded(ctx, auth.region, auth.account, req.body.password, context, 'security_unlock_failed', undefined, answerSent(reply));
        return ok<ClosedResult>(await closeAccount(ctx, auth.region, auth.account, context, auth.account.language));
      },
    );

    // The restore link's page: signed out (a closed ID has no session). The link is the proof: it went to the ID's mailbox.
    api.post<{ Body: RestoreRequest }>('/account-restore/check', { schema: { body: body({ token: S.str(200, 1) }, ['token']) } }, async (req, reply) => {
      await limitAuth(ctx, req, 'restore');
      reply.header('Cache-Control', 'no-store');
      return ok<RestoreInfo>(await inspectRestore(ctx, req.body.token));
    });

    api.post<{ Body: RestoreRequest }>('/account-restore', { schema: { body: body({ token: S.str(200, 1) }, ['token']) } }, async (req) => {
      await limitAuth(ctx, req, 'restore');
      return ok<RestoreInfo>(await restoreAccount(ctx, req.body.token, eventContext(clientIp(req), req.headers)));
    });
  };
}

/**
 * An ID made at another provider has a random password until its person sets one: no guess could be
 * right, and each would count toward the lock. Said instead, with the way to set one.
 */
function refuseWithoutPassword(account: AccountTable, what: string): void {
  if (account.password_set === 0) fail(E.invalidParameter, { field: 'password', reason: 'notSet' }, `Your ID has no password yet. Set one with "Forgot password" on the sign-in page, then ${what}.`, 409);
}
