/** Account, profile, registration, activation, password reset, regions, uploads of avatars. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegisterRequest, RegionConfirmRequest, UpdateInfoRequest, PasswordChangeRequest } from '../../core/contract/account';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { REGION_CODES, type RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import {
  activate,
  changePassword,
  confirmRegion,
  conflictInfo,
  fileUrl,
  getAccount,
  register,
  requestActivationMail,
  requestPasswordReset,
  resetPassword,
  toProfile,
  updateInfo,
  useOneTimeToken,
} from '../domain/accounts';
import { consumeCaptchaToken } from '../domain/captcha';
import { REGION_WHITE_LIST, regionOfCountry, resolveRegionChoice } from '../domain/countries';
import { readUpload, saveUpload, type UploadInput } from '../domain/files';
import { acceptInvite, checkInviteForRegistration } from '../domain/invitations';
import { normalizeEmail } from '../domain/validation';
import { ApiFailure, fail } from '../http/errors';
import { authHeaders, body, clientIp, ensureSelf, idParams, limitAuth, ok, requireAuth, requireHostRegion, requireSecurityToken, S, securityHeaders } from '../http/common';
import { htmlPage } from '../http/pages';

/** Reads a single-file multipart form: the file (bounded) and its text fields. */
export async function readUploadForm(req: FastifyRequest, maxBytes: number): Promise<{ file: UploadInput | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) fail(E.badRequest, undefined, 'multipart/form-data expected');
  const fields: Record<string, string> = {};
  let file: UploadInput | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes + 1 } })) {
      if (part.type === 'file') {
        if (file || part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined);
          continue;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size <= maxBytes + 1) chunks.push(chunk as Buffer);
        }
        file = { data: Buffer.concat(chunks), truncated: part.file.truncated || size > maxBytes, md5: undefined, fileName: part.filename ?? '' };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof ApiFailure) throw err;
    fail(E.badRequest, undefined, 'Malformed upload.');
  }
  if (file) file.md5 = fields.md5;
  return { file, fields };
}

