/**
 * The console's own calls under /api/ops: signing in (password, then a passkey or an
 * authenticator app's code), enrolling from an invitation, confirming a dangerous action, the
 * operators (admins) and the audit log. Who may call each is in its `config.ops`, enforced by the
 * core's console scope before the handler runs.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES as E, OPS_ROLES, ROLE_PERMISSIONS, isOpsRole, type OpsRole } from '@portal/plugin-api/contract';
import {
  appendAudit,
  auditOperatorAction,
  body,
  clientIp,
  clientNetwork,
  lockKey,
  LOCK_SPACE,
  dummyPasswordHash,
  fail,
  normalizeEmail,
  ok,
  requiredReason,
  requireOperator,
  S,
  type OpsAccess,
  type ServerContext as Ctx,
} from '@portal/server-api';
import { OPS_CALLS as C, type AuditQuery, type OperatorChangeRequest, type OperatorInviteRequest, type OperatorMe, type OpsEnrolRequest, type OpsFactor, type OpsFactorProof, type OpsSignInStep } from '../contract';
import { auditLines, auditPage } from './auditLog';
import { newChallenge, newTotpSecret, passkeyAuthenticationOptions, passkeyRegistrationOptions, passkeysOf, refuseFactor, sealOperatorTotp, totpStep, totpUri, verifyPasskeyAssertion, verifyPasskeyRegistration } from './factors';
import { checkOperatorPassword, INVITE_MS, keepAnAdmin, listOperators, mailLanguage, operatorByEmail, operatorItem, operatorOfInvite, inviteOperator } from './operators';
import { clearCookie, endOperatorSessions, endSession, FACTOR_FAILURES_MAX, operatorById, sessionOf, startSession } from './sessions';
import { consoleStore, type OperatorSessionTable, type OperatorTable } from './tables';

const PUBLIC: { ops: OpsAccess } = { ops: { allow: 'public' } };
const READ: { ops: OpsAccess } = { ops: { allow: 'read' } };
const ADMIN_CONFIRMED: { ops: OpsAccess } = { ops: { allow: 'operators', fresh: true } };

const factorSchema = {
  type: 'object',
  properties: { type: { type: 'string', enum: ['totp', 'passkey'] }, code: S.str(6), response: { type: 'object' } },
  required: ['type'],
  additionalProperties: false,
} as const;
const tokenBody = body({ token: S.str(100, 20) }, ['token']);

/** In 15 minutes: wrong passwords for an address from one network, and from all; attempts from one network. */
const SIGN_IN_LIMIT = 10;
const ADDRESS_LIMIT = 50;
const NETWORK_LIMIT = 30;
/** Wrong second factors of one operator in 15 minutes, across sign-ins and confirmations. */
const FACTOR_LIMIT = 10;

function methodsOf(operator: OperatorTable, passkeys: number): OpsFactor[] {
  return [...(passkeys > 0 ? (['passkey'] as const) : []), ...(operator.totp_secret ? (['totp'] as const) : [])];
}

/** Takes a session's stored challenge once (a second request with it finds none). */
async function spendSessionChallenge(ctx: Ctx, row: OperatorSessionTable): Promise<string | null> {
  if (!row.challenge) return null;
  const res = await consoleStore(ctx).updateTable('ops_console_sessions').set({ challenge: null }).where('id_digest', '=', row.id_digest).where('challenge', '=', row.challenge).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row.challenge : null;
}

