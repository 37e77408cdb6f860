/**
 * A sign-in through a company's provider, in one login session:
 *   discover (the address's proven domain names a company) → start (a flow, a cookie on this
 *   browser, off to the provider) → callback (the code exchanged, the identity read) → back on the
 *   login page with a proof in the fragment → `POST /login` with `externalProof`, through the core's
 *   sign-in (its second factor, region and policy steps).
 * The identity is matched by the provider's subject: linked, it signs in; not linked and an ID of
 * the address exists, that ID's password (or mailed code) proves it before the link is made; no ID
 * yet, one is made with the company's membership, for an address of the company's proven domains.
 */
import { SamlStatusError } from '@node-saml/node-saml';
import { ERROR_CODES as E, type RegionCode } from '@portal/plugin-api/contract';
import {
  accountRow,
  checkName,
  createAccount,
  fail,
  findAccount,
  isCountryCode,
  isLiveLoginSession,
  isValidEmail,
  languageOr,
  loginUrl,
  normalizeEmail,
  randomId,
  randomToken,
  regionOfCountry,
  safeEqual,
  sha256,
  type AccountTable,
  type ExternalProof,
  type ExternalSignInRequired,
  type ServerContext as Ctx,
} from '@portal/server-api';
import type { DiscoverResult, FlowResult, NewAccountRequest } from '../contract';
import { callbackUrl, connectionById, directory, openSecret, samlConnection } from './connections';
import { connectionOfAddress } from './domains';
import { authorizationUrl, codeChallengeOf, exchangeCode, newCodeVerifier, providerConfig, type ProviderIdentity } from '@portal/server-api/federation';
import { authnRequest, readSamlResponse } from './saml';
import { ssoStore, type ConnectionTable, type FlowTable } from './tables';

/** A flow lasts this long: the provider's page, and the steps back on the login page. */
export const FLOW_MINUTES = 10;
export const FLOW_COOKIE = 'uid_enterprise_flow';
/** The proofs this plugin makes start with it (the externalSignIn point's `proofPrefix`). */
export const PROOF_PREFIX = 'enterprise';
/** RFC 8176 values a provider may send that mean it asked a second factor. */
const MFA_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'sms', 'tel', 'face', 'fpt', 'iris', 'retina', 'vbm']);

async function companyName(ctx: Ctx, connection: ConnectionTable): Promise<string> {
  return (await directory(ctx).company(ctx, connection.company_region, connection.company_id, null))?.name ?? '';
}

/** Where an address signs in: its company's provider (a proven domain), else nowhere special. */
export async function discover(ctx: Ctx, email: string): Promise<DiscoverResult> {
  // Only a whole address routes (connectionOfAddress): 'a@x y@company.example' goes nowhere.
  const connectionId = await connectionOfAddress(ctx, normalizeEmail(email));
  const connection = connectionId ? await connectionById(ctx, connectionId) : null;
  if (!connection) return { company: null };
  return { company: await companyName(ctx, connection) };
}

/** Opens a flow: where the browser goes, and the cookie that binds the callback to this browser. */
export async function startFlow(ctx: Ctx, input: { sessionCode: string; email: string }): Promise<{ location: string; browserSecret: string }> {
  const email = normalizeEmail(input.email);
  if (!(await isLiveLoginSession(ctx, input.sessionCode))) fail(E.tokenExpired, undefined, 'The sign-in has expired. Please start again.', 400);
  const connectionId = await connectionOfAddress(ctx, email);
  const connection = connectionId ? await connectionById(ctx, connectionId) : null;
  if (!connection) fail(E.invalidParameter, { field: 'email' }, 'This address does not sign in at a company provider.');
  const state = randomToken(32);
  const browserSecret = randomToken(32);
  const now = ctx.now();
  // OpenID Connect: the code's checks (nonce, PKCE). SAML: the request the answer must be in response to.
  let location: string;
  let checks: { nonce: string; code_verifier: string; request_id: string | null };
  if (connection.kind === 'saml') {
    const request = await authnRequest(ctx, samlConnection(connection), state);
    location = request.location;
    checks = { nonce: '', code_verifier: '', request_id: request.requestId };
  } else {
    const config = await providerConfig(ctx, { issuer: connection.issuer, clientId: connection.client_id, clientSecret: openSecret(ctx, connection) });
    const nonce = randomToken(32);
    const codeVerifier = newCodeVerifier();
    location = authorizationUrl(config, { redirectUri: callbackUrl(ctx), state, nonce, codeChallenge: await codeChallengeOf(codeVerifier), loginHint: email });
    checks = { nonce, code_verifier: codeVerifier, request_id: null };
  }
  await ssoStore(ctx)
    .insertInto('enterprise_sso_flows')
    .values({
      id: sha256(randomId()), // replaced by the proof's flow id once the provider answered
      state_hash: sha256(state),
      browser_hash: sha256(browserSecret),
      session_code: input.sessionCode,
      connection_id: connection.id,
      ...checks,
      email,
      status: 'started',
      proof_hash: null,
      subject: null,
      claim_email: null,
      given_name: null,
      family_name: null,
      provider_mfa: 0,
      account_region: null,
      account_id: null,
      error: null,
      created_at: now,
      expires_at: now + FLOW_MINUTES * 60_000,
    })
    .execute();
  return { location, browserSecret };
}

