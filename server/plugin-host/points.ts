/**
 * The server's extension points: where the core asks the plugins' server halves for what only
 * they know. Each point is declared here, by the core, with its shape; a server half contributes
 * through its context (`contribute`), and a contribution is used only where its plugin is on
 * for the account concerned. A contribution to a point not declared here does not typecheck.
 */
import type { AccountFact } from '../../core/contract/accountFacts';
import type { PluginOffResult } from '../../core/contract/api';
import type { MfaType } from '../../core/contract/auth';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { RegionCode } from '../../core/contract/regions';
import type { TotpUrlResult } from '../../core/contract/security';
import type { Ctx } from '../context';
import { fail } from '../http/errors';
import type { MigrationRequiredResult } from '../../core/contract/migration';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperatorRef } from '../ops/consoleScope';
import type { OpsAuditRecord } from '../ops/audit';
import type { Kysely } from 'kysely';
import type { AccountTable, LegacyAccountTable, RegionalDb } from '../db/types';
import type { SsoSessionRef } from '../domain/sessions';
import type { DemoSeeding } from '../demo/seed';
import type { EventContext } from '../domain/securityEvents';

/**
 * What a second-factor code is for: one sign-in attempt (its MFA process; a code sent for one
 * attempt completes no other) or setting the method up on the signed-in account.
 */
export type SecondFactorScope = { purpose: 'login'; processId: string } | { purpose: 'bind' };

/** The columns of an account a second-factor method sets when it is bound or removed. */
export type MethodColumns = Partial<Pick<AccountTable, 'mfa_email' | 'mfa_totp_secret' | 'mfa_totp_last_step' | 'totp_pending_secret' | 'totp_pending_expires'>>;

/** A sign-in's passkey proof, read: the account it stands for and its single-use key. */
export interface PasskeyProof {
  region: RegionCode;
  account: AccountTable;
  proof: { nonce: string; expiresAt: number };
}

/**
 * A sign-in's proof from another identity provider (the externalSignIn point), read: the account
 * it stands for, and whether it signs in alone or is to be linked beside the account's own proof.
 */
export interface ExternalProof {
  region: RegionCode;
  account: AccountTable;
  /** True: the identity is not linked yet; the password (or mailed code) beside it proves the account first. */
  link: boolean;
  /** The provider's own second factor stands for the portal's (its `amr` said so, and the company takes it). */
  providerMfa: boolean;
  /** The plugin's handle of the flow, for `complete`. */
  flowId: string;
  /** The provider (the plugin's connection) it came from: a company that requires its own sign-in takes only its own. */
  source: string;
}

/** A sign-in at another provider linked to an account (the linkedIdentities point). */
export interface LinkedIdentity {
  /** Unique across contributions: `<proofPrefix>:<the plugin's key>`. */
  id: string;
  kind: 'social' | 'enterprise';
  /** A social provider's id (google, microsoft, apple), or the company's name. */
  provider: string;
  /** The address the provider gave when it was linked, where the plugin keeps it. */
  email: string | null;
  linkedAt: number;
  /** False where the link must stay (the account's company requires its sign-in). */
  removable: boolean;
}

/**
 * A table that keeps rows about a person (the personalData point): how its rows are found, which
 * columns never leave the server, or why it is left out of the person's export.
 */
export interface PersonalTable {
  /** The store it lives in: `regional` is the account's own region's. */
  store: 'global' | 'regional' | 'legacy';
  table: string;
  /** Columns holding the account's id, and columns holding its address: a row matches when any of them does. */
  byId?: readonly string[];
  byEmail?: readonly string[];
  /** Columns never exported: secrets, digests of secrets, keys. */
  secret?: readonly string[];
  /**
   * Set when the rows are not exported, and why (single-use codes that end within minutes, keyed
   * digests that name no one): the coverage test reads it, the README does not.
   */
  leftOut?: string;
  /**
   * How "Delete my account" erases the person's rows here (server/domain/erasure.ts): `rows`, the
   * default, deletes every row found by `byId`/`byEmail`; `feature` leaves it to the contribution's
   * own `erase` (a company someone else owns is not deleted with its contact); `kept` never erases
   * (staff records, the operators' append-only audit), with why: the operations guide lists these.
   */
  erase?: 'rows' | 'feature' | { kept: string };
}

/** The person an erasure is for: their region (their account's store) and how rows name them. */
export interface ErasedPerson {
  region: RegionCode;
  id: string;
  email: string;
}

/** A person's data a feature adds to their export beyond its tables' own rows (the company's data they may see). */
export type PersonalFiles = Record<string, unknown>;

