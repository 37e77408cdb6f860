import { describe, expect, it } from 'vitest';
import { defaultTheme, midnightTheme } from '@portal/plugin-api/testing';
import { captchaFrame, captchaThemeMessage, isCaptchaFrameMessage, luminance } from './frameMessages';

const PAGE = 'https://id.vendor.test/login?session_code=abc';

describe('isCaptchaFrameMessage', () => {
  it.each([
    [{ source: 'uid-captcha', type: 'loaded' }],
    [{ source: 'uid-captcha', type: 'result', errorCode: '0', token: 'tok_ABC-123' }],
    [{ source: 'uid-captcha', type: 'failed', errorCode: '-10020' }],
    [Object.assign(Object.create(null) as object, { source: 'uid-captcha', type: 'loaded' })],
  ])('accepts the contract message %j', (data) => {
    expect(isCaptchaFrameMessage(data)).toBe(true);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'uid-captcha:result'],
    ['a number', 0],
    ['an array', [{ source: 'uid-captcha', type: 'loaded' }]],
    ['no source', { type: 'loaded' }],
    ['the portal source', { source: 'uid-portal', type: 'loaded' }],
    ['another source', { source: 'react-devtools', type: 'result', errorCode: '0', token: 'tok' }],
    ['no type', { source: 'uid-captcha' }],
    ['an unknown type', { source: 'uid-captcha', type: 'redirect', url: 'https://evil.test' }],
    ['the theme type', { source: 'uid-captcha', type: 'theme', theme: {} }],
    ['a result without token', { source: 'uid-captcha', type: 'result', errorCode: '0' }],
    ['a result with an empty token', { source: 'uid-captcha', type: 'result', errorCode: '0', token: '' }],
    ['a result with a numeric token', { source: 'uid-captcha', type: 'result', errorCode: '0', token: 42 }],
    ['a result with a token object', { source: 'uid-captcha', type: 'result', errorCode: '0', token: { value: 'x' } }],
    ['a result with whitespace in the token', { source: 'uid-captcha', type: 'result', errorCode: '0', token: 'a b' }],
    ['a result with an overlong token', { source: 'uid-captcha', type: 'result', errorCode: '0', token: 'x'.repeat(2049) }],
    ['a result with errorCode 1', { source: 'uid-captcha', type: 'result', errorCode: '1', token: 'tok' }],
    ['a result with numeric errorCode 0', { source: 'uid-captcha', type: 'result', errorCode: 0, token: 'tok' }],
    ['a result with an extra field', { source: 'uid-captcha', type: 'result', errorCode: '0', token: 'tok', redirect: 'https://evil.test' }],
    ['a loaded with an extra field', { source: 'uid-captcha', type: 'loaded', html: '<b>' }],
    ['a failed without errorCode', { source: 'uid-captcha', type: 'failed' }],
    ['a failed with a numeric errorCode', { source: 'uid-captcha', type: 'failed', errorCode: -10020 }],
    ['a class instance', new (class Msg { source = 'uid-captcha'; type = 'loaded'; })()],
  ])('rejects %s', (_name, data) => {
    expect(isCaptchaFrameMessage(data)).toBe(false);
  });
});

describe('captchaFrame', () => {
  it("takes the server's captchaUrl on the API origin, with the page language", () => {
    expect(captchaFrame('/api', 'https://id.vendor.test/api/captcha/frame', 'de_DE', PAGE)).toEqual({
      src: 'https://id.vendor.test/api/captcha/frame?lang=de_DE',
      origin: 'https://id.vendor.test',
    });
  });

  it('replaces a lang the server put in and drops a fragment', () => {
    expect(captchaFrame('/api', 'https://id.vendor.test/api/captcha/frame?lang=xx&v=2#top', 'fr_FR', PAGE).src).toBe(
      'https://id.vendor.test/api/captcha/frame?lang=fr_FR&v=2',
    );
  });

  it.each([
    ['another origin', 'https://evil.test/api/captcha/frame'],
    ['another port', 'https://id.vendor.test:8443/api/captcha/frame'],
    ['plain http of the same host', 'http://id.vendor.test/api/captcha/frame'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>1</script>'],
    ['credentials in the URL', 'https://user:pw@id.vendor.test/api/captcha/frame'],
    ['no URL', undefined],
    ['not a string', { href: 'https://id.vendor.test/api/captcha/frame' }],
  ])('falls back to <API global base>/captcha/frame for %s', (_name, captchaUrl) => {
    expect(captchaFrame('/api', captchaUrl, 'en_US', PAGE)).toEqual({
      src: 'https://id.vendor.test/api/captcha/frame?lang=en_US',
      origin: 'https://id.vendor.test',
    });
  });

  it('follows an API base on its own origin (and ignores a trailing slash)', () => {
    expect(captchaFrame('https://api.vendor.test/v2/', 'https://id.vendor.test/api/captcha/frame', 'ja_JP', PAGE)).toEqual({
      src: 'https://api.vendor.test/v2/captcha/frame?lang=ja_JP',
      origin: 'https://api.vendor.test',
    });
    expect(captchaFrame('https://api.vendor.test/v2', 'https://api.vendor.test/v2/captcha/frame', 'en_US', PAGE).origin).toBe('https://api.vendor.test');
  });
});

describe('captchaThemeMessage', () => {
  it('sends the light theme colours of the dialog', () => {
    expect(captchaThemeMessage(defaultTheme)).toEqual({
      source: 'uid-portal',
      type: 'theme',
      theme: { mode: 'light', primary: defaultTheme.colors.primary, background: defaultTheme.colors.surface, text: defaultTheme.colors.text },
    });
  });

  it('says dark for a dark surface', () => {
    expect(captchaThemeMessage(midnightTheme).theme).toMatchObject({ mode: 'dark', background: '#1f2227', primary: '#8ab4f8' });
  });

  it('leaves the mode out when the surface is not a hex colour', () => {
    const theme = { ...defaultTheme, colors: { ...defaultTheme.colors, surface: 'white' } };
    expect(captchaThemeMessage(theme).theme).not.toHaveProperty('mode');
  });

  it('computes luminance of #rgb and #rrggbb', () => {
    expect(luminance('#fff')).toBeCloseTo(1);
    expect(luminance('#000000')).toBe(0);
    expect(luminance('rgb(0,0,0)')).toBeNull();
  });
});
