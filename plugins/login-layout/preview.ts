import { LOGIN_PREVIEW_INFO, LOGIN_PREVIEW_PARAM, LOGIN_PREVIEW_READY, type LoginPageInfo } from '@portal/plugin-api';

/**
 * /login as the ops console's live preview: only when asked (`?preview=1`) and framed by a page of
 * this origin. Anything else (a top-level visit, a foreign frame, which the CSP refuses anyway)
 * gets the page as always.
 */
export function isPreviewFrame(query: URLSearchParams): boolean {
  return query.get(LOGIN_PREVIEW_PARAM) === '1' && typeof window !== 'undefined' && window.parent !== window;
}

/**
 * Takes the branding the framing console sends (its origin and window checked), and tells it the
 * page listens. Returns the way to stop listening.
 */
export function listenForPreview(onInfo: (info: LoginPageInfo) => void): () => void {
  const origin = window.location.origin;
  // A picture of the page: its views focus their first field as they appear, which would take the
  // focus (and an open list) from the console's form as the operator types. Nothing here takes it.
  window.HTMLElement.prototype.focus = () => undefined;
  const handler = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== window.parent) return;
    const data = event.data as { type?: unknown; info?: unknown } | null;
    if (data?.type !== LOGIN_PREVIEW_INFO || typeof data.info !== 'object' || data.info === null) return;
    const info = data.info as LoginPageInfo;
    if (!Array.isArray(info.carouselInfos) || typeof info.clientId !== 'string') return;
    onInfo(info);
  };
  window.addEventListener('message', handler);
  window.parent.postMessage({ type: LOGIN_PREVIEW_READY }, origin);
  return () => window.removeEventListener('message', handler);
}
