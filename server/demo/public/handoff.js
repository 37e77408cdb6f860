// The demo service's second page (/demo-service/handoff/): the portal's own hand-off of the spec
// (/api/authorize -> /login?session_code=... -> /demo-service/callback -> /api/token), written by
// hand with PKCE S256, and the user shown from /api/user-info. Plain browser code, no framework.
// The demo service's main page signs in with OpenID Connect instead (service.mjs).
(function () {
  'use strict';
  var KEY = 'demo-service.';
  var origin = window.location.origin;
  var redirectUri = origin + '/demo-service/callback';
  var out = document.getElementById('out');
  // Served from the portal's origin, this page sends the portal's request header
  // (core/contract/headers.ts) like the portal's own pages: /api/logout reads the SSO cookie.
  var PORTAL_HEADER = { 'X-UID-Request': '1' };

  function b64url(bytes) {
    var s = '';
    for (var i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function random(n) {
    var a = new Uint8Array(n);
    crypto.getRandomValues(a);
    return b64url(a);
  }
  function show(text) {
    out.textContent = text;
  }

  function signIn() {
    var verifier = random(32);
    var state = random(16);
    crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)).then(function (digest) {
      sessionStorage.setItem(KEY + 'verifier', verifier);
      sessionStorage.setItem(KEY + 'state', state);
      var q = new URLSearchParams({
        client_id: 'demo-service',
        redirect_uri: redirectUri,
        response_type: 'code',
        code_challenge: b64url(new Uint8Array(digest)),
        code_challenge_method: 'S256',
        state: state,
        scope: 'openid profile email',
      });
      window.location.assign('/api/authorize?' + q.toString());
    });
  }

  function callback() {
    var params = new URLSearchParams(window.location.search);
    var code = params.get('code');
    var state = params.get('state');
    var expected = sessionStorage.getItem(KEY + 'state');
    var verifier = sessionStorage.getItem(KEY + 'verifier');
    sessionStorage.removeItem(KEY + 'state');
    sessionStorage.removeItem(KEY + 'verifier');
    if (!code || !state || state !== expected || !verifier) {
      show('The sign-in response does not match this browser session. Please sign in again.');
      return;
    }
    fetch('/api/token', {
      method: 'POST',
      headers: Object.assign({ 'Content-Type': 'application/json', Accept: 'application/json' }, PORTAL_HEADER),
      body: JSON.stringify({ grant_type: 'authorization_code', client_id: 'demo-service', code: code, code_verifier: verifier, redirect_uri: redirectUri }),
    })
      .then(function (r) { return r.json(); })
      .then(function (body) {
        if (!body.result) throw new Error(body.message || 'Token exchange failed');
        sessionStorage.setItem(KEY + 'access', body.result.accessToken);
        sessionStorage.setItem(KEY + 'refresh', body.result.refreshToken);
        window.location.replace('/demo-service/handoff/');
      })
      .catch(function (e) { show('Sign-in failed: ' + e.message); });
  }

  function home() {
    var access = sessionStorage.getItem(KEY + 'access');
    var signInBtn = document.getElementById('signin');
    var signOutBtn = document.getElementById('signout');
    signInBtn.addEventListener('click', signIn);
    signOutBtn.addEventListener('click', function () {
      var token = sessionStorage.getItem(KEY + 'access');
      sessionStorage.clear();
      fetch('/api/logout', { method: 'POST', headers: Object.assign({ Authorization: 'Bearer ' + token }, PORTAL_HEADER) }).finally(function () {
        window.location.reload();
      });
    });
    if (!access) {
      show('Not signed in.');
      signOutBtn.hidden = true;
      return;
    }
    signInBtn.hidden = true;
    fetch('/api/user-info', { headers: Object.assign({ Authorization: 'Bearer ' + access, Accept: 'application/json' }, PORTAL_HEADER) })
      .then(function (r) { return r.json(); })
      .then(function (body) {
        if (!body.result) throw new Error(body.message || 'not signed in');
        var u = body.result;
        var h = document.getElementById('who');
        h.textContent = 'Signed in as ' + u.firstName + ' ' + u.lastName + ' <' + u.email + '>';
        show('Account ' + u.accountId + ' · data region ' + u.region + ' · language ' + u.language);
      })
      .catch(function (e) {
        sessionStorage.clear();
        signInBtn.hidden = false;
        signOutBtn.hidden = true;
        show('Session ended (' + e.message + '). Sign in again.');
      });
  }

  if (window.location.pathname === '/demo-service/callback') callback();
  else home();
})();
