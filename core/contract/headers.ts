/** Header names of the API contract (spec section 7). */
export const HEADERS = {
  authorization: 'Authorization',
  securityToken: 'Security-Token',
  viewerCity: 'Viewer-City',
  viewerCountry: 'Viewer-Country',
  sessionCode: 'session_code',
} as const;

/** Prefix of the reference server's API; regional hosts live under `${API_PREFIX}/region/<code>`. */
export const API_PREFIX = '/api';
