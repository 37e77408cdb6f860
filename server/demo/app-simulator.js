// The partner-app simulator's page script (served at /dev/app-simulator.js, development only).
// It plays the app: signs in natively (/dev/app-sign-in), opens the portal in a web-view-sized
// frame with the app's query, and installs the app's bridge into that frame before use.
'use strict';

const form = document.getElementById('launch');
const frame = document.getElementById('phone');
const log = document.getElementById('log');
const errorBox = document.getElementById('error');
const appLogin = document.getElementById('app-login');
const accountUpdated = document.getElementById('account-updated');

function record(app, text) {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} · ${app} · ${text}`;
  log.prepend(item);
}

/** What the app does with each call from the page. */
function onCall(app, call) {
  record(app, JSON.stringify(call));
  if (call && call.type === 'signOut') {
    frame.hidden = true;
    frame.removeAttribute('src');
    appLogin.hidden = false;
    accountUpdated.disabled = true;
  } else if (call && call.type === 'refreshAccount') {
    record(app, 'account refreshed by the app');
  } else if (call && call.type === 'openExternal' && typeof call.url === 'string' && new URL(call.url).origin === window.location.origin) {
    // The device's browser is a new tab here (a real one has its own cookies). The page asked after a
    // call to the server, so a popup blocker may refuse: then a link in the log opens it.
    if (!window.open(call.url, '_blank', 'noopener')) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = call.url;
      link.target = '_blank';
      link.rel = 'noopener';
      link.textContent = "Open it in the device's browser (a new tab)";
      item.append(link);
      log.prepend(item);
    }
    record(app, "opened in the device's browser; back in this tab the page looks again (or press 'Tell the page the account changed')");
  }
}

/** Android injects a JavaScript interface (strings only); iOS a WKScriptMessageHandler. */
function installBridge(win, app) {
  if (app === 'partner_app_android') {
    win.UnifiedIdAndroid = { postMessage: (json) => onCall('Android', JSON.parse(String(json))) };
  } else {
    win.webkit = { messageHandlers: { unifiedId: { postMessage: (message) => onCall('iOS', message) } } };
  }
}

let current = null;

async function launch() {
  errorBox.textContent = '';
  const data = new FormData(form);
  const app = String(data.get('app'));
  const response = await fetch('/dev/app-sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: data.get('email'), password: data.get('password'), appType: app }),
  });
  const result = await response.json();
  if (!response.ok || result.errorCode) {
    errorBox.textContent = `Sign-in failed: ${result.message || 'error'} (${result.errorCode})`;
    return;
  }
  const url = new URL(String(data.get('path')), window.location.origin);
  const query = {
    appType: String(data.get('appTypeOverride') || '').trim() || app,
    locale: String(data.get('locale')),
    appVersion: String(data.get('appVersion')),
    accessToken: result.accessToken,
    tokenType: result.tokenType,
    refreshToken: result.refreshToken,
    sessionId: result.sessionId,
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  current = { app, bridge: !data.get('noBridge') };
  appLogin.hidden = true;
  frame.hidden = false;
  accountUpdated.disabled = false;
  record(app === 'partner_app_android' ? 'Android' : 'iOS', `opens ${url.pathname} as ${query.appType}${current.bridge ? '' : ' (no bridge)'}`);
  frame.src = url.toString();
}

// Each document the frame loads gets the bridge again, as a web view re-injects it.
frame.addEventListener('load', () => {
  if (current && current.bridge && frame.contentWindow) installBridge(frame.contentWindow, current.app);
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  launch().catch((err) => {
    errorBox.textContent = `Launch failed: ${err}`;
  });
});

document.getElementById('relaunch').addEventListener('click', () => {
  launch().catch((err) => {
    errorBox.textContent = `Launch failed: ${err}`;
  });
});

// As evaluateJavascript would: the message is posted inside the page's own window.
accountUpdated.addEventListener('click', () => {
  const win = frame.contentWindow;
  if (!win) return;
  win.dispatchEvent(new win.MessageEvent('message', { data: { source: 'unified-id-app', v: 1, type: 'accountUpdated' }, origin: win.location.origin, source: win }));
  record('app', 'sent accountUpdated to the page');
});
