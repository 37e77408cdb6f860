/**
 * The services section's calls under /api/ops: every role reads the services; `configure` edits
 * them and uploads images; creating a service and rotating a secret are dangerous (a fresh second
 * factor). Each change is a new version of the clients document (the same checks as CLIENTS_FILE,
 * then WCAG AA of the theme's colours), applied on every instance within seconds, and audited
 * before and after without any secret.
 */
import type { FastifyInstance } from 'fastify';
import { contrastProblems, effectiveColors, ERROR_CODES as E } from '@portal/plugin-api/contract';
import { auditOperatorAction, fail, loadBaseThemes, ok, randomToken, requiredReason, requireOperator, S, sha256, VersionConflict, type OpsAccess, type ServerContext as Ctx, type ThemeTokens } from '@portal/server-api';

import {
  AUTH_METHODS,
  GRANT_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  OVERLAP_MAX_HOURS,
  SERVICES_CALLS as C,
  type BaseThemeColors,
  type ImageUpload,
  type SecretRotateRequest,
  type ServiceBranding,
  type ServiceCreateRequest,
  type ServiceList,
  type ServiceSaved,
  type ServiceUpdateRequest,
} from '../contract';
import { storeImage } from './images';
import { auditView, clientVersions, currentClients, entriesOf, serviceItem, withFields, type ClientEntry } from './services';

const READ: { ops: OpsAccess } = { ops: { allow: 'read' } };
const CONFIGURE: { ops: OpsAccess } = { ops: { allow: 'configure' } };
const CONFIGURE_CONFIRMED: { ops: OpsAccess } = { ops: { allow: 'configure', fresh: true } };

const url = S.str(2000);
const text = S.str(500);
const tokenGroup = { type: 'object', additionalProperties: S.str(300), maxProperties: 40 } as const;
const slideTexts = { type: 'object', properties: { description: S.str(500), linkText: S.str(100) }, additionalProperties: false } as const;
const brandingSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: S.str(100),
    language: S.language,
    logoUrl: url,
    titleLogoUrl: url,
    signUpUrl: url,
    carousel: {
      type: 'array',
      maxItems: 10,
      items: { type: 'object', additionalProperties: false, required: ['fileUrl'], properties: { fileUrl: url, description: text, link: url, linkText: S.str(100), texts: { type: 'object', additionalProperties: slideTexts, maxProperties: 30 } } },
    },
    theme: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: S.str(40, 1), overrides: { type: 'object', additionalProperties: false, properties: { colors: tokenGroup, font: tokenGroup, radius: tokenGroup } } },
    },
  },
} as const;
const uriList = { type: 'array', maxItems: 20, items: url } as const;
const serviceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'redirectUris'],
  properties: {
    id: S.str(64, 1),
    name: S.str(100, 1),
    redirectUris: uriList,
    postLogoutRedirectUris: uriList,
    backchannelLogoutUri: url,
    serviceUrl: url,
    grantTypes: { type: 'array', maxItems: 2, items: { type: 'string', enum: [...GRANT_TYPES] } },
    tokenEndpointAuthMethod: { type: 'string', enum: [...AUTH_METHODS] },
    branding: brandingSchema,
  },
} as const;
const idParams = { type: 'object', properties: { id: S.str(64, 1) }, required: ['id'] } as const;

/** The colours a service's login page would use, checked for AA: refused (400 -10020) with each pair's ratio and a suggestion. */
function refuseLowContrast(themes: Record<string, ThemeTokens>, branding: ServiceBranding | undefined): void {
  const theme = branding?.theme;
  // No theme of its own: the login page wears the deployment's, which is not this section's to judge.
  if (!theme) return;
  const base = themes[theme.name];
  if (!base) fail(E.invalidParameter, { field: 'branding.theme.name', problems: [`no base theme '${theme.name}'`] }, 'No such base theme.');
  const problems = contrastProblems(effectiveColors(base.colors, theme.overrides?.colors));
  if (problems.length) fail(E.invalidParameter, { field: 'branding.theme.overrides.colors', contrast: problems }, 'Colours below WCAG AA contrast.');
}

/**
 * A service's images come from the portal's own origin (an upload, or a path here): an image on another
 * host would widen every page's CSP (`img-src`), the console's included, and track every visitor of the
 * service's login page (attack review of issue 28). CLIENTS_FILE may still name other hosts.
 */
