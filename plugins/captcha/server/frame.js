// Slider captcha frame. Talks to the portal (parent window) by postMessage, only with the
// configured portal origin. No inline script: this file is served from the API origin.
(function () {
  'use strict';
  var body = document.body;
  var parentOrigin = body.getAttribute('data-parent-origin');
  var apiBase = body.getAttribute('data-api-base');
  // The sign-in this puzzle is for (the server's subject), passed on as it came.
  var subject = body.getAttribute('data-for') || '';
  // The portal's request header (core/contract/headers.ts): the API refuses cookie-authenticated
  // calls without it, and every call of the portal's own pages sends it.
  var requestHeaders = { Accept: 'application/json' };
  requestHeaders[body.getAttribute('data-request-header')] = body.getAttribute('data-request-value');
  var bg = document.getElementById('bg');
  var piece = document.getElementById('piece');
  var handle = document.getElementById('handle');
  var fill = document.getElementById('fill');
  var status = document.getElementById('status');
  var reload = document.getElementById('reload');
  var texts = JSON.parse(document.getElementById('texts').textContent || '{}');
  var challenge = null;
  var x = 0;
  var trail = [];
  var t0 = 0;
  var dragging = false;
  var startX = 0;
  var startY = 0;
  var busy = false;
  // The API's rate-limit code: too many puzzles or answers for now.
  var RATE_LIMITED = -60001;
  // Samples kept per drag (the first one and the latest ones).
  var MAX_TRAIL = 400;
  // Right to left, the stage and track are drawn mirrored (CSS), so the piece starts on the
  // right and slides left. x stays the distance from the start edge, which is the distance
  // from the left of the unmirrored puzzle: the answer and the trace mean the same either way.
  var rtl = document.documentElement.dir === 'rtl';
  // Pointer x along the slide (grows towards the gap in either direction).
  function along(clientX) {
    return rtl ? -clientX : clientX;
  }

  function post(message) {
    if (window.parent && window.parent !== window && parentOrigin) {
      message.source = 'uid-captcha';
      window.parent.postMessage(message, parentOrigin);
    }
  }

  function maxX() {
    return challenge ? challenge.width - challenge.pieceSize : 0;
  }

  function place(value) {
    x = Math.max(0, Math.min(maxX(), Math.round(value)));
    piece.style.left = x + 'px';
    handle.style.left = x + 'px';
    fill.style.width = x + 'px';
    handle.setAttribute('aria-valuenow', String(x));
    handle.setAttribute('aria-valuetext', positionText(x, maxX()));
  }

  // The slider's spoken value in the page's language: the plural form of the slider's length, and
  // both numbers in the language's digits (Arabic-Indic in Arabic), as the portal writes numbers.
  // aria-valuenow stays a plain number for the browser.
  var numbers = new Intl.NumberFormat(document.documentElement.lang);
  var plurals = new Intl.PluralRules(document.documentElement.lang);
  function positionText(value, max) {
    var forms = texts.position || {};
    var template = forms[plurals.select(max)] || forms.other || '{{x}} / {{count}}';
    return template.replace('{{x}}', numbers.format(value)).replace('{{count}}', numbers.format(max));
  }

  function setBusy(value) {
    busy = value;
    handle.setAttribute('aria-disabled', value || !challenge ? 'true' : 'false');
  }

  // One trace sample [ms since the press, x, vertical offset of the pointer]: the server checks
  // that the trace looks like a person's drag (plugins/captcha/server/trace.ts).
  function record(y) {
    var now = performance.now();
    if (!t0) t0 = now;
    trail.push([Math.round(now - t0), x, Math.round(y || 0)]);
    if (trail.length > MAX_TRAIL) trail.splice(1, 1);
  }

  function limited() {
    status.textContent = texts.limited || 'Too many tries. Please wait a few minutes.';
    setBusy(false);
  }

  // Each image URL works once (and only while its puzzle is live): wait for both to arrive
  // before the puzzle can be moved.
  function loadImage(img, url) {
    return new Promise(function (resolve, reject) {
      img.onload = function () { resolve(); };
      img.onerror = function () { reject(new Error('image')); };
      img.src = url;
    });
  }

  function load() {
    setBusy(true);
    challenge = null;
    status.textContent = texts.loading || 'Loading…';
    var url = apiBase + '/captcha/challenge' + (subject ? '?for=' + encodeURIComponent(subject) : '');
    fetch(url, { credentials: 'same-origin', headers: requestHeaders })
      .then(function (r) { return r.json(); })
      .then(function (body) {
        if (body && body.errorCode === RATE_LIMITED) return 'limited';
        var next = body && body.result;
        if (!next || typeof next.imageUrl !== 'string' || typeof next.pieceUrl !== 'string') throw new Error('challenge');
        return Promise.all([loadImage(bg, next.imageUrl), loadImage(piece, next.pieceUrl)]).then(function () { return next; });
      })
      .then(function (next) {
        if (next === 'limited') return limited();
        challenge = next;
        piece.style.top = (Number(challenge.pieceY) || 0) + 'px';
        handle.setAttribute('aria-valuemax', String(maxX()));
        trail = [];
        t0 = 0;
        place(0);
        status.textContent = texts.hint || 'Slide to complete the puzzle';
        setBusy(false);
      })
      .catch(function () {
        status.textContent = texts.error || 'Could not load the puzzle.';
        setBusy(false);
      });
  }

  function submit() {
    if (!challenge || busy) return;
    setBusy(true);
    record();
    fetch(apiBase + '/captcha/verify', {
      method: 'POST',
      credentials: 'same-origin',
      headers: Object.assign({ 'Content-Type': 'application/json' }, requestHeaders),
      body: JSON.stringify({ challengeId: challenge.challengeId, x: x, trail: trail }),
    })
      .then(function (r) { return r.json(); })
      .then(function (body) {
        if (body && body.result && body.result.token) {
          status.textContent = texts.success || 'Verified';
          post({ type: 'result', errorCode: '0', token: body.result.token });
        } else if (body && body.errorCode === RATE_LIMITED) {
          // No new puzzle now (there would be none); the user asks for one later.
          challenge = null;
          limited();
        } else {
          status.textContent = texts.failed || 'Try again';
          post({ type: 'failed', errorCode: String(body && body.errorCode) });
          setTimeout(load, 600);
        }
      })
      .catch(function () {
        status.textContent = texts.error || 'Could not verify.';
        setTimeout(load, 600);
      });
  }

  handle.addEventListener('pointerdown', function (e) {
    if (busy || !challenge) return;
    dragging = true;
    startX = along(e.clientX) - x;
    startY = e.clientY;
    handle.setPointerCapture(e.pointerId);
    trail = [];
    t0 = 0;
    record(0);
  });
  handle.addEventListener('pointermove', function (e) {
    if (!dragging) return;
    place(along(e.clientX) - startX);
    record(e.clientY - startY);
  });
  function end() {
    if (!dragging) return;
    dragging = false;
    // A press without a move (a click) is no answer: the puzzle keeps its one try.
    if (x === 0) {
      trail = [];
      t0 = 0;
      return;
    }
    submit();
  }
  handle.addEventListener('pointerup', end);
  handle.addEventListener('pointercancel', end);
  // Keyboard: the slider's arrow keys move the piece (2 px, with Shift 10 px), Home goes back
  // to the start, Enter (or Space) checks the position. Every key press is a trail sample.
  handle.addEventListener('keydown', function (e) {
    if (busy || !challenge) return;
    var step = e.shiftKey ? 10 : 2;
    // Towards the gap is right, or left when the slider is mirrored.
    var forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    var back = rtl ? 'ArrowRight' : 'ArrowLeft';
    var moves = { ArrowUp: step, ArrowDown: -step };
    moves[forward] = step;
    moves[back] = -step;
    if (Object.prototype.hasOwnProperty.call(moves, e.key) || e.key === 'Home') {
      e.preventDefault();
      if (trail.length === 0) record();
      place(e.key === 'Home' ? 0 : x + moves[e.key]);
      record();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (x > 0) submit();
    }
  });
  reload.addEventListener('click', load);

  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.source !== 'uid-portal' || data.type !== 'theme' || !data.theme) return;
    var root = document.documentElement.style;
    var t = data.theme;
    var colour = /^(#[0-9a-fA-F]{3,8}|rgba?\([0-9., %]+\)|hsla?\([0-9., %deg]+\))$/;
    if (t.primary && colour.test(t.primary)) root.setProperty('--primary', t.primary);
    if (t.background && colour.test(t.background)) root.setProperty('--bg', t.background);
    if (t.text && colour.test(t.text)) root.setProperty('--text', t.text);
    if (t.mode === 'dark' || t.mode === 'light') document.documentElement.setAttribute('data-mode', t.mode);
  });

  load();
  post({ type: 'loaded' });
})();
