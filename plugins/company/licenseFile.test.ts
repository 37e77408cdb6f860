import { describe, expect, it } from 'vitest';
import { licenseFileOf } from './licenseFile';

describe('licenseFileOf', () => {
  it('reads region and id from the file URLs the server gives, absolute or not, on any host', () => {
    expect(licenseFileOf('https://id.example.com/api/files/euw/AbC_-123')).toEqual({ region: 'Euw', fileId: 'AbC_-123' });
    expect(licenseFileOf('/api/region/use/files/use/x1')).toEqual({ region: 'Use', fileId: 'x1' });
    expect(licenseFileOf('/api/files/aps/x1')).toEqual({ region: 'Aps', fileId: 'x1' });
  });

  it('refuses anything else, so nothing but a file of the API is fetched with the token', () => {
    for (const url of ['/api/files/mars/x1', '/api/files/euw/../../x', 'javascript:alert(1)', '/files/file-7', 'http://[bad']) {
      expect(licenseFileOf(url), url).toBeNull();
    }
  });
});
