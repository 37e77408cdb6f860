/** Account, profile, registration, activation, password reset, regions, uploads of avatars. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivationRequest, MailLinkRequest, MailSentResult, PasswordResetRequest, RegisterRequest, RegionConfirmRequest, UpdateInfoRequest, PasswordChangeRequest } from '../../core/contract/account';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { REGION_CODES, type RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import {
  activate,
  changePassword,
  checkResetLink,
  confirmRegion,
  conflictInfo,
  fileUrl,
  getAccount,
  MAIL_WAIT_SECONDS,
  register,
  renewActivationLink,
  renewResetLink,
  requestActivationMail,
  requestPasswordReset,
  resetPassword,
  toProfile,
  updateInfo,
} from '../domain/accounts';
import { clientNetwork } from '../domain/limits';
import { REGION_WHITE_LIST, regionOfCountry, resolveRegionChoice } from '../domain/countries';
import { findUpload, readUploadData, saveUpload, type UploadInput } from '../domain/files';
import { limitCodeGuesses } from '../http/codeGuesses';
import { normalizeEmail } from '../domain/validation';
import { ApiFailure, fail } from '../http/errors';
import { answerSent, authHeaders, body, clientIp, ensureSelf, idParams, limitAuth, ok, requireAuth, requireHostRegion, requireSecurityToken, S, securityHeaders } from '../http/common';
import { clientOfSessionCode, mailLink } from '../domain/mailLinks';
import { eventContext } from '../domain/securityEvents';
import type { ServerPoints } from '../plugin-host/points';
import { humanCheckFor } from '../domain/humanCheck';

/** Whether a reader may have a stored upload that is not an avatar: the plugin that owns its kind decides (server extension point `fileReader`). */
async function mayReadFile(ctx: Ctx, file: { region: RegionCode; id: string; uploaderId: string; kind: string }, reader: { id: string; region: RegionCode }): Promise<boolean> {
  const owner = ctx.extensions.for(ctx, 'fileReader', reader.region).find((r) => r.kind === file.kind);
  return owner ? owner.mayRead(ctx, file, reader) : false;
}

/** The registration's invitation handler, where a plugin offers one for the account's region; else every code is invalid (-40012). */
function registrationInvitation(ctx: Ctx, region: RegionCode): ServerPoints['registrationInvitation'] {
  return ctx.extensions.for(ctx, 'registrationInvitation', region)[0] ?? { check: () => fail(E.invitationInvalid), accept: () => fail(E.invitationInvalid) };
}

/** Browsers keep an avatar briefly (a new avatar has a new URL; a replaced one should not linger). */
const AVATAR_MAX_AGE_SECONDS = 300;