/** Checks a second factor of a session's operator; a wrong one counts, and the fifth ends the session. */
async function checkFactor(ctx: Ctx, row: OperatorSessionTable, operator: OperatorTable, proof: OpsFactorProof): Promise<void> {
  // Counted per operator too: a new sign-in with the password must not bring five new guesses.
  const failures = await ctx.counter('opsFactorFailures', 15 * 60_000).hold(operator.id, FACTOR_LIMIT);
  if (failures.over) {
    await failures.release();
    fail(E.rateLimited, { retryAfterSeconds: failures.retryAfterSeconds });
  }
  try {
    if (proof.type === 'totp') {
      if (!operator.totp_secret) refuseFactor();
      const step = totpStep(ctx, operator.id, operator.totp_secret, proof.code, operator.totp_last_step === null ? null : Number(operator.totp_last_step));
      if (step === null) refuseFactor();
      // Taken once, across sessions too: the row changes only if no one took this step meanwhile.
      const res = await consoleStore(ctx)
        .updateTable('ops_console_operators')
        .set({ totp_last_step: step })
        .where('id', '=', operator.id)
        .where((eb) => (operator.totp_last_step === null ? eb('totp_last_step', 'is', null) : eb('totp_last_step', '=', operator.totp_last_step)))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) refuseFactor();
    } else {
      if (!proof.response) refuseFactor();
      await verifyPasskeyAssertion(ctx, operator.id, await spendSessionChallenge(ctx, row), proof.response);
    }
    await failures.release();
  } catch (err) {
    const failures = row.failures + 1;
    if (failures >= FACTOR_FAILURES_MAX) await endSession(ctx, row);
    else await consoleStore(ctx).updateTable('ops_console_sessions').set({ failures }).where('id_digest', '=', row.id_digest).execute();
    throw err;
  }
}

/** The session of the sign-in's second step, and its operator (401 -3092 when there is none). */
async function factorStage(ctx: Ctx, req: FastifyRequest): Promise<{ row: OperatorSessionTable; operator: OperatorTable }> {
  const row = await sessionOf(ctx, req);
  const operator = row?.stage === 'factor' ? await operatorById(ctx, row.operator_id) : null;
  if (!row || !operator || operator.status !== 'active') fail(E.unauthorized, undefined, 'Sign in with your password first.', 401);
  return { row, operator };
}

async function finishSignIn(ctx: Ctx, reply: FastifyReply, row: OperatorSessionTable, operator: OperatorTable): Promise<void> {
  await endSession(ctx, row);
  await startSession(ctx, reply, operator.id, 'signed-in');
  await consoleStore(ctx).updateTable('ops_console_operators').set({ last_sign_in_at: ctx.now() }).where('id', '=', operator.id).execute();
  await appendAudit(ctx, { actor: { id: operator.id, email: operator.email, role: operator.role }, action: 'session.sign-in', target: `operator:${operator.email}`, reason: null });
}

/** The operator as `GET /me` describes them; `confirmedAt`: when their session last confirmed a second factor. */
async function describe(ctx: Ctx, operator: OperatorTable, confirmedAt: number): Promise<OperatorMe> {
  const confirmedUntil = confirmedAt + ctx.options.limits.opsConfirmSeconds * 1000;
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    permissions: [...ROLE_PERMISSIONS[operator.role]],
    passkeys: (await passkeysOf(ctx, operator.id)).length,
    totp: operator.totp_secret !== null,
    confirmedUntil: confirmedUntil > ctx.now() ? confirmedUntil : 0,
  };
}

async function me(ctx: Ctx, req: FastifyRequest): Promise<OperatorMe> {
  const ref = requireOperator(req);
  const operator = await operatorById(ctx, ref.id);
  if (!operator) fail(E.unauthorized, undefined, undefined, 401);
  return describe(ctx, operator, ref.confirmedAt);
}

function auditQuery(raw: Record<string, string | undefined>): AuditQuery {
  const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  const query: AuditQuery = {};
  if (raw.actor) query.actor = raw.actor;
  if (raw.target) query.target = raw.target;
  const since = num(raw.since);
  const until = num(raw.until);
  if (since !== undefined) query.since = since;
  if (until !== undefined) query.until = until;
  if (raw.cursor) query.cursor = raw.cursor;
  return query;
}

const auditQuerySchema = {
  type: 'object',
  properties: { actor: S.str(320), target: S.str(400), since: { type: 'string', pattern: '^[0-9]{0,15}$' }, until: { type: 'string', pattern: '^[0-9]{0,15}$' }, cursor: S.str(64) },
  additionalProperties: false,
} as const;

