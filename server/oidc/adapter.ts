/**
 * oidc-provider's storage adapter over kysely: each model instance (session, interaction,
 * authorization code, grant, access and refresh token, …) is one JSON document in
 * `oidc_payloads` of the global store, found by id, by grant (to revoke a grant's tokens), by
 * interaction uid or by user code. Expiry uses the provider's clock (it stamps `exp` itself).
 *
 * The id of a token model is the bearer value itself (an opaque token's value is its `jti`), so
 * those rows are keyed by its SHA-256 and keep no `jti` in the document: whoever reads the table
 * cannot present what it finds, as with the portal's own tokens. Sessions, interactions and grants
 * keep their ids: those are no credential alone (the cookies naming them are signed).
 */
import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { sha256 } from '../domain/crypto';
import type { GlobalDb } from '../db/types';

/** oidc-provider's models whose id (or user code) a client or user presents as a credential. */
export const DIGESTED_MODELS: ReadonlySet<string> = new Set([
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'InitialAccessToken',
  'RegistrationAccessToken',
  'PushedAuthorizationRequest',
  'PreAuthorizedCode',
]);

/** The row key of a model's document: for a token model the digest of its id. */
export const rowKey = (model: string, id: string) => `${model}:${DIGESTED_MODELS.has(model) ? sha256(id) : id}`;

/** A token model's document as stored: without its id (restored by find from the id asked for). */
export function storedPayload(model: string, payload: AdapterPayload): AdapterPayload {
  if (!DIGESTED_MODELS.has(model)) return payload;
  const { jti: _jti, ...rest } = payload;
  return rest;
}

export function kyselyAdapter(db: Kysely<GlobalDb>, clock: () => number = Date.now) {
  return class KyselyAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        key: rowKey(this.model, id),
        model: this.model,
        payload: JSON.stringify(storedPayload(this.model, payload)),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? clock() + expiresIn * 1000 : null,
        consumed_at: null,
      };
      await db
        .insertInto('oidc_payloads')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet({ payload: row.payload, grant_id: row.grant_id, user_code: row.user_code, uid: row.uid, expires_at: row.expires_at }))
        .execute();
    }

    private async findWhere(column: 'key' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const query = db.selectFrom('oidc_payloads').select(['payload', 'expires_at', 'consumed_at']).where('model', '=', this.model);
      const row = await (column === 'key' ? query.where('key', '=', rowKey(this.model, value)) : query.where(column, '=', value)).executeTakeFirst();
      if (!row || (row.expires_at !== null && Number(row.expires_at) <= clock())) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(Number(row.consumed_at) / 1000) };
    }

    async find(id: string) {
      const payload = await this.findWhere('key', id);
      return payload && DIGESTED_MODELS.has(this.model) ? { ...payload, jti: id } : payload;
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      // The device flow (off in provider.ts) would get a code without its id back and save it anew.
      if (DIGESTED_MODELS.has(this.model)) throw new Error(`${this.model}: not found by user code, its id is kept as a digest only`);
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oidc_payloads').set({ consumed_at: clock() }).where('key', '=', rowKey(this.model, id)).execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('key', '=', rowKey(this.model, id)).execute();
    }

    /** This model's documents of the grant (the provider asks each token model in turn); not the grant's link to its portal session, nor an interaction under way. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).where('model', '=', this.model).execute();
    }
  };
}

/** Deletes what has expired (run now and then; find() already ignores it). */
export async function pruneOidcPayloads(db: Kysely<GlobalDb>, now: number): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).execute();
}

/**
 * Which portal SSO session a grant was given under (`PortalSessionLink` documents: grant id,
 * SSO session id in `uid`). When that session ends (sign-out, sign-out everywhere, a password
 * change), the grant and every code and token of it are revoked.
 */
const LINK_MODEL = 'PortalSessionLink';

export async function linkGrantToPortalSession(db: Kysely<GlobalDb>, grantId: string, ssoSessionId: string): Promise<void> {
  const row = { key: rowKey(LINK_MODEL, grantId), model: LINK_MODEL, payload: '{}', grant_id: grantId, user_code: null, uid: ssoSessionId, expires_at: null, consumed_at: null };
  await db.insertInto('oidc_payloads').values(row).onConflict((oc) => oc.column('key').doUpdateSet({ uid: ssoSessionId })).execute();
}

/** A grant that ended with its portal session: whom to tell over the back channel. */
export interface EndedGrant {
  clientId: string;
  accountId: string;
  /** The provider's id of the sign-in at that client (the ID token's `sid`), when known. */
  sid: string | null;
}

/** Revokes every grant (and its codes and tokens) given under these portal sessions; returns those that were live. */
export async function revokeGrantsOfPortalSessions(db: Kysely<GlobalDb>, ssoSessionIds: string[]): Promise<EndedGrant[]> {
  if (ssoSessionIds.length === 0) return [];
  const links = await db.selectFrom('oidc_payloads').select(['grant_id', 'payload']).where('model', '=', LINK_MODEL).where('uid', 'in', ssoSessionIds).execute();
  const grantIds = links.map((l) => l.grant_id).filter((id): id is string => id !== null);
  if (grantIds.length === 0) return [];
  const grants = await db.selectFrom('oidc_payloads').select(['key', 'payload']).where('key', 'in', grantIds.map((id) => rowKey('Grant', id))).execute();
  // An interaction in progress names the grant too, but it is a request, not a credential: it
  // lives on (the browser may sign in again, as another account, and finish it).
  await db
    .deleteFrom('oidc_payloads')
    .where((eb) => eb.or([eb('grant_id', 'in', grantIds), eb('key', 'in', grantIds.map((id) => rowKey('Grant', id)))]))
    .where('model', '!=', 'Interaction')
    .execute();
  const sidOf = new Map(links.map((l) => [l.grant_id, (JSON.parse(l.payload) as { sid?: string }).sid ?? null]));
  return grants.map((row) => {
    const grant = JSON.parse(row.payload) as { clientId: string; accountId: string; jti: string };
    return { clientId: grant.clientId, accountId: grant.accountId, sid: sidOf.get(grant.jti) ?? null };
  });
}

/** Notes the provider session id (`sid`) of a grant's sign-in on its link, for back-channel logout. */
export async function recordGrantSid(db: Kysely<GlobalDb>, grantId: string, sid: string): Promise<void> {
  await db.updateTable('oidc_payloads').set({ payload: JSON.stringify({ sid }) }).where('key', '=', rowKey(LINK_MODEL, grantId)).execute();
}

/** The portal SSO session a grant was given under, or null. */
export async function portalSessionOfGrant(db: Kysely<GlobalDb>, grantId: string): Promise<string | null> {
  const row = await db.selectFrom('oidc_payloads').select('uid').where('key', '=', rowKey(LINK_MODEL, grantId)).executeTakeFirst();
  return row?.uid ?? null;
}
