import { describe, expect, it } from 'vitest';
import { readUserAgent } from './userAgent';

describe('readUserAgent', () => {
  it('names the family, version and system of common user agents (Edge and Opera before Chrome, Chrome before Safari)', () => {
    expect(readUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({ family: 'Chrome', browser: 'Chrome 131', os: 'Windows' });
    expect(readUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toEqual({ family: 'Safari', browser: 'Safari 17', os: 'iOS' });
    expect(readUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toEqual({ family: 'Edge', browser: 'Edge 131', os: 'macOS' });
    expect(readUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({ family: 'Firefox', browser: 'Firefox 133', os: 'Linux' });
  });

  it('names automated Chromium (HeadlessChrome) Chrome, as the sessions list always did', () => {
    expect(readUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toEqual({ family: 'Chrome', browser: 'Chrome 131', os: 'Linux' });
  });

  it('says nothing it cannot tell', () => {
    expect(readUserAgent('curl/8.0')).toEqual({ family: null, browser: null, os: null });
    expect(readUserAgent(undefined)).toEqual({ family: null, browser: null, os: null });
  });
});
