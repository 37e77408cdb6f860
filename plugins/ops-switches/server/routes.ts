/**
 * The switches section's calls under /api/ops: every deployment config's served version with its
 * plugins and settings per region (everyone reads), a preview of an edited document (the same
 * checks as `config:check`, one implementation: server/config/configChecks.ts), applying it as a
 * new version with a reason, the history, and restoring an earlier version. Applying and
 * restoring change what whole regions get: they need the `configure` permission and a fresh
 * second-factor confirmation, and each is written to the audit log with its diff.
 */
import type { FastifyInstance } from 'fastify';
import { APP_TYPES, ERROR_CODES as E, roleMay, type DeploymentTarget, type OpsPermissionDenied } from '@portal/plugin-api/contract';
import { auditOperatorAction, ConfigProblems, fail, ok, requiredReason, requireOperator, S, VersionConflict, type OpsAccess, type ServerContext as Ctx } from '@portal/server-api';
import { deploymentFieldChanges } from './deploymentFields';
import { SWITCHES_CALLS as C, type ApplyRequest, type RestoreRequest, type SwitchesOverview, type SwitchesPreview, type SwitchesTarget, type VersionsPage } from '../contract';

const READ: { ops: OpsAccess } = { ops: { allow: 'read' } };
const CONFIGURE: { ops: OpsAccess } = { ops: { allow: 'configure' } };
const CONFIGURE_CONFIRMED: { ops: OpsAccess } = { ops: { allow: 'configure', fresh: true } };
const PAGE = 20;
/** A document is a deployment config: a few KB; far more is a mistake or an attack. */
const BODY_LIMIT = 256 * 1024;

const targetParams = { type: 'object', properties: { target: { type: 'string', enum: ['web', ...APP_TYPES] } }, required: ['target'] } as const;
const versionParams = { type: 'object', properties: { target: targetParams.properties.target, version: { type: 'integer', minimum: 1 } }, required: ['target', 'version'] } as const;

function servedTarget(ctx: Ctx, target: DeploymentTarget): DeploymentTarget {
  if (!ctx.configs.deploymentTargets().includes(target)) fail(E.invalidParameter, { field: 'target' }, `This server serves no ${target} config.`, 404);
  return target;
}

function preview(ctx: Ctx, target: DeploymentTarget, body: unknown): SwitchesPreview {
  const proposal = ctx.configs.proposeVersion(target, body);
  if (!proposal.ok) return proposal;
  const restartFor = proposal.effect.flatMap((e) => e.added).filter((id, i, all) => all.indexOf(id) === i && !ctx.switches.routedSinceStart(id));
  const deploymentFields = deploymentFieldChanges(ctx.configs.currentVersion(target)?.body, body);
  return { ...proposal, ...(restartFor.length ? { restartFor } : {}), ...(deploymentFields.length ? { deploymentFields } : {}) };
}

/**
 * A change of the fields besides the switches (where users may be sent, what the page trusts) by an
 * operator whose role lacks `deployment`: refused (403), naming them. An admin's goes through.
 */
function refuseDeploymentFields(operator: { role: Parameters<typeof roleMay>[0] }, before: unknown, after: unknown): void {
  const fields = deploymentFieldChanges(before, after);
  if (!fields.length || roleMay(operator.role, 'deployment')) return;
  const result: OpsPermissionDenied = { needs: 'deployment', role: operator.role, fields };
  fail(E.permissionDenied, result, `Only an admin may change ${fields.join(', ')}.`, 403);
}

function overviewOf(ctx: Ctx, target: DeploymentTarget): SwitchesTarget | null {
  const current = ctx.configs.currentVersion(target);
  const settings = ctx.configs.settingsOf(target);
  const file = ctx.configs.deploymentOf(target);
  if (!current || !settings || !file) return null;
  return { target, current, enabled: file.enabled, settings };
}

