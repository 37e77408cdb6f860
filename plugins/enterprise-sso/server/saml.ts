/**
 * A company's SAML 2.0 identity provider, through `@node-saml/node-saml` (the service-provider
 * library behind passport-saml): the AuthnRequest (HTTP-Redirect binding), and the answer's checks,
 * the library's: the assertion's signature against the provider's certificates (wrapping-safe: only
 * what was signed is read), one assertion only, the issuer, the audience, the times
 * (NotBefore/NotOnOrAfter, with a minute of clock skew) and InResponseTo against this flow's own
 * request. Added here, where the library is silent or reads unsigned parts: the signed bearer
 * confirmation must name this flow's request (no unsolicited, IdP-initiated answer) and the portal's
 * ACS as its Recipient, the Response must say Success, and a transient NameID (a new one at each
 * sign-in) cannot be linked, so it is refused.
 *
 * The portal is one service provider for every company: its entity ID is its metadata's URL, its
 * ACS one address; an answer finds its flow by RelayState and is checked with that flow's
 * connection (its certificates), so a company's provider can vouch only for its own sign-ins.
 */
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { randomToken, type ServerContext as Ctx } from '@portal/server-api';
import type { ProviderIdentity } from '@portal/server-api/federation';

export const SAML_METADATA_PATH = '/api/login/enterprise/saml/metadata';
export const SAML_ACS_PATH = '/api/login/enterprise/saml/acs';
export const spEntityId = (ctx: Ctx) => new URL(SAML_METADATA_PATH, ctx.options.publicOrigin).toString();
export const acsUrl = (ctx: Ctx) => new URL(SAML_ACS_PATH, ctx.options.publicOrigin).toString();

