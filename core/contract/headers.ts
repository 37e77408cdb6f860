/** Header names of the API contract (spec section 7). */
export const HEADERS = {
  authorization: 'Authorization',
  securityToken: 'Security-Token',
  viewerCity: 'Viewer-City',
  viewerCountry: 'Viewer-Country',
  sessionCode: 'session_code',
  /**
   * Sent by the portal's own browser code on every API call. A page of another origin cannot
   * set it (a form post or a no-cors fetch carries no custom header, and the API answers no
   * CORS preflight), so the server requires it on the calls that the SSO cookie authenticates.
   */
  portalRequest: 'X-UID-Request',
} as const;

/** The value of `HEADERS.portalRequest`. */
export const PORTAL_REQUEST_VALUE = '1';

/** Prefix of the reference server's API; regional hosts live under `${API_PREFIX}/region/<code>`. */
export const API_PREFIX = '/api';
