/**
 * A sign-in at a social provider, and a link made from the Security page:
 *   start (a flow, a cookie on this browser, off to the provider) → callback (the code exchanged,
 *   the identity read) → back on the portal's page with a proof in the fragment → that page's call
 *   uses the proof, in the browser that started the flow (its cookie).
 * Sign-in: a linked identity signs in (`POST /login` with `externalProof`, through the core's
 * sign-in and its second factor); an identity whose verified address has an ID links to it after
 * that ID's own password or mailed code; otherwise a new ID is made once its person chose the
 * country/region and accepted the policy. Link: the identity is linked to the signed-in account.
 */
import { ERROR_CODES as E, type RegionCode } from '@portal/plugin-api/contract';
import {
  accountRow,
  checkName,
  createAccount,
  fail,
  findAccount,
  isCountryCode,
  isLiveLoginSession,
  isUniqueViolation,
  isValidEmail,
  languageOr,
  loginUrl,
  normalizeEmail,
  randomId,
  randomToken,
  regionOfCountry,
  renewLoginSession,
  safeEqual,
  sha256,
  recordSecurityEvent,
  type AccountTable,
  type EventContext,
  type ExternalProof,
  type ServerContext as Ctx,
} from '@portal/server-api';
import { authorizationUrl, codeChallengeOf, exchangeCode, newCodeVerifier, providerConfig, type ProviderIdentity } from '@portal/server-api/federation';
import { APP_LINK_PATH, isSocialProvider, PROOF_PREFIX, PROVIDER_NAMES, type SocialAccountRequest, type SocialFailure, type SocialFlowResult, type SocialProvider } from '../contract';
import { addressVouched, answersByPost, offeredIn, providerSettings, regionsOffering, requestOptions } from './providers';
import { failHandoff, reviewHandoff } from './handoffRows';
import { socialStore, type SocialFlowTable } from './tables';

/** A flow lasts this long: the provider's page, and the steps back on the portal's page. */
export const FLOW_MINUTES = 10;
export const FLOW_COOKIE = 'uid_social_flow';
export { PROOF_PREFIX };
/** Where the Security page is: a link flow comes back there. */
export const SECURITY_PATH = '/accountSetting/security';

export const callbackUrl = (ctx: Ctx) => new URL('/api/login/social/callback', ctx.options.publicOrigin).toString();

type Start =
  | { purpose: 'signIn'; sessionCode: string; provider: SocialProvider }
  | { purpose: 'link'; account: { region: RegionCode; id: string }; provider: SocialProvider }
  /** From a partner app, in the device's browser (appLink.ts checked the provider against the app's config). */
  | { purpose: 'appLink'; account: { region: RegionCode; id: string }; provider: SocialProvider; handoffId: string };

