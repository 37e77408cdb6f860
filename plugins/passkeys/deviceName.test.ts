import { describe, expect, it } from 'vitest';
import { deviceParts } from './deviceName';

describe('deviceParts', () => {
  it('names the browser and system of common user agents', () => {
    expect(deviceParts('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({ browser: 'Chrome', os: 'Windows' });
    expect(deviceParts('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(deviceParts('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toEqual({ browser: 'Edge', os: 'macOS' });
    expect(deviceParts('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({ browser: 'Firefox', os: 'Linux' });
  });

  it('says nothing it cannot tell', () => {
    expect(deviceParts('curl/8.0')).toEqual({ browser: null, os: null });
  });
});