function visitorCountry(req: FastifyRequest): string | null {
  const header = req.headers['viewer-country'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  const lang = req.headers['accept-language'];
  const match = typeof lang === 'string' ? /^[a-z]{2,3}[-_]([A-Z]{2})\b/i.exec(lang) : null;
  return match ? match[1]!.toUpperCase() : null;
}

export function accountRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get('/user-info', { schema: { headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      return ok(toProfile(ctx, auth.region, auth.account));
    });

    api.post<{ Body: UpdateInfoRequest }>(
      '/account/updateInfo',
      {
        schema: {
          headers: authHeaders,
          body: body(
            {
              email: S.email,
              accountId: S.str(64, 1),
              firstName: S.str(200),
              lastName: S.str(200),
              phone: { type: ['string', 'null'], maxLength: 32 },
              nickname: { type: ['string', 'null'], maxLength: 200 },
              jobTitle: { type: ['string', 'null'], maxLength: 200 },
              country: { type: ['string', 'null'], maxLength: 8 },
              timezone: { type: ['string', 'null'], maxLength: 64 },
              language: S.language,
              subscription: S.bool,
            },
            ['email', 'accountId'],
          ),
        },
      },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        const updated = await updateInfo(ctx, auth.region, auth.account, req.body);
        return ok(toProfile(ctx, auth.region, updated));
      },
    );

    api.post<{ Body: { email: string } }>(
      '/accounts/conflictInfo',
      { schema: { headers: authHeaders, body: body({ email: S.email }, ['email']) } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        if (normalizeEmail(req.body.email) !== auth.account.email) fail(E.accountError);
        return ok(await conflictInfo(ctx, auth.region, auth.account));
      },
    );

    api.post('/accounts/avatar/upload', { schema: { headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      const { file, fields } = await readUploadForm(req, 1024 * 1024);
      if (!file) fail(E.invalidParameter, { field: 'file' }, 'file is required');
      if (fields.accountId !== undefined) ensureSelf(auth, fields.accountId);
      const row = await saveUpload(ctx, auth.region, auth.account.id, 'avatar', file);
      return ok({ avatarFileId: row.id, url: fileUrl(ctx, auth.region, row.id) });
    });

    api.post<{ Body: { avatarFileId: string; accountId: string } }>(
      '/accounts/avatar/update',
      { schema: { headers: authHeaders, body: body({ avatarFileId: S.id, accountId: S.str(64, 1) }, ['avatarFileId', 'accountId']) } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        ensureSelf(auth, req.body.accountId);
        const file = await ctx.region(auth.region).selectFrom('files').select(['id', 'account_id', 'kind']).where('id', '=', req.body.avatarFileId).executeTakeFirst();
        if (!file || file.account_id !== auth.account.id || file.kind !== 'avatar') fail(E.invalidParameter, { field: 'avatarFileId' });
        await ctx.region(auth.region).updateTable('accounts').set({ avatar_file_id: file.id, updated_at: ctx.now() }).where('id', '=', auth.account.id).execute();
        return ok(toProfile(ctx, auth.region, await getAccount(ctx, auth.region, auth.account.id)));
      },
    );

    api.get<{ Params: { region: string; id: string } }>(
      '/files/:region/:id',
      { schema: { params: { type: 'object', properties: { region: { type: 'string', enum: ['use', 'aps', 'euw'] }, id: S.str(64, 1) }, required: ['region', 'id'] } } },
      async (req, reply) => {
        const region = REGION_CODES.find((r) => r.toLowerCase() === req.params.region)!;
        const found = await readUpload(ctx, region, req.params.id);
        if (!found) return reply.status(404).send({ errorCode: E.invalidParameter, message: 'No such file.' });
        const { row, data } = found;
        const disposition = row.kind === 'avatar' ? 'inline' : 'attachment';
        const asciiName = row.original_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .header('Content-Type', row.mime)
          .header('Content-Disposition', `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.original_name)}`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, max-age=86400')
          .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .send(data);
      },
    );

    api.post<{ Body: RegisterRequest }>(
      '/register/captcha',
      {
        schema: {
          body: body(
            {
              email: S.email,
              password: S.password,
              regionCode: S.str(8, 2),
              firstName: S.str(200),
              lastName: S.str(200),
              phone: S.str(32),
              subscription: S.bool,
              productLine: S.str(200),
              topicSubscription: S.str(500),
              language: S.language,
              terminalUUID: S.str(64),
              inviteCode: S.str(200),
              captchaToken: S.str(200),
            },
            ['email', 'password', 'regionCode', 'firstName', 'lastName'],
          ),
        },
      },
      async (req) => {
        limitAuth(ctx, req, 'register');
        const key = `${clientIp(req)}|${req.body.terminalUUID ?? ''}`;
        const result = await register(ctx, req.body, {
          async checkCaptcha(region: RegionCode) {
            const risky = ctx.registrations.count(key) >= ctx.options.limits.captchaAfterRegistrations;
            if (risky && !(await consumeCaptchaToken(ctx, req.body.captchaToken))) {
              fail(E.captchaRequired, { serviceRegion: region, captchaUrl: `${ctx.options.publicOrigin}/api/captcha/frame` });
            }
            ctx.registrations.add(key);
          },
          invitation: (code, email) => checkInviteForRegistration(ctx, code, email),
          async afterCreate(account, region) {
            if (req.body.inviteCode) await acceptInvite(ctx, region, account, req.body.inviteCode);
          },
        });
        return ok(result);
      },
    );

    api.post<{ Body: { email: string; language?: string } }>(
      '/activations/email',
      { schema: { body: body({ email: S.email, language: S.language }, ['email']) } },
      async (req) => {
        limitAuth(ctx, req, 'mail');
        await requestActivationMail(ctx, req.body.email, req.body.language);
        return ok({ email: normalizeEmail(req.body.email), resendAfterSeconds: 60 });
      },
    );

    api.get<{ Querystring: { token?: string } }>(
      '/activations/verify',
      { schema: { querystring: { type: 'object', properties: { token: S.str(200) } } } },
      async (req, reply) => {
        const done = await activate(ctx, req.query.token);
        const url = new URL('/login', ctx.options.publicOrigin);
        url.searchParams.set('activated', done ? '1' : '0');
        if (done) url.searchParams.set('email', done.email);
        return reply.redirect(url.toString(), 302);
      },
    );

    api.post<{ Body: { email: string; language?: string } }>(
      '/auth/password-reset-request',
      { schema: { body: body({ email: S.email, language: S.language }, ['email']) } },
      async (req) => {
        limitAuth(ctx, req, 'mail');
        await requestPasswordReset(ctx, req.body.email, req.body.language);
        return ok({ email: normalizeEmail(req.body.email), resendAfterSeconds: 60 });
      },
    );

    // The link of the reset mail opens this server page (no SPA view exists for it).
    api.get<{ Querystring: { token?: string } }>(
      '/password-reset',
      { schema: { querystring: { type: 'object', properties: { token: S.str(200) } } } },
      async (req, reply) => {
        const valid = await useOneTimeToken(ctx, req.query.token, 'reset', false);
        if (!valid) return htmlPage(reply, 'Reset password', '<h1>Link expired</h1><p>This reset link is invalid or has expired. Request a new one from the sign-in page.</p><p><a href="/login">Sign in</a></p>', 400);
        const token = req.query.token!.replace(/[^A-Za-z0-9._-]/g, '');
        return htmlPage(
          reply,
          'Reset password',
          `<h1>Choose a new password</h1><p>For ${escape(valid.account.email)}. 8 to 32 visible characters with at least two of letters, digits and symbols.</p>
<form method="post" action="/api/password-reset"><input type="hidden" name="token" value="${token}">
<label>New password<input type="password" name="password" autocomplete="new-password" required minlength="8" maxlength="32"></label>
<label>Confirm password<input type="password" name="confirmPassword" autocomplete="new-password" required minlength="8" maxlength="32"></label>
<button type="submit">Save password</button></form>`,
        );
      },
    );

    api.post<{ Body: { token: string; password: string; confirmPassword?: string } }>(
      '/password-reset',
      { schema: { body: body({ token: S.str(200, 1), password: S.password, confirmPassword: S.password }, ['token', 'password']) } },
      async (req, reply) => {
        limitAuth(ctx, req, 'reset');
        const isForm = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
        try {
          if (req.body.confirmPassword !== undefined && req.body.confirmPassword !== req.body.password) fail(E.invalidParameter, { field: 'confirmPassword' }, 'Password and Confirm Password inconsistent!');
          const done = await resetPassword(ctx, req.body.token, req.body.password);
          if (!isForm) return ok(done);
          return htmlPage(reply, 'Password changed', '<h1>Password changed</h1><p>Your new password is set and every session was signed out.</p><p><a href="/login">Sign in</a></p>');
        } catch (err) {
          if (!isForm || !(err instanceof ApiFailure)) throw err;
          const back = `/api/password-reset?token=${encodeURIComponent(req.body.token)}`;
          return htmlPage(reply, 'Reset password', `<h1>Not saved</h1><p>${escape(err.message)}</p><p><a href="${back}">Try again</a></p>`, err.status);
        }
      },
    );

    api.get<{ Querystring: { countryCode: string } }>(
      '/region',
      { schema: { querystring: { type: 'object', properties: { countryCode: S.str(8, 2) }, required: ['countryCode'] } } },
      async (req) => {
        const region = regionOfCountry(req.query.countryCode);
        if (!region) fail(E.regionCodeInvalid);
        return ok({ regionCode: region, countryCode: req.query.countryCode.toUpperCase() });
      },
    );

    api.get('/accounts/region', async (req) => {
      const country = visitorCountry(req);
      return ok({ regionCode: regionOfCountry(country), countryCode: country });
    });

    api.get('/region/white-list', async () => ok(REGION_WHITE_LIST));

    api.post<{ Body: RegionConfirmRequest }>(
      '/account',
      { schema: { body: body({ email: S.email, firstName: S.str(200), regionCode: S.str(8, 2), processId: S.str(200, 1) }, ['email', 'regionCode', 'processId']) } },
      async (req) => {
        limitAuth(ctx, req, 'login');
        // After this call the account's data lives in the chosen region: that region's host.
        const choice = resolveRegionChoice(req.body.regionCode);
        if (choice) requireHostRegion(req, choice.region);
        return ok(await confirmRegion(ctx, { ...req.body, firstName: req.body.firstName || normalizeEmail(req.body.email).split('@')[0]! }));
      },
    );

    api.post<{ Params: { id: string }; Body: PasswordChangeRequest }>(
      '/accounts/:id/password',
      { schema: { params: idParams, headers: securityHeaders, body: body({ oldPassword: S.password, newPassword: S.password }, ['oldPassword', 'newPassword']) } },
      async (req) => {
        const auth = await requireAuth(ctx, req);
        ensureSelf(auth, req.params.id);
        await requireSecurityToken(ctx, req, auth);
        limitAuth(ctx, req, 'password');
        await changePassword(ctx, auth.region, auth.account, req.body.oldPassword, req.body.newPassword, auth.session.id);
        return ok({ changed: true });
      },
    );
  };
}

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