/** Opens a flow: where the browser goes, and the cookie that binds the flow to this browser. */
export async function startFlow(ctx: Ctx, input: Start): Promise<{ location: string; browserSecret: string }> {
  if (input.purpose === 'signIn') {
    if (!(await isLiveLoginSession(ctx, input.sessionCode))) {
      // A page open too long: a fresh code of the same request, which the page takes and goes on with.
      const fresh = await renewLoginSession(ctx, input.sessionCode);
      fail(E.tokenExpired, fresh ? { sessionCode: fresh } : undefined, 'The sign-in has expired. Please start again.', 400);
    }
    // Before the account is known, a provider offered in any region may start; the account's region decides at the end.
    if (regionsOffering(ctx, input.provider).length === 0) fail(E.invalidParameter, { field: 'provider' }, 'This provider is not offered here.');
  } else if (input.purpose === 'link' && !offeredIn(ctx, input.account.region).includes(input.provider)) {
    fail(E.invalidParameter, { field: 'provider' }, 'This provider is not offered in your region.');
  }
  const config = await providerConfig(ctx, await providerSettings(ctx, input.provider));
  const state = randomToken(32);
  const nonce = randomToken(32);
  const codeVerifier = newCodeVerifier();
  const browserSecret = randomToken(32);
  const location = authorizationUrl(config, {
    redirectUri: callbackUrl(ctx),
    state,
    nonce,
    codeChallenge: await codeChallengeOf(codeVerifier),
    ...requestOptions(input.provider),
    // Linking on purpose: the person picks which of the provider's accounts.
    ...(input.purpose !== 'signIn' ? { prompt: 'select_account' as const } : {}),
  });
  const now = ctx.now();
  const db = socialStore(ctx);
  // One open flow per login session (or per account linking): a new start ends the ones before it.
  const earlier = db.deleteFrom('social_sign_in_flows').where('status', '=', 'started');
  await (
    input.purpose === 'signIn'
      ? earlier.where('session_code', '=', input.sessionCode)
      : input.purpose === 'appLink'
        ? earlier.where('purpose', '=', 'appLink').where('session_code', '=', input.handoffId)
        : earlier.where('purpose', '=', 'link').where('account_id', '=', input.account.id)
  ).execute();
  await db
    .insertInto('social_sign_in_flows')
    .values({
      id: sha256(randomId()), // replaced by the proof's flow id once the provider answered
      state_hash: sha256(state),
      browser_hash: sha256(browserSecret),
      purpose: input.purpose,
      session_code: input.purpose === 'signIn' ? input.sessionCode : input.purpose === 'appLink' ? input.handoffId : '',
      provider: input.provider,
      nonce,
      code_verifier: codeVerifier,
      status: 'started',
      proof_hash: null,
      subject: null,
      claim_email: null,
      given_name: null,
      family_name: null,
      account_region: input.purpose !== 'signIn' ? input.account.region : null,
      account_id: input.purpose !== 'signIn' ? input.account.id : null,
      error: null,
      created_at: now,
      expires_at: now + FLOW_MINUTES * 60_000,
    })
    .execute();
  return { location, browserSecret };
}

/** The device's browser goes back to the hand-off page, which reads how it ended from the server (its cookie). */
const handoffPage = (ctx: Ctx) => new URL(APP_LINK_PATH, ctx.options.publicOrigin).toString();

/**
 * The page the browser returns to, the outcome in the fragment (never in a log's query; the page
 * takes `#token=` out of the address before anything runs): the login page, or the Security page.
 */
function backTo(ctx: Ctx, flow: SocialFlowTable, outcome: { token: string } | { error: SocialFailure }): string {
  if (flow.purpose === 'appLink') return handoffPage(ctx);
  const url = flow.purpose === 'link' ? new URL(SECURITY_PATH, ctx.options.publicOrigin) : new URL(loginUrl(ctx, { module: 'social', session_code: flow.session_code }));
  url.hash = new URLSearchParams('token' in outcome ? { token: outcome.token } : { [flow.purpose === 'link' ? 'social-error' : 'error']: outcome.error, provider: flow.provider }).toString();
  return url.toString();
}

async function failFlow(ctx: Ctx, flow: SocialFlowTable, error: SocialFailure | 'addressTaken'): Promise<string> {
  await socialStore(ctx).updateTable('social_sign_in_flows').set({ status: 'failed', error }).where('id', '=', flow.id).execute();
  if (flow.purpose === 'appLink') {
    await failHandoff(ctx, flow.session_code, error);
    return handoffPage(ctx);
  }
  return backTo(ctx, flow, { error: error === 'addressTaken' ? 'taken' : error });
}

/**
 * The provider's answer, in the browser that started the flow (its cookie: an answer sent to
 * another browser is refused before it is spent; Apple's form post comes here as a same-site GET,
 * see routes.ts). The flow is the one whose `state` came back, taken once. Where the browser goes next.
 */
