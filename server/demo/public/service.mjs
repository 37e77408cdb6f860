// The demo connected service: a browser app that signs in through the portal with OpenID Connect,
// built the way a team would build it with standard libraries and no build step:
// - oidc-client-ts (its browser bundle, loaded before this module, defines `oidc`): discovery,
//   authorization code + PKCE S256, the nonce check, tokens in this tab's sessionStorage, renewal
//   with the refresh token before the access token expires, revocation;
// - jose: the ID token's signature, issuer, audience and expiry, checked against the provider's
//   keys (oidc-client-ts checks the nonce and the subject, not the signature).
// Its settings come from data-* attributes of the page (no inline script under the page's CSP).
const root = document.getElementById('service');
const { authority, clientId, redirectUri, home } = root.dataset;

// The callback's code and state leave the address bar (and the history) before anything else
// runs or loads: this module imports nothing statically, and jose's modules load from here on.
const callbackUrl = window.location.href.split(/[?#]/)[0] === redirectUri ? window.location.href : null;
if (callbackUrl) window.history.replaceState(null, '', home);
const jose = import('./vendor/jose/index.js');

const { Log, UserManager, WebStorageStateStore } = window.oidc;
const who = document.getElementById('who');
const out = document.getElementById('out');
const session = document.getElementById('session');
const signInButton = document.getElementById('signin');
const renewButton = document.getElementById('renew');
const signOutButton = document.getElementById('signout');
const signOutEverywhereButton = document.getElementById('signout-everywhere');

// Nothing of the protocol (codes, tokens, claims) is written to the console.
Log.setLevel(Log.NONE);

const manager = new UserManager({
  authority,
  client_id: clientId,
  redirect_uri: redirectUri,
  scope: 'openid profile email',
  // Tokens and the sign-in's PKCE verifier stay in this tab (the state store defaults to localStorage).
  userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
  // Renew with the refresh token 60 s before the access token expires.
  automaticSilentRenew: true,
  // For signoutRedirect (RP-initiated logout): revoke the tokens before leaving.
  revokeTokensOnSignout: true,
});
const keys = jose.then(({ createRemoteJWKSet }) => createRemoteJWKSet(new URL(`${authority}/jwks`)));
let leaving = false;
// The subject on screen: a user loaded for it again is a renewal.
let shown = null;

function show(text) {
  out.textContent = text;
}

function randomNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function time(epochSeconds) {
  return new Date(epochSeconds * 1000).toLocaleTimeString('en-GB');
}

function setDetails(rows) {
  session.replaceChildren();
  for (const [term, value] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    session.append(dt, dd);
  }
  session.hidden = rows.length === 0;
}

function signedOutView(message) {
  shown = null;
  who.textContent = 'Welcome';
  show(message);
  setDetails([]);
  signInButton.hidden = false;
  renewButton.hidden = true;
  signOutButton.hidden = true;
  signOutEverywhereButton.hidden = true;
}

/** The ID token as received (code exchange or renewal): signed by the provider, for this client, not expired. */
async function verifyIdToken(user) {
  const { jwtVerify } = await jose;
  const { payload, protectedHeader } = await jwtVerify(user.id_token, await keys, { issuer: authority, audience: clientId, algorithms: ['ES256'] });
  if (payload.sub !== user.profile.sub) throw new Error('the ID token names another subject');
  return { payload, kid: protectedHeader.kid };
}

/** Checks the user's ID token, reads userinfo with the access token, and shows both. */
async function present(user) {
  const { payload, kid } = await verifyIdToken(user);
  const renewed = shown === payload.sub;
  const res = await fetch(await manager.metadataService.getUserInfoEndpoint(), { headers: { Authorization: `Bearer ${user.access_token}` } });
  if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
  const info = await res.json();
  // OpenID Connect Core 5.3.2: userinfo is only this user's if its subject is the ID token's.
  if (info.sub !== payload.sub) throw new Error('userinfo names another subject');
  who.textContent = `Signed in as ${info.name} <${info.email}>`;
  show(`Account ${info.sub} · email ${info.email_verified ? 'verified' : 'not verified'} · language ${info.locale}`);
  setDetails([
    ['ID token', `verified: ES256 signature (key ${kid}), issuer, audience, expiry`],
    ['Issuer', String(payload.iss)],
    ['Signed in at', time(payload.auth_time ?? payload.iat)],
    ['Access token valid until', time(user.expires_at)],
    ...(renewed ? [['Tokens renewed at', time(Math.floor(Date.now() / 1000))]] : []),
  ]);
  shown = payload.sub;
  signInButton.hidden = true;
  renewButton.hidden = false;
  signOutButton.hidden = false;
  signOutEverywhereButton.hidden = false;
}

/** A failed step: the tokens are forgotten, and the page says what happened. */
async function failed(message) {
  await manager.removeUser();
  signedOutView(message);
}

function describe(err) {
  if (err && err.error) return err.error_description ? `${err.error}: ${err.error_description}` : err.error;
  return err && err.message ? err.message : String(err);
}

// Every user oidc-client-ts loads (sign-in, renewal) is checked before it is shown; a check that
// throws fails the sign-in or the renewal, whose handlers then forget the tokens.
manager.events.addUserLoaded(async (user) => {
  if (!leaving) await present(user);
});
manager.events.addSilentRenewError((err) => failed(`Your session could not be renewed (${describe(err)}). Sign in again.`));

signInButton.addEventListener('click', () => {
  signInButton.disabled = true;
  show('Signing in…');
  manager.signinRedirect({ nonce: randomNonce() }).catch((err) => {
    signInButton.disabled = false;
    show(`Sign-in could not start: ${describe(err)}`);
  });
});

renewButton.addEventListener('click', () => {
  renewButton.disabled = true;
  manager
    .signinSilent()
    .catch((err) => failed(`Your session could not be renewed (${describe(err)}). Sign in again.`))
    .finally(() => {
      renewButton.disabled = false;
    });
});

signOutButton.addEventListener('click', async () => {
  signOutButton.disabled = true;
  leaving = true;
  let message = 'Signed out of the Demo Service.';
  try {
    // A local sign-out: this service's tokens are revoked and forgotten; the portal sign-in stays.
    await manager.revokeTokens();
  } catch (err) {
    message = `Signed out of the Demo Service here; the portal could not revoke its tokens (${describe(err)}).`;
  }
  await manager.removeUser();
  leaving = false;
  signOutButton.disabled = false;
  signedOutView(message);
});

// RP-initiated logout: the portal asks the user, ends its sign-in (and tells other services),
// then sends the browser back to `home` with the state oidc-client-ts gave it.
signOutEverywhereButton.addEventListener('click', () => {
  signOutEverywhereButton.disabled = true;
  leaving = true;
  show('Signing out of Unified ID…');
  // A state (oidc-client-ts sends one only with data) lets the return be told apart and checked.
  manager.signoutRedirect({ post_logout_redirect_uri: home, state: 'signed-out' }).catch((err) => {
    leaving = false;
    signOutEverywhereButton.disabled = false;
    show(`Sign-out could not start: ${describe(err)}`);
  });
});

/** Back from the portal's sign-out with the state of our request: checked, and the address cleaned. */
async function backFromSignOut() {
  const url = window.location.href;
  window.history.replaceState(null, '', home);
  try {
    await manager.signoutRedirectCallback(url);
    signedOutView('Signed out of Unified ID and the Demo Service.');
  } catch (err) {
    await failed(`The sign-out response does not match this browser session (${describe(err)}).`);
  }
}

async function start() {
  if (!callbackUrl && new URLSearchParams(window.location.search).has('state')) return backFromSignOut();
  if (callbackUrl) {
    signInButton.hidden = true;
    show('Signing in…');
    try {
      await manager.signinRedirectCallback(callbackUrl);
    } catch (err) {
      const message = /state/i.test(describe(err))
        ? 'The sign-in response does not match this browser session. Please sign in again.'
        : `Sign-in failed: ${describe(err)}`;
      await failed(message);
    }
    return;
  }
  const user = await manager.getUser();
  if (!user) return signedOutView('Not signed in.');
  signInButton.hidden = true;
  show('Checking your session…');
  try {
    if (user.expired) await manager.signinSilent();
    else await present(user);
  } catch (err) {
    await failed(`Your session has ended (${describe(err)}). Sign in again.`);
  }
}

void start();