/** The login page the browser returns to: the flow's outcome in the fragment, never in a log's query. */
function backToLogin(ctx: Ctx, sessionCode: string, fragment: Record<string, string>): string {
  const url = new URL(loginUrl(ctx, { module: 'enterprise', session_code: sessionCode }));
  url.hash = new URLSearchParams(fragment).toString();
  return url.toString();
}

/** The flow a provider's answer names by its `state` (OpenID) or RelayState (SAML), taken once: null when none is open. */
async function takeFlow(ctx: Ctx, state: string): Promise<FlowTable | null> {
  const db = ssoStore(ctx);
  const flow = state ? await db.selectFrom('enterprise_sso_flows').selectAll().where('state_hash', '=', sha256(state)).executeTakeFirst() : undefined;
  if (!flow || flow.status !== 'started') return null;
  // One answer per flow: the state is spent before anything else can use it.
  const claimed = await db.updateTable('enterprise_sso_flows').set({ status: 'answered' }).where('id', '=', flow.id).where('status', '=', 'started').executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? flow : null;
}

async function failFlow(ctx: Ctx, flow: FlowTable, error: NonNullable<FlowResult['error']>): Promise<string> {
  await ssoStore(ctx).updateTable('enterprise_sso_flows').set({ status: 'failed', error }).where('id', '=', flow.id).execute();
  return backToLogin(ctx, flow.session_code, { error });
}

/**
 * The OpenID provider's answer. The flow is the one whose `state` came back, started in this
 * browser (its cookie) and still open; the code is exchanged and the identity read. Where the
 * browser goes next: the login page with a proof, or with what failed.
 */