export async function callback(ctx: Ctx, url: URL, browserSecret: string | undefined, handoff: AppHandoffCookie = { secret: undefined, renew: () => undefined }): Promise<string> {
  const params = url.searchParams;
  const state = params.get('state') ?? '';
  const db = socialStore(ctx);
  const open = state ? await db.selectFrom('social_sign_in_flows').select(['id', 'browser_hash', 'purpose', 'session_code']).where('state_hash', '=', sha256(state)).where('status', '=', 'started').executeTakeFirst() : undefined;
  const sameBrowser = open !== undefined && browserSecret !== undefined && safeEqual(sha256(browserSecret), open.browser_hash) && (open.purpose !== 'appLink' || (await holdsHandoff(ctx, open.session_code, handoff.secret)));
  if (open && !sameBrowser && open.purpose === 'appLink') {
    // An app hand-off's answer in a browser without its cookies (a lure's victim, or a leaked address):
    // the flow ends here, so the address carried elsewhere finishes nothing either.
    await db.updateTable('social_sign_in_flows').set({ status: 'failed', error: 'expired' }).where('id', '=', open.id).where('status', '=', 'started').execute();
    await failHandoff(ctx, open.session_code, 'expired');
  }
  const claimed = sameBrowser ? await db.updateTable('social_sign_in_flows').set({ status: 'answered' }).where('id', '=', open.id).where('status', '=', 'started').executeTakeFirst() : null;
  if (!claimed || Number(claimed.numUpdatedRows) !== 1) fail(E.invalidToken, undefined, 'This sign-in answer is not for this browser, or it was used already. Please start again.', 400);
  const flow = await db.selectFrom('social_sign_in_flows').selectAll().where('id', '=', open!.id).executeTakeFirstOrThrow();
  if (flow.expires_at <= ctx.now()) return failFlow(ctx, flow, 'expired');
  if (params.has('error')) return failFlow(ctx, flow, params.get('error') === 'access_denied' || params.get('error') === 'user_cancelled_authorize' ? 'denied' : 'provider');
  if (!isSocialProvider(flow.provider)) return failFlow(ctx, flow, 'provider');
  let identity: ProviderIdentity;
  try {
    const config = await providerConfig(ctx, await providerSettings(ctx, flow.provider));
    identity = await exchangeCode(config, url, { state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
  } catch (err) {
    // The reason for operators (never a token: the library's messages name the failed check).
    console.warn(`social sign-in: ${flow.provider}: the provider's answer was refused: ${err instanceof Error ? err.message : String(err)}`);
    return failFlow(ctx, flow, 'provider');
  }
  // Apple gives the name only in its first answer's form (`user`), outside the signed token: a suggestion to prefill, no more.
  if (answersByPost(flow.provider) && !identity.givenName) identity = { ...identity, ...appleName(params.get('user')) };
  return flow.purpose === 'appLink' ? settleAppLink(ctx, flow, identity, handoff.renew) : settle(ctx, flow, flow.provider, identity);
}

/** A partner app's hand-off: its cookie, and what sets the renewed one (the browser that took the provider's answer is the only one that finishes). */
export interface AppHandoffCookie {
  secret: string | undefined;
  renew: (secret: string) => void;
}

/** Whether this browser holds the hand-off the flow belongs to (its cookie), besides the flow's own cookie. */
async function holdsHandoff(ctx: Ctx, handoffId: string, secret: string | undefined): Promise<boolean> {
  if (!secret) return false;
  const row = await socialStore(ctx).selectFrom('social_app_links').select('browser_hash').where('id', '=', handoffId).executeTakeFirst();
  return row?.browser_hash != null && safeEqual(sha256(secret), row.browser_hash);
}

function appleName(user: string | null): Partial<ProviderIdentity> {
  try {
    const name = (JSON.parse(user ?? 'null') as { name?: { firstName?: unknown; lastName?: unknown } } | null)?.name;
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 128) : null);
    return name ? { givenName: text(name.firstName), familyName: text(name.lastName) } : {};
  } catch {
    return {};
  }
}

