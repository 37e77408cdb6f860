// Development page /demo-service/captcha-test.html: embeds the captcha frame the way the
// portal's login page does, sends it a colour theme once it has loaded, and lists every message
// it accepts. A message counts only when it comes from exactly the portal origin, from exactly
// the embedded frame's window, and has the shape of core/contract/captcha.ts; anything else is
// counted as ignored. Plain browser code, no framework.
(function () {
  'use strict';
  var origin = window.location.origin;
  var slot = document.getElementById('slot');
  var list = document.getElementById('messages');
  var ignored = document.getElementById('ignored');
  var frame = document.createElement('iframe');
  var ignoredCount = 0;

  function isToken(value) {
    return typeof value === 'string' && value.length >= 16 && value.length <= 200 && /^[A-Za-z0-9_-]+$/.test(value);
  }

  function valid(data) {
    if (!data || typeof data !== 'object' || data.source !== 'uid-captcha') return false;
    if (data.type === 'loaded') return true;
    if (data.type === 'result') return data.errorCode === '0' && isToken(data.token);
    if (data.type === 'failed') return typeof data.errorCode === 'string' && /^-?\d{1,6}$/.test(data.errorCode);
    return false;
  }

  function ignore() {
    ignoredCount += 1;
    ignored.textContent = String(ignoredCount);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow || !valid(event.data)) {
      ignore();
      return;
    }
    var data = event.data;
    var item = document.createElement('li');
    item.setAttribute('data-type', data.type);
    if (data.errorCode !== undefined) item.setAttribute('data-error-code', data.errorCode);
    if (data.type === 'result') item.setAttribute('data-token', data.token);
    item.textContent = data.type + (data.errorCode !== undefined ? ' (errorCode ' + data.errorCode + ')' : '');
    list.appendChild(item);
    if (data.type === 'loaded') {
      frame.contentWindow.postMessage({ source: 'uid-portal', type: 'theme', theme: { mode: 'dark', primary: '#c0392b', background: '#101820', text: '#f5f5f5' } }, origin);
    }
  });

  frame.title = 'Security verification';
  frame.width = '340';
  frame.height = '260';
  // `?for=<subject>`: the frame of one sign-in, as a -23029 result's captchaUrl names it.
  var query = new URLSearchParams(window.location.search);
  var subject = query.get('for') || '';
  // `?lang=<code>`: the frame in that language (and its direction), as the login page passes it.
  var lang = query.get('lang') || '';
  frame.src = '/api/captcha/frame?lang=' + (/^[a-z]{2}_[A-Z]{2}$/.test(lang) ? lang : 'en_US') + (/^[A-Za-z0-9_-]{43}$/.test(subject) ? '&for=' + subject : '');
  slot.appendChild(frame);
})();
