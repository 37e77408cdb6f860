/** Where the OpenID provider lives on the portal's origin (the issuer is `<origin>/api/oidc`): under /api, where the portal's SSO cookie (Path=/api) is sent. */
export const OIDC_PATH = '/api/oidc';
/** The portal's page of a provider interaction: it sends the browser through the portal's sign-in. */
export const INTERACTION_PATH = `${OIDC_PATH}/interaction`;
/** The portal's sign-out page reads the pending RP-initiated logout here (not a provider route). */
export const LOGOUT_REQUEST_PATH = `${OIDC_PATH}/logout-request`;