async function linkedAccount(ctx: Ctx, provider: SocialProvider, subject: string): Promise<{ region: RegionCode; account: AccountTable } | null> {
  const db = socialStore(ctx);
  const link = await db.selectFrom('social_sign_in_links').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
  if (!link) return null;
  const account = await ctx.region(link.account_region).selectFrom('accounts').selectAll().where('id', '=', link.account_id).executeTakeFirst();
  if (account) return { region: link.account_region, account };
  // The linked ID is gone (deleted): the identity may link or make one anew.
  await db.deleteFrom('social_sign_in_links').where('provider', '=', provider).where('subject', '=', subject).execute();
  return null;
}

/** The identity the provider vouched for, matched to an ID; the page gets a proof of it. */
async function settle(ctx: Ctx, flow: SocialFlowTable, provider: SocialProvider, identity: ProviderIdentity): Promise<string> {
  const linked = await linkedAccount(ctx, provider, identity.subject);
  let status: 'linked' | 'link' | 'create';
  let account: { region: RegionCode; id: string } | null;
  if (flow.purpose === 'link') {
    // Linked to another ID already: one identity signs in to one ID.
    if (linked && linked.account.id !== flow.account_id) return failFlow(ctx, flow, 'taken');
    status = linked ? 'linked' : 'link';
    account = { region: flow.account_region!, id: flow.account_id! };
  } else if (linked) {
    status = 'linked';
    account = { region: linked.region, id: linked.account.id };
  } else {
    // An ID is found or made by an address only where the provider vouches for it.
    const email = identity.email && (identity.emailVerified || addressVouched(ctx, provider)) && isValidEmail(identity.email) ? normalizeEmail(identity.email) : null;
    if (!email) return failFlow(ctx, flow, 'unverified');
    const found = await findAccount(ctx, email);
    status = found ? 'link' : 'create';
    account = found ? { region: found.region, id: found.account.id } : null;
    identity = { ...identity, email };
  }
  const flowId = randomId();
  const proofSecret = randomToken(32);
  await socialStore(ctx)
    .updateTable('social_sign_in_flows')
    .set({
      id: sha256(flowId),
      status,
      proof_hash: sha256(proofSecret),
      subject: identity.subject,
      claim_email: identity.email,
      given_name: identity.givenName?.slice(0, 128) ?? null,
      family_name: identity.familyName?.slice(0, 128) ?? null,
      account_region: account?.region ?? null,
      account_id: account?.id ?? null,
      // The steps back on the portal's page get their own ten minutes.
      expires_at: ctx.now() + FLOW_MINUTES * 60_000,
    })
    .where('id', '=', flow.id)
    .execute();
  return backTo(ctx, flow, { token: `${PROOF_PREFIX}.${flowId}.${proofSecret}` });
}

/**
 * From a partner app, in the device's browser: the person reviews which of the provider's accounts
 * goes to which ID before anything is linked (appLink.ts finishes), since the ticket's ID may not be
 * theirs (someone lured them with a ticket of their own ID). An identity linked to another ID, or
 * whose vouched address is another ID's, is refused here.
 */
async function settleAppLink(ctx: Ctx, flow: SocialFlowTable, identity: ProviderIdentity, renew: AppHandoffCookie['renew']): Promise<string> {
  const linkedTo = (await linkedAccount(ctx, flow.provider as SocialProvider, identity.subject))?.account.id ?? null;
  if (linkedTo !== null && linkedTo !== flow.account_id) return failFlow(ctx, flow, 'taken');
  const account = flow.account_region && flow.account_id ? await ctx.region(flow.account_region).selectFrom('accounts').select(['id', 'email']).where('id', '=', flow.account_id).executeTakeFirst() : undefined;
  if (!account) return failFlow(ctx, flow, 'expired');
  const email = identity.email && isValidEmail(identity.email) ? normalizeEmail(identity.email) : null;
  if (email && email !== account.email && isSocialProvider(flow.provider) && (identity.emailVerified || addressVouched(ctx, flow.provider))) {
    const owner = await findAccount(ctx, email);
    if (owner && owner.account.id !== account.id) return failFlow(ctx, flow, 'addressTaken');
  }
  await socialStore(ctx).updateTable('social_sign_in_flows').set({ status: 'review', subject: identity.subject, claim_email: email }).where('id', '=', flow.id).execute();
  // A new ticket, Cancel, or the hand-off's time ended it meanwhile: this answer carries nothing on.
  // The hand-off's cookie is renewed: a copy of the old one (planted, or the lurer's own) finishes nothing.
  const secret = randomToken(32);
  if (!(await reviewHandoff(ctx, flow.session_code, { flowId: flow.id, providerEmail: email, browserHash: sha256(secret) }))) return failFlow(ctx, flow, 'expired');
  renew(secret);
  return handoffPage(ctx);
}

