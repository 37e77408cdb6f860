/**
 * `@portal/server-api/dev`: what plugins' development stand-ins build on, off production only: a
 * small real OpenID Connect provider on loopback with users of its own, and the plain HTML pages
 * and form bodies of such stand-ins.
 */
export { startLocalOidcProvider, type LocalOidcClient, type LocalOidcProvider, type LocalOidcUser } from '../dev/localOidcProvider';
export { closeServer, DevHttpError, escapeHtml, page, readFormBody, sendHtml } from '../dev/devPages';