export interface SamlConnection {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

const CLOCK_SKEW_MS = 60_000;
/** An answer to a request older than this is refused (the flow's own ten minutes bound it too). */
const REQUEST_MAX_AGE_MS = 10 * 60_000;

const pem = (base64: string) => `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

function client(ctx: Ctx, connection: SamlConnection | null, cache: CacheProvider): SAML {
  return new SAML({
    issuer: spEntityId(ctx),
    callbackUrl: acsUrl(ctx),
    audience: spEntityId(ctx),
    // Metadata needs no provider; a placeholder certificate list is never used for it.
    idpCert: connection ? connection.certificates.map(pem) : ['unused'],
    ...(connection ? { entryPoint: connection.ssoUrl, idpIssuer: connection.entityId } : {}),
    wantAssertionsSigned: true,
    // Many providers (Entra ID's default) sign the assertion only; the assertion is what is read.
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_MAX_AGE_MS,
    // An assertion is used at once: none issued longer ago than the request may live is taken.
    maxAssertionAgeMs: REQUEST_MAX_AGE_MS,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // Whatever persistent identifier the provider uses; no authentication context imposed (the
    // company's second-factor choice reads the one it reports).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    generateUniqueId: () => `_${randomToken(20)}`,
    cacheProvider: cache,
  });
}

/** A cache that holds nothing: metadata and requests are made without remembering anything here. */
const forgetful = (): CacheProvider & { saved: string | null } => {
  const cache = {
    saved: null as string | null,
    saveAsync: async (key: string, value: string) => {
      cache.saved = key;
      return { value, createdAt: Date.now() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  return cache;
};

/** The portal's service-provider metadata, for company admins to give their provider. */
export function serviceProviderMetadata(ctx: Ctx): string {
  return client(ctx, null, forgetful()).generateServiceProviderMetadata(null);
}

/** Where the browser goes with a new AuthnRequest, and the request's ID (the flow keeps it). */
export async function authnRequest(ctx: Ctx, connection: SamlConnection, relayState: string): Promise<{ location: string; requestId: string }> {
  const cache = forgetful();
  const location = await client(ctx, connection, cache).getAuthorizeUrlAsync(relayState, undefined, {});
  if (!cache.saved) throw new Error('node-saml made no request ID');
  return { location, requestId: cache.saved };
}

/** Only this flow's request is one the answer may be in response to. */
function onlyRequest(requestId: string, createdAt: number): CacheProvider {
  return {
    saveAsync: async () => null,
    getAsync: async (key) => (key === requestId ? new Date(createdAt).toISOString() : null),
    removeAsync: async () => null,
  };
}

type XmlNode = { $?: Record<string, string>; _?: string; [child: string]: unknown };
const children = (node: unknown, name: string): XmlNode[] => {
  if (!node || typeof node !== 'object') return [];
  const value = (node as Record<string, unknown>)[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
};

/** Attribute names providers use for the address and the names (SAML core, LDAP OIDs, Entra ID/ADFS claims). */
const EMAIL_ATTRIBUTES = ['email', 'mail', 'emailAddress', 'urn:oid:0.9.2342.19200300.100.1.3', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const GIVEN_ATTRIBUTES = ['givenName', 'given_name', 'firstName', 'urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'];
const FAMILY_ATTRIBUTES = ['sn', 'surname', 'family_name', 'lastName', 'urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'];
/** Authentication contexts (and Entra ID's method references) that mean a second factor was asked. */
const MFA_CONTEXTS = new Set([
  'http://schemas.microsoft.com/claims/multipleauthn',
  'https://refeds.org/profile/mfa',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:SmartcardPKI',
]);

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

/** The top-level StatusCode of a Response (its XML as posted; read only after the signature checks passed). */
function responseStatus(xml: string): string | null {
  const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: () => undefined, fatalError: () => undefined } }).parseFromString(xml, 'text/xml');
  const value = (xpath.select("/*[local-name()='Response']/*[local-name()='Status']/*[local-name()='StatusCode']/@Value", doc) as Attr[])[0]?.value;
  return value ?? null;
}
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

function firstText(profile: Profile, names: string[]): string | null {
  for (const name of names) {
    const value = profile[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string' && text.trim() !== '') return text.trim();
  }
  return null;
}

/**
 * Checks a posted SAMLResponse for the flow's request and reads the identity; throws (the
 * library's error, or what failed here) when any check fails.
 */
export async function readSamlResponse(ctx: Ctx, connection: SamlConnection, flow: { requestId: string; createdAt: number }, samlResponse: string): Promise<ProviderIdentity> {
  const { profile } = await client(ctx, connection, onlyRequest(flow.requestId, flow.createdAt)).validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error('no assertion');
  // The library reads a failure status only when no assertion came; an answer saying it failed is one.
  if (responseStatus(profile.getSamlResponseXml?.() ?? '') !== SUCCESS) throw new Error('the answer does not say Success');
  // The library checks the response's issuer when it names one; the signed assertion's must be the provider too.
  if (profile.issuer !== connection.entityId) throw new Error(`assertion issuer ${profile.issuer} is not ${connection.entityId}`);
  if (profile.inResponseTo !== flow.requestId) throw new Error('InResponseTo is not this sign-in');
  const assertion = profile.getAssertion?.() as { Assertion?: XmlNode } | undefined;
  const confirmations = children(children(assertion?.Assertion, 'Subject')[0], 'SubjectConfirmation')
    .filter((c) => c.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    .flatMap((c) => children(c, 'SubjectConfirmationData'));
  const recipients = confirmations.map((d) => d.$?.Recipient);
  if (recipients.length === 0 || recipients.some((r) => r !== acsUrl(ctx))) throw new Error(`the assertion is for another recipient (${recipients.join(', ') || 'none'})`);
  // The Response's InResponseTo is not signed (the assertion is): the signed confirmation must name
  // this flow's request too, or an assertion made for no request (IdP-initiated) could serve any flow.
  if (confirmations.some((d) => d.$?.InResponseTo !== flow.requestId)) throw new Error('the signed assertion is not in response to this sign-in');
  if (!profile.nameID || profile.nameIDFormat === TRANSIENT) throw new Error('a transient (or missing) NameID cannot be linked');
  const contexts = children(assertion?.Assertion, 'AuthnStatement')
    .flatMap((s) => children(s, 'AuthnContext'))
    .flatMap((c) => children(c, 'AuthnContextClassRef'))
    .map((r) => (typeof r === 'string' ? r : (r._ ?? '')));
  const methods = profile['http://schemas.microsoft.com/claims/authnmethodsreferences'];
  const references = [...contexts, ...(Array.isArray(methods) ? methods : [methods]).filter((m): m is string => typeof m === 'string')];
  const email = firstText(profile, EMAIL_ATTRIBUTES) ?? (profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : null);
  return {
    subject: profile.nameID,
    email: email?.toLowerCase() ?? null,
    // The company's own provider speaks for addresses of the company's proven domains (checked by the flow).
    emailVerified: email !== null,
    givenName: firstText(profile, GIVEN_ATTRIBUTES),
    familyName: firstText(profile, FAMILY_ATTRIBUTES),
    amr: references.some((r) => MFA_CONTEXTS.has(r)) ? ['mfa'] : [],
    acr: contexts[0] ?? null,
  };
}