/**
 * The flow a proof names, of this purpose, made in this browser (its flow cookie: a proof sent to
 * someone else does nothing) for this login session (sign-in), still open; -20651 otherwise.
 */
async function flowOfProof(ctx: Ctx, proof: string, binding: { purpose: 'signIn'; sessionCode: string } | { purpose: 'link'; accountId: string }, browserSecret: string | undefined): Promise<SocialFlowTable> {
  const parts = proof.split('.');
  const [prefix, flowId, secret] = parts;
  const flow = parts.length === 3 && prefix === PROOF_PREFIX && flowId && secret ? await socialStore(ctx).selectFrom('social_sign_in_flows').selectAll().where('id', '=', sha256(flowId)).executeTakeFirst() : undefined;
  const ok =
    flow !== undefined &&
    flow.purpose === binding.purpose &&
    flow.proof_hash !== null &&
    safeEqual(sha256(secret!), flow.proof_hash) &&
    (binding.purpose === 'signIn' ? safeEqual(sha256(binding.sessionCode), sha256(flow.session_code)) : flow.account_id === binding.accountId) &&
    browserSecret !== undefined &&
    safeEqual(sha256(browserSecret), flow.browser_hash) &&
    flow.expires_at > ctx.now() &&
    flow.status !== 'done';
  if (!ok) fail(E.invalidToken, undefined, 'This sign-in has expired or was used already. Please try again.');
  return flow!;
}

/** What the login page shows for a proof. */
export async function readFlow(ctx: Ctx, proof: string, sessionCode: string, browserSecret: string | undefined): Promise<SocialFlowResult> {
  const flow = await flowOfProof(ctx, proof, { purpose: 'signIn', sessionCode }, browserSecret);
  if (!isSocialProvider(flow.provider)) fail(E.invalidToken);
  const email = flow.status === 'linked' && flow.account_region && flow.account_id ? ((await ctx.region(flow.account_region).selectFrom('accounts').select('email').where('id', '=', flow.account_id).executeTakeFirst())?.email ?? '') : (flow.claim_email ?? '');
  return {
    status: flow.status === 'linked' || flow.status === 'link' || flow.status === 'create' ? flow.status : 'failed',
    provider: flow.provider,
    email,
    ...(flow.given_name ? { givenName: flow.given_name } : {}),
    ...(flow.family_name ? { familyName: flow.family_name } : {}),
    ...(flow.status === 'create' ? { regions: regionsOffering(ctx, flow.provider), privacy: { version: ctx.options.privacyPolicyVersion, url: ctx.options.privacyPolicyUrl } } : {}),
  };
}

/**
 * A new ID for the identity (status 'create'): activated (the provider vouched for the address),
 * in the region of the country the person chose (one that offers this provider), linked. Its
 * password is random and unknown (`password_set` 0): "forgot password" sets one.
 */
