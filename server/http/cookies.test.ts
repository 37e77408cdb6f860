import { describe, expect, it } from 'vitest';
import { parseCookies } from './common';

describe('cookies of a request', () => {
  it("are read by name only: an object's own properties are no cookies, and such names are plain cookies", () => {
    const none = parseCookies('uid_sso=abc');
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) expect(none[name], name).toBeUndefined();
    const odd = parseCookies('__proto__=x; constructor=y; uid_sso=a%20b');
    expect([odd['__proto__'], odd['constructor'], odd['uid_sso']]).toEqual(['x', 'y', 'a b']);
    expect(Object.keys(odd)).toEqual(['__proto__', 'constructor', 'uid_sso']);
  });
});
