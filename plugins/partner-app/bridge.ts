import {
  ANDROID_BRIDGE,
  type AppType,
  BRIDGE_VERSION,
  type BridgeCall,
  IOS_BRIDGE,
} from '@portal/plugin-api';

/** Android: the object the app injects with addJavascriptInterface; only strings cross it. */
interface AndroidBridge {
  postMessage(json: string): void;
}

/** iOS: a WKScriptMessageHandler; structured-clonable values cross it. */
interface IosBridge {
  postMessage(message: unknown): void;
}

type BridgeWindow = Window & {
  [ANDROID_BRIDGE]?: Partial<AndroidBridge>;
  webkit?: { messageHandlers?: Record<string, Partial<IosBridge> | undefined> };
};

export type BridgeResult = 'sent' | 'missing' | 'failed';

/** Sends one versioned call to the app hosting the page. */
export interface NativeBridge {
  readonly appType: AppType;
  signOut(): BridgeResult;
  refreshAccount(): BridgeResult;
  /** Hands a page of the portal's own origin to the device's browser; any other address is refused ('failed'). */
  openExternal(url: string): BridgeResult;
}

function androidTarget(win: BridgeWindow): AndroidBridge | undefined {
  const bridge = win[ANDROID_BRIDGE];
  return bridge && typeof bridge.postMessage === 'function' ? (bridge as AndroidBridge) : undefined;
}

function iosTarget(win: BridgeWindow): IosBridge | undefined {
  const handler = win.webkit?.messageHandlers?.[IOS_BRIDGE];
  return handler && typeof handler.postMessage === 'function' ? (handler as IosBridge) : undefined;
}

function sameOrigin(url: string, win: Window): boolean {
  try {
    return new URL(url).origin === win.location.origin;
  } catch {
    return false;
  }
}

/**
 * The bridge is looked up at each call: apps inject it before or after the page's scripts
 * run, and a page opened outside the app has none. A missing or throwing bridge is a
 * result the caller shows, never an exception.
 */
export function createBridge(appType: AppType, win: Window = window): NativeBridge {
  function send(call: BridgeCall): BridgeResult {
    try {
      if (appType === 'partner_app_android') {
        const target = androidTarget(win as BridgeWindow);
        if (!target) return 'missing';
        target.postMessage(JSON.stringify(call));
      } else {
        const target = iosTarget(win as BridgeWindow);
        if (!target) return 'missing';
        target.postMessage(call);
      }
      return 'sent';
    } catch {
      return 'failed';
    }
  }
  return {
    appType,
    signOut: () => send({ v: BRIDGE_VERSION, type: 'signOut', appType }),
    refreshAccount: () => send({ v: BRIDGE_VERSION, type: 'refreshAccount', appType }),
    // The app opens whatever it is given outside the web view: only the portal's own pages go.
    openExternal: (url) => (sameOrigin(url, win) ? send({ v: BRIDGE_VERSION, type: 'openExternal', appType, url }) : 'failed'),
  };
}