export async function createFromFlow(ctx: Ctx, input: SocialAccountRequest, sessionCode: string, browserSecret: string | undefined): Promise<{ email: string }> {
  const flow = await flowOfProof(ctx, input.proof, { purpose: 'signIn', sessionCode }, browserSecret);
  if (flow.status !== 'create' || !flow.claim_email || !flow.subject || !isSocialProvider(flow.provider)) fail(E.invalidToken);
  // The request's own checks first: a refused field leaves the flow as it was, to be sent again.
  if (input.acceptPrivacyVersion !== ctx.options.privacyPolicyVersion) fail(E.privacyPolicyUpdate, { version: ctx.options.privacyPolicyVersion, url: ctx.options.privacyPolicyUrl });
  const firstName = checkName(input.firstName, 'firstName')!;
  const lastName = checkName(input.lastName, 'lastName')!;
  const region = isCountryCode(input.country) ? regionOfCountry(input.country) : null;
  if (!region || !offeredIn(ctx, region).includes(flow.provider)) fail(E.regionCodeInvalid, { field: 'country' });
  const db = socialStore(ctx);
  // One ID per flow, whatever runs in parallel: the flow is taken before anything is made.
  const taken = await db.updateTable('social_sign_in_flows').set({ status: 'creating' }).where('id', '=', flow.id).where('status', '=', 'create').executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) fail(E.invalidToken);
  const country = input.country.toUpperCase();
  const row = accountRow(ctx, {
    email: flow.claim_email,
    passwordHash: await ctx.passwords.hash(randomToken(32)),
    passwordSet: false,
    firstName,
    lastName,
    country,
    language: languageOr(input.language),
    activated: true,
    regionConfirmed: true,
    privacyVersion: ctx.options.privacyPolicyVersion,
  });
  // The identity is claimed first: linked meanwhile (another flow of it), no ID is made for nothing.
  try {
    await db.insertInto('social_sign_in_links').values({ provider: flow.provider, subject: flow.subject, account_region: region, account_id: row.id, email: flow.claim_email, linked_at: ctx.now() }).execute();
  } catch (err) {
    await db.updateTable('social_sign_in_flows').set({ status: 'failed', error: 'taken' }).where('id', '=', flow.id).execute();
    if (isUniqueViolation(err)) fail(E.invalidToken, undefined, 'This account was linked to an ID meanwhile. Please sign in again.');
    throw err;
  }
  try {
    await createAccount(ctx, region, row);
  } catch (err) {
    // Not made (an ID of the address came meanwhile): the claim goes, and the flow may be tried again.
    await db.deleteFrom('social_sign_in_links').where('provider', '=', flow.provider).where('subject', '=', flow.subject).where('account_id', '=', row.id).execute();
    await db.updateTable('social_sign_in_flows').set({ status: 'create' }).where('id', '=', flow.id).execute();
    throw err;
  }
  await db.updateTable('social_sign_in_flows').set({ status: 'linked', account_region: region, account_id: row.id }).where('id', '=', flow.id).execute();
  return { email: row.email };
}

/** The externalSignIn point: the account a proof stands for, where the account's region offers the provider. */
export async function proofAccount(ctx: Ctx, proof: string, request: { loginBinding: string; cookies: Record<string, string> }, email: string): Promise<ExternalProof> {
  const flow = await flowOfProof(ctx, proof, { purpose: 'signIn', sessionCode: request.loginBinding }, request.cookies[FLOW_COOKIE]);
  if ((flow.status !== 'linked' && flow.status !== 'link') || !flow.account_region || !flow.account_id || !isSocialProvider(flow.provider)) fail(E.invalidToken);
  // Still linked (an unlink since the provider answered ends what its proof may do).
  if (flow.status === 'linked') {
    const link = await socialStore(ctx).selectFrom('social_sign_in_links').select('account_id').where('provider', '=', flow.provider).where('subject', '=', flow.subject ?? '').executeTakeFirst();
    if (link?.account_id !== flow.account_id) fail(E.invalidToken, undefined, 'This sign-in is no longer linked to your ID. Please start again.');
  }
  const account = await ctx.region(flow.account_region).selectFrom('accounts').selectAll().where('id', '=', flow.account_id).executeTakeFirst();
  if (!account || account.email !== normalizeEmail(email)) fail(E.accountError);
  // Offered where the account lives, or not a way in there (the switch of a whole plugin is the core's).
  if (!offeredIn(ctx, flow.account_region).includes(flow.provider)) fail(E.regionUnavailable, { plugin: 'social-sign-in', offIn: flow.account_region, appType: null }, `Sign-in with ${flow.provider} is not offered in your region.`, 403);
  return { region: flow.account_region, account, link: flow.status === 'link', providerMfa: false, flowId: flow.id, source: `social:${flow.provider}` };
}