export async function callback(ctx: Ctx, url: URL, browserSecret: string | undefined): Promise<string> {
  const state = url.searchParams.get('state') ?? '';
  const db = ssoStore(ctx);
  const open = state ? await db.selectFrom('enterprise_sso_flows').select('browser_hash').where('state_hash', '=', sha256(state)).executeTakeFirst() : undefined;
  // Not this browser's flow (login CSRF: an answer sent to another browser) is refused before it is spent.
  const flow = open && browserSecret && safeEqual(sha256(browserSecret), open.browser_hash) ? await takeFlow(ctx, state) : null;
  if (!flow) fail(E.invalidToken, undefined, 'This sign-in answer is not for this browser, or it was used already. Please start again.', 400);
  if (flow.expires_at <= ctx.now()) return failFlow(ctx, flow, 'expired');
  if (url.searchParams.has('error')) return failFlow(ctx, flow, url.searchParams.get('error') === 'access_denied' ? 'denied' : 'provider');
  const connection = await connectionById(ctx, flow.connection_id);
  if (!connection || connection.kind !== 'oidc') return failFlow(ctx, flow, 'provider');
  let identity;
  try {
    const config = await providerConfig(ctx, { issuer: connection.issuer, clientId: connection.client_id, clientSecret: openSecret(ctx, connection) });
    identity = await exchangeCode(config, url, { state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
  } catch (err) {
    // The reason for operators (never a token: the library's messages name the failed check).
    console.warn(`enterprise sign-in: connection ${connection.id}: the provider's answer was refused: ${err instanceof Error ? err.message : String(err)}`);
    return failFlow(ctx, flow, 'provider');
  }
  return settle(ctx, flow, connection, identity);
}

/**
 * The SAML provider's answer, posted by the browser (from the provider's page: a cross-site post,
 * which carries no SameSite cookie, so the browser is checked where the proof is used, as for every
 * proof). The flow is the one its RelayState names; the answer must be in response to its request.
 */
export async function samlCallback(ctx: Ctx, samlResponse: string, relayState: string): Promise<string> {
  const flow = await takeFlow(ctx, relayState);
  if (!flow) fail(E.invalidToken, undefined, 'This sign-in answer is not for a sign-in under way, or it was used already. Please start again.', 400);
  if (flow.expires_at <= ctx.now()) return failFlow(ctx, flow, 'expired');
  const connection = await connectionById(ctx, flow.connection_id);
  if (!connection || connection.kind !== 'saml' || !flow.request_id) return failFlow(ctx, flow, 'provider');
  let identity;
  try {
    identity = await readSamlResponse(ctx, samlConnection(connection), { requestId: flow.request_id, createdAt: flow.created_at }, samlResponse);
  } catch (err) {
    if (err instanceof SamlStatusError && /AuthnFailed|RequestDenied/.test(err.xmlStatus)) return failFlow(ctx, flow, 'denied');
    console.warn(`enterprise sign-in: connection ${connection.id}: the SAML answer was refused: ${err instanceof Error ? err.message : String(err)}`);
    return failFlow(ctx, flow, 'provider');
  }
  return settle(ctx, flow, connection, identity);
}

/** The identity the provider vouched for, matched to an ID; the login page gets a proof of it. */
async function settle(ctx: Ctx, flow: FlowTable, connection: ConnectionTable, identity: ProviderIdentity): Promise<string> {
  const db = ssoStore(ctx);
  const failWith = (error: NonNullable<FlowResult['error']>) => failFlow(ctx, flow, error);
  const providerMfa = connection.second_factor === 'provider' && identity.amr.some((m) => MFA_AMR.has(m));
  // A subject of the issuer it was linked at: a connection pointed at another provider links no one.
  const link = await db.selectFrom('enterprise_sso_links').selectAll().where('connection_id', '=', connection.id).where('issuer', '=', connection.issuer).where('subject', '=', identity.subject).executeTakeFirst();
  let status: FlowResult['status'];
  let account: { region: RegionCode; account: AccountTable } | null = null;
  if (link) {
    const linked = await ctx.region(link.account_region).selectFrom('accounts').selectAll().where('id', '=', link.account_id).executeTakeFirst();
    // The linked ID is gone (deleted): the identity may link or make one anew.
    if (!linked) {
      await db.deleteFrom('enterprise_sso_links').where('connection_id', '=', connection.id).where('subject', '=', identity.subject).execute();
      return failWith('provider');
    }
    account = { region: link.account_region, account: linked };
    status = 'linked';
  } else {
    // The address the provider vouches for; it must be one of the company's proven domains, as it
    // would be for a new ID (or for the ID of that address to be linked).
    const email = identity.email && identity.emailVerified && isValidEmail(identity.email) ? identity.email : null;
    if (!email || (await connectionOfAddress(ctx, email)) !== connection.id) return failWith('domain');
    account = await findAccount(ctx, email);
    status = account ? 'link' : 'create';
  }
  const flowId = randomId();
  const proofSecret = randomToken(32);
  await db
    .updateTable('enterprise_sso_flows')
    .set({
      id: sha256(flowId),
      status,
      proof_hash: sha256(proofSecret),
      subject: identity.subject,
      claim_email: identity.email,
      given_name: identity.givenName?.slice(0, 128) ?? null,
      family_name: identity.familyName?.slice(0, 128) ?? null,
      provider_mfa: providerMfa ? 1 : 0,
      account_region: account?.region ?? null,
      account_id: account?.account.id ?? null,
      // The steps back on the login page get their own ten minutes.
      expires_at: ctx.now() + FLOW_MINUTES * 60_000,
    })
    .where('id', '=', flow.id)
    .execute();
  return backToLogin(ctx, flow.session_code, { token: `${PROOF_PREFIX}.${flowId}.${proofSecret}` });
}

/**
 * The flow a proof names, made for this login session in this browser (its flow cookie: a link
 * with a proof, sent to someone else, signs nobody in) and still open; -20651 otherwise.
 */
async function flowOfProof(ctx: Ctx, proof: string, sessionCode: string, browserSecret: string | undefined): Promise<FlowTable> {
  const parts = proof.split('.');
  const [prefix, flowId, secret] = parts;
  const flow = parts.length === 3 && flowId && secret ? await ssoStore(ctx).selectFrom('enterprise_sso_flows').selectAll().where('id', '=', sha256(flowId)).executeTakeFirst() : undefined;
  const ok =
    prefix === PROOF_PREFIX &&
    flow !== undefined &&
    flow.proof_hash !== null &&
    safeEqual(sha256(secret!), flow.proof_hash) &&
    safeEqual(sha256(sessionCode), sha256(flow.session_code)) &&
    browserSecret !== undefined &&
    safeEqual(sha256(browserSecret), flow.browser_hash) &&
    flow.expires_at > ctx.now() &&
    flow.status !== 'done';
  if (!ok) fail(E.invalidToken, undefined, 'The sign-in at your company has expired or was used already. Please try again.');
  return flow!;
}

/** What the login page shows for a proof. */
export async function readFlow(ctx: Ctx, proof: string, sessionCode: string, browserSecret: string | undefined): Promise<FlowResult> {
  const flow = await flowOfProof(ctx, proof, sessionCode, browserSecret);
  const connection = await connectionById(ctx, flow.connection_id);
  if (!connection) fail(E.invalidToken);
  const company = await directory(ctx).company(ctx, connection.company_region, connection.company_id, null);
  const email = flow.status === 'linked' && flow.account_region && flow.account_id ? ((await ctx.region(flow.account_region).selectFrom('accounts').select('email').where('id', '=', flow.account_id).executeTakeFirst())?.email ?? flow.email) : (flow.claim_email ?? flow.email);
  return {
    status: flow.status === 'linked' || flow.status === 'link' || flow.status === 'create' ? flow.status : 'failed',
    company: company?.name ?? '',
    email,
    ...(flow.given_name ? { givenName: flow.given_name } : {}),
    ...(flow.family_name ? { familyName: flow.family_name } : {}),
    ...(company ? { country: company.country } : {}),
    ...(flow.status === 'create' ? { privacy: { version: ctx.options.privacyPolicyVersion, url: ctx.options.privacyPolicyUrl } } : {}),
  };
}

/**
 * A new ID for the identity (status 'create'): activated (the company's provider vouched for the
 * address in a domain the company proved), a member of the company where it lives in the
 * company's region, and linked. The person chose the country/region and accepted the policy.
 */
export async function createFromFlow(ctx: Ctx, input: NewAccountRequest, sessionCode: string, browserSecret: string | undefined): Promise<{ email: string; joined: boolean }> {
  const flow = await flowOfProof(ctx, input.proof, sessionCode, browserSecret);
  if (flow.status !== 'create' || !flow.claim_email || !flow.subject) fail(E.invalidToken);
  // The request's own checks first: a refused field leaves the flow as it was, to be sent again.
  if (input.acceptPrivacyVersion !== ctx.options.privacyPolicyVersion) fail(E.privacyPolicyUpdate, { version: ctx.options.privacyPolicyVersion, url: ctx.options.privacyPolicyUrl });
  const firstName = checkName(input.firstName, 'firstName')!;
  const lastName = checkName(input.lastName, 'lastName')!;
  const region = isCountryCode(input.country) ? regionOfCountry(input.country) : null;
  if (!region) fail(E.regionCodeInvalid);
  const connection = await connectionById(ctx, flow.connection_id);
  if (!connection) fail(E.invalidToken);
  const db = ssoStore(ctx);
  // One ID per flow, whatever runs in parallel: the flow is taken before anything is made.
  const taken = await db.updateTable('enterprise_sso_flows').set({ status: 'creating' }).where('id', '=', flow.id).where('status', '=', 'create').executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) fail(E.invalidToken);
  // No password: "forgot password" sets one where the company does not require its own sign-in.
  const row = accountRow(ctx, {
    email: flow.claim_email,
    passwordHash: await ctx.passwords.hash(randomToken(32)),
    firstName,
    lastName,
    country: input.country,
    language: languageOr(input.language),
    activated: true,
    regionConfirmed: true,
    privacyVersion: ctx.options.privacyPolicyVersion,
    passwordSet: false,
  });
  try {
    await createAccount(ctx, region, row);
  } catch (err) {
    // Not made (an ID of the address came meanwhile): the flow may be tried again.
    await db.updateTable('enterprise_sso_flows').set({ status: 'create' }).where('id', '=', flow.id).execute();
    throw err;
  }
  const joined = region === connection.company_region ? await directory(ctx).join(ctx, region, connection.company_id, row) : false;
  await db.insertInto('enterprise_sso_links').values({ connection_id: connection.id, issuer: connection.issuer, subject: flow.subject, account_region: region, account_id: row.id, linked_at: ctx.now() }).execute();
  await db.updateTable('enterprise_sso_flows').set({ status: 'linked', account_region: region, account_id: row.id }).where('id', '=', flow.id).execute();
  return { email: row.email, joined };
}

/** The externalSignIn point: the account a proof stands for. */
export async function proofAccount(ctx: Ctx, proof: string, request: { loginBinding: string; cookies: Record<string, string> }, email: string): Promise<ExternalProof> {
  const flow = await flowOfProof(ctx, proof, request.loginBinding, request.cookies[FLOW_COOKIE]);
  if ((flow.status !== 'linked' && flow.status !== 'link') || !flow.account_region || !flow.account_id) fail(E.invalidToken);
  const account = await ctx.region(flow.account_region).selectFrom('accounts').selectAll().where('id', '=', flow.account_id).executeTakeFirst();
  if (!account || account.email !== normalizeEmail(email)) fail(E.accountError);
  return { region: flow.account_region, account, link: flow.status === 'link', providerMfa: flow.provider_mfa === 1, flowId: flow.id, source: flow.connection_id };
}

/** The sign-in completed: an identity to link is linked (unless linked meanwhile), the flow spent. */
export async function completeProof(ctx: Ctx, proof: ExternalProof): Promise<void> {
  const db = ssoStore(ctx);
  const spent = await db.updateTable('enterprise_sso_flows').set({ status: 'done' }).where('id', '=', proof.flowId).where('status', 'in', ['linked', 'link']).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) fail(E.invalidToken, undefined, 'The sign-in at your company was used already.');
  if (!proof.link) return;
  const flow = await db.selectFrom('enterprise_sso_flows').select(['connection_id', 'subject']).where('id', '=', proof.flowId).executeTakeFirstOrThrow();
  const connection = await connectionById(ctx, flow.connection_id);
  if (!connection) fail(E.invalidToken);
  await db
    .insertInto('enterprise_sso_links')
    .values({ connection_id: flow.connection_id, issuer: connection.issuer, subject: flow.subject!, account_region: proof.region, account_id: proof.account.id, linked_at: ctx.now() })
    .onConflict((oc) => oc.columns(['connection_id', 'subject']).doNothing())
    .execute();
}

/**
 * The company whose sign-in this account must use: one that requires it, whose provider the
 * account can sign in at (an identity linked there, or an address of its proven domains), unless
 * `proof` came from that very provider. Plain membership is not enough: a member whose address is
 * outside the company's domains could never link, and would be locked out.
 */
export async function requiredFor(ctx: Ctx, _region: RegionCode, account: AccountTable, proof: ExternalProof | null): Promise<ExternalSignInRequired | null> {
  const db = ssoStore(ctx);
  const candidates = new Set<string>();
  const byDomain = await connectionOfAddress(ctx, account.email);
  if (byDomain) candidates.add(byDomain);
  for (const l of await db.selectFrom('enterprise_sso_links').select('connection_id').where('account_id', '=', account.id).execute()) candidates.add(l.connection_id);
  for (const id of candidates) {
    if (proof?.source === id) continue;
    const connection = await connectionById(ctx, id);
    if (connection?.required === 1) return { company: await companyName(ctx, connection) };
  }
  return null;
}