export function consoleRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    // Signing in: the password opens the second step, which alone turns into a session.
    api.post<{ Body: { email: string; password: string } }>(C.signIn, { config: PUBLIC, schema: { body: body({ email: S.email, password: S.password }, ['email', 'password']) } }, async (req, reply) => {
      const email = normalizeEmail(req.body.email);
      const network = clientNetwork(clientIp(req));
      // Every attempt of a network counts; an address counts only its failures, per network and (more of them) overall,
      // so that a stranger's wrong guesses elsewhere cannot keep its operator out for long.
      const tries = ctx.counter('opsSignIn', 15 * 60_000);
      const held = [await tries.hold(`network:${network}`, NETWORK_LIMIT), await tries.hold(`address:${email}|${network}`, SIGN_IN_LIMIT), await tries.hold(`address:${email}`, ADDRESS_LIMIT)];
      const over = held.find((h) => h.over);
      if (over) {
        for (const h of held) await h.release();
        fail(E.rateLimited, { retryAfterSeconds: over.retryAfterSeconds });
      }
      const operator = await operatorByEmail(ctx, email);
      const hash = operator?.status === 'active' ? operator.password_hash : null;
      const right = await ctx.passwords.verify(hash ?? (await dummyPasswordHash(ctx.passwords)), req.body.password);
      if (!operator || !hash || !right) fail(E.wrongCredentials, undefined, 'Wrong address or password.');
      for (const h of held.slice(1)) await h.release();
      const previous = await sessionOf(ctx, req);
      if (previous) await endSession(ctx, previous);
      await startSession(ctx, reply, operator.id, 'factor');
      const step: OpsSignInStep = { methods: methodsOf(operator, (await passkeysOf(ctx, operator.id)).length) };
      return ok(step);
    });

    api.post(C.signInPasskeyOptions, { config: PUBLIC }, async (req) => {
      const { row, operator } = await factorStage(ctx, req);
      const challenge = newChallenge(ctx);
      const options = await passkeyAuthenticationOptions(ctx, operator.id, challenge);
      await consoleStore(ctx).updateTable('ops_console_sessions').set({ challenge }).where('id_digest', '=', row.id_digest).execute();
      return ok({ options });
    });

    for (const [path, type] of [[C.signInPasskey, 'passkey'], [C.signInTotp, 'totp']] as const) {
      api.post<{ Body: OpsFactorProof }>(path, { config: PUBLIC, schema: { body: factorSchema } }, async (req, reply) => {
        if (req.body.type !== type) fail(E.invalidParameter, { field: 'type' });
        const { row, operator } = await factorStage(ctx, req);
        await checkFactor(ctx, row, operator, req.body);
        await finishSignIn(ctx, reply, row, operator);
        // Just confirmed: the second factor was the sign-in's.
        return ok(await describe(ctx, operator, ctx.now()));
      });
    }

    api.post(C.signOut, { config: PUBLIC }, async (req, reply) => {
      const row = await sessionOf(ctx, req);
      if (row) await endSession(ctx, row);
      clearCookie(ctx, reply);
      return ok(null);
    });

    api.get(C.me, { config: READ }, async (req) => ok(await me(ctx, req)));

    // A dangerous action's confirmation: the second factor again, valid for `limits.opsConfirmSeconds`.
    api.post(C.confirmPasskeyOptions, { config: READ }, async (req) => {
      const ref = requireOperator(req);
      const challenge = newChallenge(ctx);
      const options = await passkeyAuthenticationOptions(ctx, ref.id, challenge);
      await consoleStore(ctx).updateTable('ops_console_sessions').set({ challenge }).where('id_digest', '=', ref.sessionId).execute();
      return ok({ options });
    });

    api.post<{ Body: OpsFactorProof }>(C.confirm, { config: READ, schema: { body: factorSchema } }, async (req) => {
      const ref = requireOperator(req);
      const row = await consoleStore(ctx).selectFrom('ops_console_sessions').selectAll().where('id_digest', '=', ref.sessionId).executeTakeFirstOrThrow();
      const operator = await operatorById(ctx, ref.id);
      if (!operator) fail(E.unauthorized, undefined, undefined, 401);
      await checkFactor(ctx, row, operator, req.body);
      const now = ctx.now();
      await consoleStore(ctx).updateTable('ops_console_sessions').set({ confirmed_at: now, failures: 0 }).where('id_digest', '=', row.id_digest).execute();
      return ok({ confirmedUntil: now + ctx.options.limits.opsConfirmSeconds * 1000 });
    });

    // Enrolling from an invitation's link: a password and a second factor, then signed in.
    api.post<{ Body: { token: string } }>(C.enrolCheck, { config: PUBLIC, schema: { body: tokenBody } }, async (req) => {
      const operator = await operatorOfInvite(ctx, req.body.token);
      return ok({ email: operator.email, role: operator.role });
    });

    api.post<{ Body: { token: string } }>(C.enrolTotp, { config: PUBLIC, schema: { body: tokenBody } }, async (req) => {
      const operator = await operatorOfInvite(ctx, req.body.token);
      const secret = newTotpSecret();
      await consoleStore(ctx).updateTable('ops_console_operators').set({ totp_pending_secret: sealOperatorTotp(ctx, operator.id, secret) }).where('id', '=', operator.id).execute();
      return ok({ secret, uri: totpUri(secret, operator.email) });
    });

    api.post<{ Body: { token: string } }>(C.enrolPasskeyOptions, { config: PUBLIC, schema: { body: tokenBody } }, async (req) => {
      const operator = await operatorOfInvite(ctx, req.body.token);
      const challenge = newChallenge(ctx);
      const options = await passkeyRegistrationOptions(ctx, operator, challenge);
      await consoleStore(ctx).updateTable('ops_console_operators').set({ invite_challenge: challenge }).where('id', '=', operator.id).execute();
      return ok({ options });
    });

    api.post<{ Body: OpsEnrolRequest }>(
      C.enrolComplete,
      { config: PUBLIC, schema: { body: body({ token: S.str(100, 20), password: { type: 'string', minLength: 1, maxLength: 512 }, factor: factorSchema }, ['token', 'password', 'factor']) } },
      async (req, reply) => {
        const operator = await operatorOfInvite(ctx, req.body.token);
        checkOperatorPassword(req.body.password);
        const factor = req.body.factor;
        const activate: Partial<OperatorTable> = { status: 'active', invite_digest: null, invite_expires_at: null, invite_challenge: null, password_hash: await ctx.passwords.hash(req.body.password) };
        if (factor.type === 'totp') {
          const pending = operator.totp_pending_secret;
          const step = pending && factor.code ? totpStep(ctx, operator.id, pending, factor.code, null) : null;
          if (step === null) refuseFactor();
          Object.assign(activate, { totp_secret: pending, totp_pending_secret: null, totp_last_step: step });
        } else {
          if (!factor.response) refuseFactor();
          // The challenge is spent by the update below: it names the one it verified.
          const passkey = await verifyPasskeyRegistration(ctx, operator.id, operator.invite_challenge, factor.response);
          await consoleStore(ctx).insertInto('ops_console_passkeys').values(passkey).execute();
        }
        const res = await consoleStore(ctx).updateTable('ops_console_operators').set(activate).where('id', '=', operator.id).where('invite_digest', '=', operator.invite_digest).executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) fail(E.invalidToken);
        await appendAudit(ctx, { actor: { id: operator.id, email: operator.email, role: operator.role }, action: 'operator.enrol', target: `operator:${operator.email}`, reason: null, after: { factor: factor.type } });
        await startSession(ctx, reply, operator.id, 'signed-in');
        await consoleStore(ctx).updateTable('ops_console_operators').set({ last_sign_in_at: ctx.now() }).where('id', '=', operator.id).execute();
        return ok(null);
      },
    );

    // Operators: everyone reads the list; admins invite, change roles and disable, each confirmed and with a reason.
    api.get(C.operators, { config: READ }, async () => ok(await listOperators(ctx)));

    api.post<{ Body: OperatorInviteRequest & { language?: string } }>(
      C.operators,
      { config: ADMIN_CONFIRMED, schema: { body: body({ email: S.email, role: { type: 'string', enum: [...OPS_ROLES] }, reason: S.str(1000), language: S.language }, ['email', 'role', 'reason']) } },
      async (req) => {
        const by = requireOperator(req);
        const reason = requiredReason(req.body.reason);
        const { operator, link } = await inviteOperator(ctx, { email: req.body.email, role: req.body.role, by: { id: by.id, email: by.email, role: by.role }, reason, lastsMs: INVITE_MS });
        await ctx.mailer.send({ to: operator.email, kind: 'opsInvite', language: mailLanguage(req.body.language), vars: { inviter: by.email, role: operator.role, link, days: 3 } });
        return ok(operatorItem(operator));
      },
    );

    api.put<{ Params: { id: string }; Body: OperatorChangeRequest }>(
      `${C.operators}/:id`,
      { config: ADMIN_CONFIRMED, schema: { params: { type: 'object', properties: { id: S.id }, required: ['id'] }, body: body({ role: { type: 'string', enum: [...OPS_ROLES] }, disabled: S.bool, reason: S.str(1000) }, ['reason']) } },
      async (req) => {
        const reason = requiredReason(req.body.reason);
        const target = await operatorById(ctx, req.params.id);
        if (!target) fail(E.accountNotExist, { field: 'id' }, 'No such operator.', 404);
        const role: OpsRole = req.body.role !== undefined && isOpsRole(req.body.role) ? req.body.role : target.role;
        const status = req.body.disabled === true ? 'disabled' : req.body.disabled === false && target.status === 'disabled' ? 'invited' : target.status;
        if (req.body.disabled === false && target.status === 'disabled') fail(E.invalidParameter, { field: 'disabled' }, 'Invite a disabled operator again instead.');
        if (role === target.role && status === target.status) return ok(operatorItem(target));
        await consoleStore(ctx)
          .transaction()
          .execute(async (trx) => {
            // One change of admins at a time (PostgreSQL), judged on the rows as they are now.
            await lockKey(trx, LOCK_SPACE.consoleAdmins, 'admins');
            const now = await trx.selectFrom('ops_console_operators').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
            await keepAnAdmin(trx, now, { role, status });
            await trx.updateTable('ops_console_operators').set({ role, status }).where('id', '=', target.id).execute();
          });
        // A new role starts from a new sign-in; a disabled operator is signed out everywhere at once.
        await endOperatorSessions(ctx, target.id);
        const after = { ...target, role, status };
        await auditOperatorAction(ctx, req, { action: status === 'disabled' && target.status !== 'disabled' ? 'operator.disable' : 'operator.role', target: `operator:${target.email}`, reason, before: operatorItem(target), after: operatorItem(after) });
        return ok(operatorItem(after));
      },
    );

    // The audit log: read and exported by every role, changed by none.
    api.get<{ Querystring: Record<string, string | undefined> }>(C.audit, { config: READ, schema: { querystring: auditQuerySchema } }, async (req) => ok(await auditPage(ctx, auditQuery(req.query))));

    api.get<{ Querystring: Record<string, string | undefined> }>(C.auditExport, { config: READ, schema: { querystring: auditQuerySchema } }, async (req, reply) => {
      const query = auditQuery(req.query);
      // An export is an action of its own: who took which part of the log.
      await auditOperatorAction(ctx, req, { action: 'audit.export', target: 'audit', reason: null, after: query });
      const stamp = new Date(ctx.now()).toISOString().slice(0, 10);
      // Streamed in pages: a long log is never held in memory whole.
      return reply.type('application/x-ndjson; charset=utf-8').header('Content-Disposition', `attachment; filename="audit-${stamp}.jsonl"`).send(Readable.from(auditLines(ctx, query)));
    });
  };
}