/** The sign-in completed: an identity to link is linked (unless linked meanwhile), the flow spent. */
export async function completeProof(ctx: Ctx, proof: ExternalProof): Promise<void> {
  const db = socialStore(ctx);
  const spent = await db.updateTable('social_sign_in_flows').set({ status: 'done' }).where('id', '=', proof.flowId).where('status', 'in', ['linked', 'link']).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) fail(E.invalidToken, undefined, 'This sign-in was used already.');
  if (proof.link) await linkIdentity(ctx, proof.flowId, proof.region, proof.account, null);
}

/**
 * Links the flow's identity to the account (a second identity of the same provider is refused:
 * -10020 `taken`), and says so where its owner looks: the security activity and a mail.
 */
export async function linkIdentity(ctx: Ctx, flowId: string, region: RegionCode, account: AccountTable, context: EventContext | null): Promise<void> {
  const db = socialStore(ctx);
  const flow = await db.selectFrom('social_sign_in_flows').select(['provider', 'subject', 'claim_email']).where('id', '=', flowId).executeTakeFirstOrThrow();
  let linked;
  try {
    linked = await db
      .insertInto('social_sign_in_links')
      .values({ provider: flow.provider, subject: flow.subject!, account_region: region, account_id: account.id, email: flow.claim_email, linked_at: ctx.now() })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .executeTakeFirst();
  } catch (err) {
    if (isUniqueViolation(err)) fail(E.invalidParameter, { field: 'identity', reason: 'taken' }, 'Another sign-in of this provider is linked to your ID already.');
    throw err;
  }
  if (Number(linked.numInsertedOrUpdatedRows ?? 0) > 0 && isSocialProvider(flow.provider)) await tellOwner(ctx, region, account, 'linked', flow.provider, context);
}

/** A link made or removed: the account's security activity, and a mail (a link its owner did not make shows up). */
export async function tellOwner(ctx: Ctx, region: RegionCode, account: AccountTable, change: 'linked' | 'unlinked', provider: string, context: EventContext | null): Promise<void> {
  const name = isSocialProvider(provider) ? PROVIDER_NAMES[provider] : provider;
  await recordSecurityEvent(ctx, { region, id: account.id }, change === 'linked' ? 'sign_in_linked' : 'sign_in_unlinked', context, { name });
  await ctx.mailer
    .send({ to: account.email, kind: change === 'linked' ? 'signInLinked' : 'signInUnlinked', language: languageOr(undefined, account.language), vars: { name: account.first_name, provider: name, link: `${ctx.options.publicOrigin}${SECURITY_PATH}` } })
    .catch(() => undefined); // the change stands; the activity says it too
}

/** The Security page's link, back from the provider: made for the signed-in account in this browser. */
export async function finishLink(ctx: Ctx, region: RegionCode, account: AccountTable, proof: string, browserSecret: string | undefined, context: EventContext): Promise<void> {
  const flow = await flowOfProof(ctx, proof, { purpose: 'link', accountId: account.id }, browserSecret);
  const spent = await socialStore(ctx).updateTable('social_sign_in_flows').set({ status: 'done' }).where('id', '=', flow.id).where('status', 'in', ['linked', 'link']).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) fail(E.invalidToken);
  if (flow.status === 'link') await linkIdentity(ctx, flow.id, region, account, context);
}