function refuseOutsideImages(branding: ServiceBranding | undefined): void {
  const own = (url: string | undefined) => url === undefined || /^\/(?![/\\])/.test(url);
  const fields: Array<[string, string | undefined]> = [
    ['branding.logoUrl', branding?.logoUrl],
    ['branding.titleLogoUrl', branding?.titleLogoUrl],
    ...(branding?.carousel ?? []).map((slide, i): [string, string | undefined] => [`branding.carousel[${i}].fileUrl`, slide.fileUrl]),
  ];
  const outside = fields.find(([, url]) => !own(url));
  if (outside) fail(E.invalidParameter, { field: outside[0], problems: [`field '${outside[0]}': must be an image of this portal (upload it, or a path starting with /)`] }, 'Images are served from the portal.');
}

/**
 * Stores the newest clients document with the entry `change` makes from it, in place of (or after)
 * the service's; the clients check refuses (400 -10020 with every problem). Judged against the
 * version read: another instance's change since (of another service) makes it read again and
 * redo the change on top, so neither is lost; `change` refuses what no longer holds.
 */
async function storeEntry<T extends { entry: ClientEntry }>(ctx: Ctx, req: Parameters<typeof requireOperator>[0], change: (entries: ClientEntry[], version: number | null) => T | Promise<T>, reason: string) {
  const versions = clientVersions(ctx);
  const by = requireOperator(req);
  for (let attempt = 1; ; attempt++) {
    const { version, entries } = await currentClients(ctx);
    const made = await change(entries, version);
    const at = entries.findIndex((e) => e.id === made.entry.id);
    const body = at < 0 ? [...entries, made.entry] : entries.map((e, i) => (i === at ? made.entry : e));
    const proposal = versions.proposeVersion('clients', body);
    if (!proposal.ok) fail(E.invalidParameter, { problems: proposal.problems.map((p) => p.replace(/^field '\[\d+\]\.?/, "field '")) }, 'The service was refused by the clients check.');
    try {
      const stored = await versions.applyVersion('clients', body, { by: { email: by.email, role: by.role }, reason, ...(version !== null ? { baseVersion: version } : {}) });
      return { ...made, version: stored };
    } catch (err) {
      if (!(err instanceof VersionConflict) || attempt >= 3) throw err;
    }
  }
}

/** An entry as JSON, to tell whether a service changed between two versions. */
const sameEntry = (a: ClientEntry | undefined, b: ClientEntry | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A new secret: 256 random bits, shown once; the entry keeps its SHA-256 only. */
function newSecret(): { secret: string; hash: string } {
  const secret = randomToken(32);
  return { secret, hash: sha256(secret) };
}

export function servicesRoutes(ctx: Ctx) {
  const themes = loadBaseThemes();
  themes.catch(() => undefined);

  return async (api: FastifyInstance) => {
    api.get(C.services, { config: READ }, async () => {
      const { version, entries } = await currentClients(ctx);
      const list: ServiceList = { version, services: entries.map((e) => serviceItem(e, ctx.now())) };
      return ok(list);
    });

    api.get(C.themes, { config: READ }, async () => {
      const all = await themes;
      const result: BaseThemeColors[] = Object.entries(all).map(([name, t]) => ({ name, colors: { ...t.colors }, font: { ...t.font }, radius: { ...t.radius } }));
      return { errorCode: 0, result };
    });

    api.post<{ Body: ServiceCreateRequest }>(
      C.services,
      { config: CONFIGURE_CONFIRMED, schema: { body: { type: 'object', additionalProperties: false, required: ['service', 'confidential', 'reason'], properties: { service: serviceSchema, confidential: S.bool, reason: S.str(1000) } } } },
      async (req) => {
        const reason = requiredReason(req.body.reason);
        const id = req.body.service.id.trim();
        refuseOutsideImages(req.body.service.branding);
        refuseLowContrast(await themes, req.body.service.branding);
        const secret = req.body.confidential ? newSecret() : null;
        const { entry, version } = await storeEntry(
          ctx,
          req,
          (entries) => {
            if (entries.some((e) => e.id === id)) fail(E.invalidParameter, { field: 'id', problems: [`'${id}' is taken`] }, 'A service with this id exists.');
            return { entry: withFields(secret ? { id, secretHash: secret.hash } : undefined, { ...req.body.service, id }) };
          },
          reason,
        );
        await auditOperatorAction(ctx, req, { action: 'service.create', target: `service:${id}`, reason, before: null, after: auditView(entry) });
        const saved: ServiceSaved = { service: serviceItem(entry, ctx.now()), version: version.version, ...(secret ? { secret: secret.secret } : {}) };
        return ok(saved);
      },
    );

    api.put<{ Params: { id: string }; Body: ServiceUpdateRequest }>(
      `${C.services}/:id`,
      // Editing a service can point its redirect URIs elsewhere: as dangerous as making one (attack review of issue 28).
      { config: CONFIGURE_CONFIRMED, schema: { params: idParams, body: { type: 'object', additionalProperties: false, required: ['service', 'reason'], properties: { service: serviceSchema, reason: S.str(1000), baseVersion: { type: 'integer', minimum: 1 } } } } },
      async (req) => {
        const reason = requiredReason(req.body.reason);
        refuseOutsideImages(req.body.service.branding);
        refuseLowContrast(await themes, req.body.service.branding);
        const base = req.body.baseVersion;
        const opened = base === undefined ? undefined : entriesOf((await clientVersions(ctx).readVersion('clients', base))?.body).find((e) => e.id === req.params.id);
        const { before, entry, version } = await storeEntry(
          ctx,
          req,
          (entries, current) => {
            const found = entries.find((e) => e.id === req.params.id);
            if (!found) fail(E.invalidParameter, { field: 'id' }, 'No such service.', 404);
            // Another operator's change of this service since the form was opened is never overwritten unseen:
            // an edit names the version it began on once there is one (attack review: without it, it overwrote).
            if (base === undefined && current !== null) fail(E.invalidParameter, { field: 'baseVersion' }, 'Name the version the edit began on.');
            if (base !== undefined && base !== current && !sameEntry(opened, found)) fail(E.invalidParameter, { field: 'baseVersion', current }, 'The service changed since you began.', 409);
            return { before: found, entry: withFields(found, { ...req.body.service, id: found.id }) };
          },
          reason,
        );
        await auditOperatorAction(ctx, req, { action: 'service.update', target: `service:${before.id}`, reason, before: auditView(before), after: auditView(entry) });
        const saved: ServiceSaved = { service: serviceItem(entry, ctx.now()), version: version.version };
        return ok(saved);
      },
    );

    api.post<{ Params: { id: string }; Body: SecretRotateRequest }>(
      `${C.services}/:id/secret`,
      { config: CONFIGURE_CONFIRMED, schema: { params: idParams, body: { type: 'object', additionalProperties: false, required: ['overlapHours', 'reason'], properties: { overlapHours: { type: 'integer', minimum: 0, maximum: OVERLAP_MAX_HOURS }, reason: S.str(1000) } } } },
      async (req) => {
        const reason = requiredReason(req.body.reason);
        const now = ctx.now();
        const until = now + req.body.overlapHours * 3_600_000;
        const secret = newSecret();
        const { before, current, entry, version } = await storeEntry(
          ctx,
          req,
          (entries) => {
            const found = entries.find((e) => e.id === req.params.id);
            if (!found) fail(E.invalidParameter, { field: 'id' }, 'No such service.', 404);
            const { secret: _plain, secretHash: _hash, previousSecretHash: _previous, previousSecretUntil: _until, ...rest } = found;
            // The secret in use keeps working through the overlap: its hash (a seeded plain secret's, hashed now).
            const inUse = typeof found.secret === 'string' ? sha256(found.secret) : typeof found.secretHash === 'string' ? found.secretHash : null;
            const made: ClientEntry = { ...rest, secretHash: secret.hash, ...(inUse && req.body.overlapHours > 0 ? { previousSecretHash: inUse, previousSecretUntil: until } : {}) };
            return { before: found, current: inUse, entry: made };
          },
          reason,
        );
        await auditOperatorAction(ctx, req, {
          action: 'service.secret',
          target: `service:${before.id}`,
          reason,
          before: { confidential: current !== null },
          after: { confidential: true, overlapHours: req.body.overlapHours, previousSecretUntil: current && req.body.overlapHours > 0 ? until : null },
        });
        const saved: ServiceSaved = { service: serviceItem(entry, now), secret: secret.secret, version: version.version };
        return ok(saved);
      },
    );

    api.post<{ Body: ImageUpload }>(
      C.images,
      {
        config: CONFIGURE,
        // base64 is 4/3 of the bytes, plus the JSON around it.
        bodyLimit: Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 4096,
        schema: { body: { type: 'object', additionalProperties: false, required: ['contentType', 'data'], properties: { contentType: { type: 'string', enum: Object.keys(IMAGE_TYPES) }, data: { type: 'string', maxLength: Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 4 } } } },
      },
      async (req) => {
        const by = requireOperator(req);
        const url = await storeImage(ctx, req.body.contentType, req.body.data, by.email);
        await auditOperatorAction(ctx, req, { action: 'service.image', target: `image:${url.split('/').pop()}`, reason: null, after: { url, contentType: req.body.contentType } });
        return ok({ url });
      },
    );
  };
}