/** A company's own sign-in that its members must use (the externalSignIn point): -20690's result. */
export interface ExternalSignInRequired {
  company: string;
}

/** A company as another feature sees it (the companyDirectory point). */
export interface DirectoryCompany {
  id: string;
  region: RegionCode;
  name: string;
  country: string;
  certified: boolean;
  /** The asking account's role in it; null: not a member (or no account asked). */
  role: 'owner' | 'admin' | 'member' | null;
}

/** The sign-in request a trusted browser is judged by. */
export interface TrustedBrowserRequest {
  cookies: Record<string, string>;
  userAgent: string | null;
  /** Where the request came from: a revocation it causes is recorded in the activity with it. */
  context: EventContext;
}

/** A trusted browser's skip of the second factor, taken once the rest of the sign-in passed. */
export interface TrustedSkip {
  /**
   * The cookie's value rotates (each skip gets a new one, the old is retired): the Set-Cookie header
   * to send. Null when the device stopped vouching meanwhile (revoked): the second factor is asked.
   */
  complete(): Promise<string | null>;
}

export interface ServerPoints {
  /**
   * The check for a person that a risky sign-in or registration must pass (the captcha plugin's
   * slider; -23029 with its `captchaUrl` until it is passed). The core's counters judge the risk;
   * the check is asked where its plugin is on for the host's region or the region the attempt
   * concerns (server/domain/humanCheck.ts), and where it is off for both a risky attempt goes on unasked.
   */
  humanCheck: {
    /** Spends a proof (the frame's token) of a sign-in of `email` (null: a registration); true when it was a live one for it. */
    passes(ctx: Ctx, token: string | undefined, email: string | null): Promise<boolean>;
    /** Where the person proves it, for a sign-in of `email` (null: a registration): the -23029 result's `captchaUrl`. */
    url(ctx: Ctx, email: string | null): Promise<string>;
  };
  /**
   * A code method of two-step verification (the mfa plugin's authenticator app and mailed codes):
   * which accounts have it, how a code is checked, sent, set up and removed. The core keeps the MFA
   * process (the step, its attempts and the wrong-code lock, shared by every method) and asks the
   * methods on for the account's region; an account with two-step verification whose methods are
   * all switched off there is refused (403 -19999), never let in by its password alone.
   * The order of contributions is the order of `supportedMFATypes`.
   */
  secondFactorMethods: {
    type: MfaType;
    /** The account has this method set up. */
    bound(account: AccountTable): boolean;
    /**
     * Checks a code: true when right, false when wrong (the core counts it toward the lock, -20607
     * or -20684); throws for an answer that is neither (no live code -20676, no secret -20687 or
     * -20686). With `purpose: 'bind'` the method being set up is checked (a pending secret).
     */
    check(ctx: Ctx, region: RegionCode, account: AccountTable, code: string, scope: SecondFactorScope): Promise<boolean>;
    /** Sends a code (mailed codes); a method without it sends nothing. The sign-in sends one when the step opens with this method as the primary one. */
    send?(ctx: Ctx, region: RegionCode, account: AccountTable, scope: SecondFactorScope, language?: string): Promise<{ resendAfterSeconds: number; expiresIn: number }>;
    /** A method set up from a secret shown once (the authenticator app): a new pending secret, to bind with a code. */
    enrol?(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<TotpUrlResult>;
    /** The columns that bind the method once a code for it checked out (`fresh`: the account as stored then). */
    bind(fresh: AccountTable): MethodColumns;
    /** The columns that remove it. */
    unbind(): MethodColumns;
  };
  /**
   * Who may read a stored upload of one kind (the files route serves avatars to anyone with the
   * link; every other kind only where a reader says yes). Without a reader for its kind, or with
   * its plugin off for the reader's region, a file is refused.
   */
  fileReader: {
    kind: string;
    mayRead(ctx: Ctx, file: { region: RegionCode; id: string; uploaderId: string }, reader: { id: string; region: RegionCode }): Promise<boolean>;
  };
  /**
   * Registration through an invitation code: checked before the account is made (the code is live
   * and for this address), redeemed right after.
   */
  registrationInvitation: {
    check(ctx: Ctx, code: string, email: string, region: RegionCode): Promise<{ orgRegion: RegionCode }>;
    accept(ctx: Ctx, region: RegionCode, account: AccountTable, code: string): Promise<unknown>;
  };
  /**
   * A browser that skips the second factor ("don't ask again", the trusted-device plugin). Used by
   * the sign-in only where its plugin is on for the account; forgetting (a password change, "sign out
   * other devices") runs wherever one was ever contributed, so a switch turned back on revives nothing.
   */
  trustedBrowser: {
    /** Days a "don't ask again" lasts where the deployment offers it; undefined: not offered. */
    offeredDays(ctx: Ctx): number | undefined;
    /**
     * Whether this browser skips the second factor: null when it does not, else the skip, to complete
     * once the sign-in does. A cookie that shows itself a copy (issue 26) revokes its device here.
     */
    skips(ctx: Ctx, region: RegionCode, accountId: string, request: TrustedBrowserRequest): Promise<TrustedSkip | null>;
    /** After a second factor passed and the person asked: remember this browser; the Set-Cookie header to send. */
    remember(ctx: Ctx, region: RegionCode, accountId: string, client: { ip: string | null; userAgent: string | null }): Promise<string>;
    /** This browser's trusted device of the account, if any. */
    current(ctx: Ctx, region: RegionCode, accountId: string, cookies: Record<string, string>): Promise<string | null>;
    /** Forget the account's trusted browsers, all but `except`; resolves how many were forgotten. */
    forget(ctx: Ctx, region: RegionCode, accountId: string, except?: string | null): Promise<number>;
  };
  /** Single-use codes that pass the second factor when the usual method is out of reach (the recovery-codes plugin). */
  backupCodes: {
    remaining(ctx: Ctx, region: RegionCode, accountId: string): Promise<number>;
    /** True when `code` was one of the account's unused codes, now spent. */
    spend(ctx: Ctx, region: RegionCode, accountId: string, code: string): Promise<boolean>;
    /** A code was used to sign in: tell the owner. */
    used(ctx: Ctx, region: RegionCode, account: AccountTable, language?: string): Promise<unknown>;
    /** Two-step verification was turned off or a method removed: the codes of that enrolment end; resolves how many unused ones did. */
    discard(ctx: Ctx, region: RegionCode, accountId: string): Promise<number>;
  };
  /**
   * Passkeys in the sign-in (the passkeys plugin): a proof of a passkey ceremony stands in for the
   * password or passes the MFA step; an account's passkey is offered there, and makes a service's
   * request for the MFA context answerable by an account without two-step verification.
   */
  passkeys: {
    has(ctx: Ctx, region: RegionCode, accountId: string): Promise<boolean>;
    /** The account a proof made in this login session stands for; it must be the address the sign-in names. */
    proofAccount(ctx: Ctx, proof: string, loginBinding: string, email: string): Promise<PasskeyProof>;
    /** The sign-in the proof stood in for completes: the proof is spent, and so is the MFA process it answered. */
    complete(ctx: Ctx, proof: PasskeyProof, mfaProcessId: string | undefined): Promise<void>;
  };
  /**
   * A mailed code that stands in for the password (the email-code plugin): "Email me a sign-in
   * code" on the sign-in page. The core's sign-in treats a code like a password (the same limits,
   * captcha, lock and security activity) and asks the second factor after it, except by mail.
   */
  signInCode: {
    /**
     * Checks a code (the 6 digits, or the token of the mail's link) of the process mailed to this
     * account for this login session, asked for in this browser (its cookies): true when right, false
     * when wrong (counted toward the lock); -20676 when the process has no live code (expired, spent,
     * replaced, or another sign-in's), with `result.reason: 'otherBrowser'` when it is another browser's.
     */
    check(ctx: Ctx, region: RegionCode, account: AccountTable, input: { processId: string; code: string; loginBinding: string; cookies: Record<string, string> }): Promise<boolean>;
    /** The sign-in the code stood in for completes: the process is spent (once; a second completion gets -20676). */
    complete(ctx: Ctx, region: RegionCode, account: AccountTable, processId: string): Promise<void>;
  };
  /**
   * Sign-in at another identity provider (the enterprise-sso plugin: a company's directory; the
   * social-sign-in plugin: Google, Microsoft, Apple). Its
   * return to the login page carries a proof, made for that login session, that `POST /login` takes
   * as `externalProof`: a linked identity signs in without the password; an identity to link rides
   * beside the password or mailed code that proves the account first. A company may require its
   * members to sign in there: any other first factor of theirs is then refused (-20690).
   */
  externalSignIn: {
    /**
     * What this contribution's proofs start with (`<prefix>.…`): a sign-in's proof goes to the one
     * contribution that made it (a company's directory, a social provider), never to another.
     */
    proofPrefix: string;
    /**
     * The account a proof made in this login session, in this browser (its cookies), stands for
     * (-20651 when it is unknown, spent, expired, another sign-in's or another browser's).
     */
    proofAccount(ctx: Ctx, proof: string, request: { loginBinding: string; cookies: Record<string, string> }, email: string): Promise<ExternalProof>;
    /** The sign-in completes: a proof to link links its identity to the account; the proof is spent. */
    complete(ctx: Ctx, proof: ExternalProof): Promise<void>;
    /** The company whose own sign-in this account must use and `proof` (if any) is not from: null when none. */
    required(ctx: Ctx, region: RegionCode, account: AccountTable, proof: ExternalProof | null): Promise<ExternalSignInRequired | null>;
  };
  /**
   * Sign-ins at other providers linked to an account (enterprise-sso, social-sign-in), for the
   * Security page's card and its rule that the last way in is never unlinked. Asked wherever one
   * was ever contributed, whatever the switches say: a link is a way in while it exists.
   */
  linkedIdentities: {
    list(ctx: Ctx, region: RegionCode, accountId: string): Promise<LinkedIdentity[]>;
    /** Removes the link `id` names where it is this contribution's: true when it was (and is gone). */
    unlink(ctx: Ctx, region: RegionCode, accountId: string, id: string): Promise<boolean>;
  };
  /**
   * The companies (the company plugin), for features of a company that are not the company
   * plugin's own (its sign-in). Asked wherever one was ever contributed: a company's data
   * outlives a switch.
   */
  companyDirectory: {
    /** The company `companyId` of `region`, with `accountId`'s role in it; null when there is none. */
    company(ctx: Ctx, region: RegionCode, companyId: string, accountId: string | null): Promise<DirectoryCompany | null>;
    /** The company the account is an active member of, if any. */
    companyOf(ctx: Ctx, region: RegionCode, accountId: string): Promise<DirectoryCompany | null>;
    /** Makes the account (of the company's region) an active member; false when it is already in a company. */
    join(ctx: Ctx, region: RegionCode, companyId: string, account: AccountTable): Promise<boolean>;
    /** The company's active members. */
    members(ctx: Ctx, region: RegionCode, companyId: string): Promise<Array<{ accountId: string; email: string; role: string }>>;
  };
  /**
   * A sign-in that comes from another product's page rather than a connected service (the help
   * desk's `source: 'zendesk'`): its login session, where the browser goes once signed in, and the
   * continuation that hands the signed-in person back to it instead of an authorization code.
   */
  loginSource: {
    source: string;
    /** `POST /login` without a login session, naming this source: the login session it gets (its code). */
    start(ctx: Ctx, fields: { brand_id?: string; locale_id?: string; return_to?: string }, language: string | null): Promise<string>;
    /** The sign-in's answer: where the browser goes next, with these parameters. */
    next(ctx: Ctx, params: Record<string, string>): { serviceUrl: string; redirectParams: Record<string, string> };
    /** The continuation of a signed-in login session of this source: the address to send the browser to. */
    handBack(ctx: Ctx, sso: SsoSessionRef, params: Record<string, string>): Promise<string>;
  };
  /**
   * A sign-in's old accounts of the same address (the partner programme's and apps' local
   * accounts): found before the password is checked against them, then answered with -6 to
   * migrate one, pick one, or merge them into the vendor ID. Without a contribution, or where
   * its plugin is off, a sign-in knows no old accounts.
   */
  legacyAccounts: {
    /** The address's old accounts not migrated yet. */
    find(ctx: Ctx, email: string): Promise<LegacyAccountTable[]>;
    required(ctx: Ctx, email: string, variant: MigrationRequiredResult['variant'], locals: LegacyAccountTable[], vendor?: { region: RegionCode; account: AccountTable }): Promise<MigrationRequiredResult>;
  };
  /**
   * A feature's rows that belong to an account in its region's store (passkeys, recovery codes,
   * mailed codes, applications to companies), for the core's move of an account to another region
   * (a region confirmation). Asked wherever one was ever contributed, whatever the switches say:
   * data outlives a switch, and a move must leave none of it behind.
   */
  accountData: {
    /** Copies what travels with the account from `from` into `to`'s store; runs before the directory points to `to`. */
    copy?(ctx: Ctx, from: RegionCode, to: RegionCode, accountId: string): Promise<unknown>;
    /** Removes the account's rows from a store: the old region's once moved (in its transaction), or the new one's when the move failed. */
    remove(db: Kysely<RegionalDb>, accountId: string): Promise<unknown>;
  };
  /**
   * A feature's demo data (the companies of the demo, old accounts to migrate), made on a demo
   * server's first start after the core's accounts, whatever the switches say then.
   */
  demoData: {
    seed(ctx: Ctx, demo: DemoSeeding): Promise<unknown>;
  };
  /**
   * Development stand-ins for the systems around the portal (the older systems' sign-ups that make
   * accounts to migrate): routes at the root, registered only off production, whatever the switches say.
   */
  devStandIns: {
    routes(app: FastifyInstance, ctx: Ctx): Promise<void>;
  };
  /**
   * The ops console's operators (the ops-console plugin): who a console call comes from, and the
   * audit log every operator action is appended to. Asked only where the console config turns its
   * plugin on (server/ops/consoleScope.ts).
   */
  operators: {
    authenticate(ctx: Ctx, req: FastifyRequest): Promise<OperatorRef | null>;
    audit(ctx: Ctx, record: OpsAuditRecord): Promise<void>;
  };
  /**
   * Where a feature keeps rows about a person: every table with an account's id or address is
   * named by one contribution (the core names its own, server/domain/personalData.ts), and a test
   * fails for a table that none names. The export of "Download my data" reads the rows of the
   * tables named, without their secret columns, whatever the switches say (data outlives a switch).
   */
  personalData: {
    /** The feature's name in the export (its folder in the ZIP). */
    name: string;
    tables: readonly PersonalTable[];
    /** More files of the person's data than its tables' rows, by file name (JSON values). */
    extra?(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<PersonalFiles>;
    /**
     * Erases the person's rows of the tables marked `erase: 'feature'` (and what hangs on them), in
     * every store; runs before the generic erasure and again if an erasure is resumed: idempotent.
     */
    erase?(ctx: Ctx, person: ErasedPerson): Promise<unknown>;
  };
  /**
   * What a feature knows of one account (its passkeys, recovery codes left, trusted browsers,
   * company), read by the ops console's help desk without reaching into the feature's tables.
   * Asked wherever one was ever contributed, whatever the switches say: the help desk sees the
   * account's data as it is stored.
   */
  accountFacts: {
    facts(ctx: Ctx, region: RegionCode, accountId: string): Promise<AccountFact[]>;
  };
}

export type PointName = keyof ServerPoints;

interface Contribution<K extends PointName> {
  plugin: string;
  value: ServerPoints[K];
}

export class ServerExtensions {
  private readonly contributions: { [K in PointName]: Array<Contribution<K>> } = { humanCheck: [], secondFactorMethods: [], fileReader: [], registrationInvitation: [], trustedBrowser: [], backupCodes: [], passkeys: [], signInCode: [], externalSignIn: [], linkedIdentities: [], companyDirectory: [], loginSource: [], legacyAccounts: [], accountData: [], demoData: [], devStandIns: [], operators: [], accountFacts: [], personalData: [] };

  contribute<K extends PointName>(plugin: string, point: K, value: ServerPoints[K]): void {
    (this.contributions[point] as Array<Contribution<K>>).push({ plugin, value });
  }

  /**
   * The contribution to a point that `pick` chooses, whatever the switches say, and the plugin it
   * answers to: for a caller that must say "off here" (403 -19999) rather than "unknown".
   */
  find<K extends PointName>(point: K, pick: (value: ServerPoints[K]) => boolean): { plugin: string; value: ServerPoints[K] } | null {
    return (this.contributions[point] as Array<Contribution<K>>).find((c) => pick(c.value)) ?? null;
  }

  /** Every contribution to a point, on or off: for clean-up that must hold whatever the switches say now. */
  all<K extends PointName>(point: K): Array<ServerPoints[K]> {
    return (this.contributions[point] as Array<Contribution<K>>).map((c) => c.value);
  }

  /** The first contribution to a point whose plugin is on for an account of `region`, or null. */
  first<K extends PointName>(ctx: Ctx, point: K, region: RegionCode | null): ServerPoints[K] | null {
    return this.for(ctx, point, region)[0] ?? null;
  }

  /** The contributions to a point whose plugin is on for an account of `region` (any region when null). */
  for<K extends PointName>(ctx: Ctx, point: K, region: RegionCode | null): Array<ServerPoints[K]> {
    return (this.contributions[point] as Array<Contribution<K>>).filter((c) => ctx.switches.state(c.plugin, { region, appType: null }) === 'on').map((c) => c.value);
  }
}

/**
 * Refuses a step of a flow whose plugin is off for an account of `region` (403 -19999 with
 * `PluginOffResult`, as its routes answer there), whether it is off there only or everywhere: a
 * sign-in is no unknown path, so never the gate's 404.
 */
export function switchedOff(plugin: string, region: RegionCode): never {
  const result: PluginOffResult = { plugin, offIn: region, appType: null };
  fail(E.regionUnavailable, result, `The ${plugin} service is turned off for the web in region ${region}.`, 403);
}
