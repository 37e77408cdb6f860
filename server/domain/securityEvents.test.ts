import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, eventContext } from './securityEvents';
import { readUserAgent } from '../../core/contract/userAgent';

describe('readUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'Edge', 'Edge 131', 'Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0', 'Opera', 'Opera 116', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari', 'Safari 18', 'macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari', 'Safari 18', 'iOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome', 'Chrome 131', 'iOS'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Samsung Internet 26', 'Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Firefox 133', 'Linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Chrome 131', 'ChromeOS'],
  ])('%s', (ua, family, browser, os) => {
    expect(readUserAgent(ua)).toEqual({ family, browser, os });
  });

  it('knows nothing of a script or an empty header', () => {
    expect(readUserAgent('curl/8.5.0')).toEqual({ family: null, browser: null, os: null });
    expect(readUserAgent(null)).toEqual({ family: null, browser: null, os: null });
  });
});

describe('eventContext', () => {
  it('takes the country and the URI-encoded city of the viewer headers', () => {
    expect(eventContext('203.0.113.9', { 'viewer-country': 'cz', 'viewer-city': encodeURIComponent('Brno-střed'), 'user-agent': 'UA' })).toEqual({
      ip: '203.0.113.9',
      userAgent: 'UA',
      country: 'CZ',
      city: 'Brno-střed',
    });
  });

  it('drops a malformed country, a badly encoded or overlong city and control characters', () => {
    expect(eventContext(null, { 'viewer-country': 'Czechia', 'viewer-city': '%E0%A4%A' })).toMatchObject({ country: null, city: null });
    expect(eventContext(null, { 'viewer-city': 'x'.repeat(101) }).city).toBeNull();
    expect(eventContext(null, { 'viewer-city': encodeURIComponent('Ly\u0000on\u202e') }).city).toBe('Lyon');
  });
});

describe('page cursors', () => {
  it('round-trip and refuse anything else', () => {
    expect(decodeCursor(encodeCursor({ at: 1_764_000_000_000, id: 'abc_-1' }))).toEqual({ at: 1_764_000_000_000, id: 'abc_-1' });
    expect(decodeCursor(Buffer.from('1.x; drop table').toString('base64url'))).toBeNull();
    expect(decodeCursor('!!')).toBeNull();
  });
});
