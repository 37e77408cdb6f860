/**
 * The ops console's live preview of a service's login page: the console frames the portal's own
 * `/login?preview=1` (same origin; the page's CSP allows `frame-ancestors 'self'`) and hands it the
 * branding being edited as messages, so the preview is the real page, at the real widths, before
 * anything is saved. Both sides check the other's origin and window.
 */

/** The query parameter that makes /login wait for its branding from the framing page. */
export const LOGIN_PREVIEW_PARAM = 'preview';

/** Posted by the framed /login to its parent once it listens: send the branding now. */
export const LOGIN_PREVIEW_READY = 'portal:login-preview-ready';

/** Posted by the console to the frame: `{ type, info }`, the LoginPageInfo to show. */
export const LOGIN_PREVIEW_INFO = 'portal:login-preview-info';
