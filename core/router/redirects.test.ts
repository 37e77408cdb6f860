import { describe, expect, it } from 'vitest';
import { isAllowedRedirect, originOf, withParams } from './redirects';

const self = 'https://id.example.com';
const allow = ['https://service.example.com', 'https://help.example.com:8443/path/ignored'];

describe('isAllowedRedirect', () => {
  it.each([
    ['https://service.example.com/app?x=1', true],
    ['https://help.example.com:8443/anything', true],
    ['/accountSetting', true],
    ['https://id.example.com/login', true],
    ['https://service.example.com.evil.test/', false],
    ['https://evil.test/?https://service.example.com', false],
    ['http://service.example.com/', false],
    ['https://help.example.com/', false],
    ['https://service.example.com@evil.test/', false],
    ['https://user:pw@service.example.com/', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['//evil.test/x', false],
    ['not a url at all', true],
  ])('%s -> %s', (target, expected) => {
    // 'not a url at all' resolves relative to our own origin: a same-origin path, harmless.
    expect(isAllowedRedirect(target, allow, self)).toBe(expected);
  });

  it('rejects everything when nothing parses', () => {
    expect(originOf('http://[broken')).toBeNull();
  });

  it('adds redirect params without losing the service URL query', () => {
    expect(withParams('https://s.example.com/cb?a=1', { code: 'c', state: 's' })).toBe('https://s.example.com/cb?a=1&code=c&state=s');
  });
});