/** A mailed link's token, and for renewals the language of the new mail. */
const linkBody = body({ token: S.str(200, 1), language: S.language }, ['token']);

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
    // Who is signed in: also for the connected service the hand-off gave a token to.
    api.get('/user-info', { config: { serviceTokens: true }, schema: { headers: authHeaders } }, async (req) => {
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

    api.post('/accounts/avatar/upload', { config: { bodies: ['multipart'] }, schema: { headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      // Each upload is stored (a day, unless it becomes the avatar): counted like the other writing calls.
      await limitAuth(ctx, req, 'upload');
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
        const row = await findUpload(ctx, region, req.params.id);
        if (!row) return reply.status(404).send({ errorCode: E.invalidParameter, message: 'No such file.' });
        const isAvatar = row.kind === 'avatar';
        if (!isAvatar) {
          // A licence is company data: only its uploader and the company's members, never cached.
          const auth = await requireAuth(ctx, req);
          if (!(await mayReadFile(ctx, { region, id: row.id, uploaderId: row.account_id, kind: row.kind }, { id: auth.account.id, region: auth.region }))) fail(E.permissionDenied);
        }
        const data = await readUploadData(ctx, region, row);
        if (!data) return reply.status(404).send({ errorCode: E.invalidParameter, message: 'No such file.' });
        const asciiName = row.original_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .header('Content-Type', row.mime)
          .header('Content-Disposition', `${isAvatar ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.original_name)}`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', isAvatar ? `private, max-age=${AVATAR_MAX_AGE_SECONDS}` : 'no-store')
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
      async (req, reply) => {
        await limitAuth(ctx, req, 'register');
        // Counted by what the client cannot choose (its network, the address's domain), never by terminalUUID.
        const client = clientNetwork(clientIp(req));
        const result = await register(ctx, req.body, {
          async checkCaptcha(region: RegionCode, email: string) {
            const domain = email.slice(email.lastIndexOf('@') + 1);
            const { captchaAfterRegistrations, captchaAfterDomainRegistrations } = ctx.options.limits;
            // Counted before the check, so parallel registrations see each other; taken back when a captcha is due.
            const held = await Promise.all([ctx.registrations.hold(client, captchaAfterRegistrations), ctx.domainRegistrations.hold(domain, captchaAfterDomainRegistrations)]);
            // The human check (the captcha plugin's), where it is on for the host's region or the one registered in.
            const check = humanCheckFor(ctx, [req.hostRegion, region]);
            if (check && held.some((hit) => hit.over) && !(await check.passes(ctx, req.body.captchaToken, null))) {
              await Promise.all(held.map((hit) => hit.release()));
              fail(E.captchaRequired, { serviceRegion: region, captchaUrl: await check.url(ctx, null) });
            }
            await Promise.all(held.map((hit) => hit.confirm()));
          },
          invitation: (code, email, region) => limitCodeGuesses(ctx, req, 'invite', null, () => registrationInvitation(ctx, region).check(ctx, code, email, region)),
          async afterCreate(account, region) {
            if (req.body.inviteCode) await registrationInvitation(ctx, region).accept(ctx, region, account, req.body.inviteCode);
          },
          clientId: await clientOfSessionCode(ctx, req.headers.session_code),
          sent: answerSent(reply),
        });
        return ok(result);
      },
    );

    api.post<{ Body: { email: string; language?: string } }>(
      '/activations/email',
      { schema: { body: body({ email: S.email, language: S.language }, ['email']) } },
      async (req, reply) => {
        await limitAuth(ctx, req, 'mail');
        await requestActivationMail(ctx, req.body.email, req.body.language, await clientOfSessionCode(ctx, req.headers.session_code), answerSent(reply));
        return ok({ email: normalizeEmail(req.body.email), resendAfterSeconds: MAIL_WAIT_SECONDS });
      },
    );

    // The activation page of the SPA (the mailed link) activates with this call.
    api.post<{ Body: ActivationRequest }>('/activations/verify', { schema: { body: body({ token: S.str(200, 1), password: S.password }, ['token']) } }, async (req) => {
      await limitAuth(ctx, req, 'reset');
      return ok(await activate(ctx, req.body.token, req.body.password));
    });

    // An expired activation link: a new mail to its account, for the same service.
    api.post<{ Body: MailLinkRequest }>('/activations/renew', { schema: { body: linkBody } }, async (req) => {
      await limitAuth(ctx, req, 'mail');
      const { email } = await renewActivationLink(ctx, req.body.token, req.body.language);
      return ok({ email, resendAfterSeconds: MAIL_WAIT_SECONDS } satisfies MailSentResult);
    });

    api.post<{ Body: { email: string; language?: string } }>(
      '/auth/password-reset-request',
      { schema: { body: body({ email: S.email, language: S.language }, ['email']) } },
      async (req, reply) => {
        await limitAuth(ctx, req, 'mail');
        await requestPasswordReset(ctx, req.body.email, req.body.language, await clientOfSessionCode(ctx, req.headers.session_code), answerSent(reply));
        return ok({ email: normalizeEmail(req.body.email), resendAfterSeconds: MAIL_WAIT_SECONDS });
      },
    );

    // The new-password page of the SPA asks whether its link still works before showing the form.
    api.post<{ Body: MailLinkRequest }>('/password-reset/check', { schema: { body: linkBody } }, async (req) => {
      await limitAuth(ctx, req, 'reset');
      return ok(await checkResetLink(ctx, req.body.token));
    });

    api.post<{ Body: PasswordResetRequest }>(
      '/password-reset',
      { schema: { body: body({ token: S.str(200, 1), password: S.password, confirmPassword: S.password }, ['token', 'password']) } },
      async (req) => {
        await limitAuth(ctx, req, 'reset');
        if (req.body.confirmPassword !== undefined && req.body.confirmPassword !== req.body.password) fail(E.invalidParameter, { field: 'confirmPassword' }, 'Password and Confirm Password inconsistent!');
        return ok(await resetPassword(ctx, req.body.token, req.body.password, eventContext(clientIp(req), req.headers)));
      },
    );

    // An expired or used reset link: a new mail to its account, for the same service.
    api.post<{ Body: MailLinkRequest }>('/password-reset/renew', { schema: { body: linkBody } }, async (req) => {
      await limitAuth(ctx, req, 'mail');
      const { email } = await renewResetLink(ctx, req.body.token, req.body.language);
      return ok({ email, resendAfterSeconds: MAIL_WAIT_SECONDS } satisfies MailSentResult);
    });

    // Links of mails sent before the SPA pages existed: on to the page (the token into the fragment).
    for (const [path, kind] of [['/activations/verify', 'activation'], ['/password-reset', 'reset']] as const) {
      api.get<{ Querystring: { token?: string } }>(path, { config: { page: true }, schema: { querystring: { type: 'object', properties: { token: S.str(200) } } } }, async (req, reply) =>
        reply.header('Referrer-Policy', 'no-referrer').redirect(mailLink(ctx, kind, req.query.token ?? '', null, null), 302),
      );
    }

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
        await limitAuth(ctx, req, 'login');
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
        await limitAuth(ctx, req, 'password');
        await changePassword(ctx, auth.region, auth.account, req.body.oldPassword, req.body.newPassword, auth.session.id, eventContext(clientIp(req), req.headers));
        return ok({ changed: true });
      },
    );
  };
}

