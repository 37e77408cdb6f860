import { BRIDGE_EVENT_SOURCE, BRIDGE_VERSION, type BridgeEvent } from '@portal/plugin-api';

/** Only `{ source, v, type }` with known values and nothing else passes. */
export function isBridgeEvent(data: unknown): data is BridgeEvent {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record);
  return (
    keys.length === 3 &&
    record.source === BRIDGE_EVENT_SOURCE &&
    record.v === BRIDGE_VERSION &&
    record.type === 'accountUpdated'
  );
}

/**
 * Messages from the app: it runs `window.postMessage(message, location.origin)` inside the
 * web view, so a genuine one comes from this very window and this page's exact origin.
 * Anything else (another frame, another origin, another shape) is ignored.
 */
export function listenToApp(win: Window, onEvent: (event: BridgeEvent) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== win.location.origin || event.source !== win) return;
    if (!isBridgeEvent(event.data)) return;
    onEvent(event.data);
  };
  win.addEventListener('message', listener);
  return () => win.removeEventListener('message', listener);
}