export function switchesRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get(C.overview, { config: READ }, async () => {
      const targets = ctx.configs.deploymentTargets().flatMap((t) => overviewOf(ctx, t) ?? []);
      const answer: SwitchesOverview = { targets, plugins: ctx.configs.knownPlugins('web') };
      return ok(answer);
    });

    api.post<{ Params: { target: DeploymentTarget }; Body: { body: unknown } }>(
      '/switches/:target/preview',
      { config: CONFIGURE, bodyLimit: BODY_LIMIT, schema: { params: targetParams, body: { type: 'object', properties: { body: { type: 'object' } }, required: ['body'], additionalProperties: false } } },
      async (req) => ok(preview(ctx, servedTarget(ctx, req.params.target), req.body.body)),
    );

    api.post<{ Params: { target: DeploymentTarget }; Body: ApplyRequest }>(
      '/switches/:target/apply',
      {
        config: CONFIGURE_CONFIRMED,
        bodyLimit: BODY_LIMIT,
        schema: { params: targetParams, body: { type: 'object', properties: { body: { type: 'object' }, reason: S.str(1000), baseVersion: { type: 'integer', minimum: 1 } }, required: ['body', 'reason', 'baseVersion'], additionalProperties: false } },
      },
      async (req) => {
        const target = servedTarget(ctx, req.params.target);
        const reason = requiredReason(req.body.reason);
        const operator = requireOperator(req);
        // Judged against the version the operator edited: a draft begun before another change is a conflict (409) below, not a refusal here.
        const base = await ctx.configs.readVersion(target, req.body.baseVersion);
        if (base) refuseDeploymentFields(operator, base.body, req.body.body);
        try {
          // Another operator's (or another tab's) change since this one was begun is never overwritten unseen:
          // judged in the transaction that stores it, on every instance alike.
          const version = await ctx.configs.applyVersion(target, req.body.body, { by: { email: operator.email, role: operator.role }, reason, baseVersion: req.body.baseVersion });
          await auditOperatorAction(ctx, req, { action: 'switches.apply', target: `config:${target}`, reason, before: { version: req.body.baseVersion }, after: { version: version.version, changes: version.changes } });
          return ok(version);
        } catch (err) {
          if (err instanceof VersionConflict) fail(E.invalidParameter, { field: 'baseVersion', current: err.current }, 'The config changed since you began: review the newest version.', 409);
          if (err instanceof ConfigProblems) fail(E.invalidParameter, { field: 'body', problems: err.problems }, 'The config has problems.');
          throw err;
        }
      },
    );

    api.get<{ Params: { target: DeploymentTarget }; Querystring: { before?: number } }>(
      '/switches/:target/versions',
      { config: READ, schema: { params: targetParams, querystring: { type: 'object', properties: { before: { type: 'integer', minimum: 1 } }, additionalProperties: false } } },
      async (req) => {
        const target = servedTarget(ctx, req.params.target);
        const versions = await ctx.configs.history(target, PAGE + 1, req.query.before);
        const page: VersionsPage = { versions: versions.slice(0, PAGE), next: versions.length > PAGE ? versions[PAGE - 1]!.version : null };
        return ok(page);
      },
    );

    api.get<{ Params: { target: DeploymentTarget; version: number } }>('/switches/:target/versions/:version', { config: READ, schema: { params: versionParams } }, async (req) => {
      const version = await ctx.configs.readVersion(servedTarget(ctx, req.params.target), req.params.version);
      if (!version) fail(E.invalidParameter, { field: 'version' }, 'No such version.', 404);
      return ok(version);
    });

    api.post<{ Params: { target: DeploymentTarget; version: number }; Body: RestoreRequest }>(
      '/switches/:target/versions/:version/restore',
      { config: CONFIGURE_CONFIRMED, schema: { params: versionParams, body: { type: 'object', properties: { reason: S.str(1000), baseVersion: { type: 'integer', minimum: 1 } }, required: ['reason'], additionalProperties: false } } },
      async (req) => {
        const target = servedTarget(ctx, req.params.target);
        const reason = requiredReason(req.body.reason);
        const operator = requireOperator(req);
        const before = ctx.configs.currentVersion(target);
        const restored = await ctx.configs.readVersion(target, req.params.version);
        if (!restored) fail(E.invalidParameter, { field: 'version' }, 'No such version.', 404);
        // Judged against the version the operator saw served (the store's, not this instance's copy, which may lag a poll):
        // a newer one since is a conflict (409) below, so an admin's change just made is never undone unseen.
        const seen = req.body.baseVersion !== undefined ? await ctx.configs.readVersion(target, req.body.baseVersion) : null;
        refuseDeploymentFields(operator, (seen ?? before)?.body, restored.body);
        try {
          const version = await ctx.configs.restoreVersion(target, req.params.version, { by: { email: operator.email, role: operator.role }, reason, ...(req.body.baseVersion !== undefined ? { baseVersion: req.body.baseVersion } : {}) });
          if (!version) fail(E.invalidParameter, { field: 'version' }, 'No such version.', 404);
          await auditOperatorAction(ctx, req, { action: 'switches.restore', target: `config:${target}`, reason, before: { version: before?.version ?? null }, after: { version: version.version, restoredFrom: req.params.version, changes: version.changes } });
          return ok(version);
        } catch (err) {
          if (err instanceof VersionConflict) fail(E.invalidParameter, { field: 'baseVersion', current: err.current }, 'The config changed since you began: review the newest version.', 409);
          // An old version that today's plugins refuse (a plugin removed since): said, not restored.
          if (err instanceof ConfigProblems) fail(E.invalidParameter, { field: 'version', problems: err.problems }, 'That version no longer passes the checks.');
          throw err;
        }
      },
    );
  };
}
