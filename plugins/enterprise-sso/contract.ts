/**
 * Enterprise sign-in's calls, shared by its browser and server halves: a company's connection to
 * its identity provider (Company pages), and the sign-in through it (login page).
 */

/** Whose second factor a sign-in through the company's provider needs. */
export type SecondFactorChoice = 'provider' | 'portal';

/** A domain the company claimed: it routes sign-ins once the DNS record proves it. */
export interface ClaimedDomain {
  domain: string;
  verified: boolean;
  /** The TXT record to publish: its name and value. */
  record: { name: string; value: string };
}

/** The protocol a company's provider speaks. */
export type ConnectionKind = 'oidc' | 'saml';

interface ConnectionCommon {
  secondFactor: SecondFactorChoice;
  required: boolean;
  domains: ClaimedDomain[];
}

/** `GET /orgs/:id/enterprise-sso`: the company's connection, or null before one is made. */
export type ConnectionView =
  | (ConnectionCommon & { kind: 'oidc'; issuer: string; clientId: string })
  | (ConnectionCommon & {
      kind: 'saml';
      /** The provider's entity ID, single sign-on address and signing certificates (their ends of validity), as its metadata said. */
      entityId: string;
      ssoUrl: string;
      metadataUrl: string | null;
      certificates: Array<{ expires: string | null }>;
    });

/** What to register at a SAML provider: the portal as a service provider. */
export interface ServiceProviderInfo {
  entityId: string;
  acsUrl: string;
  /** The portal's SP metadata (XML), to give the provider instead of the two values. */
  metadataUrl: string;
}

export interface ConnectionResult {
  connection: ConnectionView | null;
  /** What to register at an OpenID provider: the portal's redirect URI. */
  redirectUri: string;
  serviceProvider: ServiceProviderInfo;
  /** The company's active members and whether each has linked an identity of its provider. */
  members: Array<{ email: string; linked: boolean }>;
}

/** Why a SAML provider's metadata was refused (-10020, `result: { field: 'metadata', reason }`). */
export type MetadataProblem = 'tooLarge' | 'doctype' | 'notXml' | 'notOneProvider' | 'noRedirectBinding' | 'ssoNotHttps' | 'noCertificate';

/**
 * `PUT /orgs/:id/enterprise-sso`. OpenID Connect: the secret is kept when left out of an edit.
 * SAML: the provider's metadata, as its URL (read again at each save) or its XML.
 */
export type ConnectionInput =
  | { kind: 'oidc'; issuer: string; clientId: string; clientSecret?: string; secondFactor: SecondFactorChoice; required: boolean }
  | { kind: 'saml'; metadataUrl?: string; metadataXml?: string; secondFactor: SecondFactorChoice; required: boolean };

/** `POST /login/enterprise/discover`: where an address signs in, if at its company's provider. */
export type DiscoverResult = { company: string } | { company: null };

/**
 * `POST /login/enterprise/start` (the login page's own call, with its session code): the flow is
 * opened, bound to this browser by an HttpOnly cookie set in the answer, and the browser goes to
 * `location` (the provider). A link cannot start it: another site cannot make a browser send the call.
 */
export interface StartResult {
  location: string;
}

/** A sign-in back from the provider, as the login page reads it (`POST /login/enterprise/flow`). */
export interface FlowResult {
  /** linked: signs in · link: an ID of this address exists; its password links it · create: no ID yet · failed. */
  status: 'linked' | 'link' | 'create' | 'failed';
  company: string;
  email: string;
  givenName?: string;
  familyName?: string;
  /** The company's country: the new ID's country/region, unless the person picks another. */
  country?: string;
  /** For a new ID: the privacy policy the person accepts (its version goes back with the request). */
  privacy?: { version: number; url: string };
  /** Why it failed: the person said no at the provider, the provider failed, or the address is not the company's. */
  error?: 'denied' | 'provider' | 'domain' | 'expired';
}

/** `POST /login/enterprise/account`: a new ID for an identity of the company's provider. */
export interface NewAccountRequest {
  proof: string;
  firstName: string;
  lastName: string;
  country: string;
  acceptPrivacyVersion: number;
  language?: string;
}
