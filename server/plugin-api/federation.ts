/**
 * `@portal/server-api/federation`: signing people in at another OpenID Connect provider (a
 * company's directory, a social provider) through openid-client, and the production guard that
 * the portal calls such providers only at public addresses. Shared by the plugins that federate.
 */
export { authorizationUrl, checkIssuer, codeChallengeOf, exchangeCode, newCodeVerifier, providerConfig, type ProviderIdentity, type ProviderSettings } from '../federation/oidcClient';
export { isPublicAddress, publicOnlyFetch, requirePublicHost } from '../federation/publicAddresses';
