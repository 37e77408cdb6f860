import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex, md5OfFile } from './md5';

const text = (s: string) => new TextEncoder().encode(s);

describe('md5Hex', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5Hex(text(''))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex(text('a'))).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5Hex(text('abc'))).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex(text('message digest'))).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5Hex(text('12345678901234567890123456789012345678901234567890123456789012345678901234567890'))).toBe(
      '57edf4a22be3c955ac49da2e2107b67a',
    );
  });

  it('agrees with Node at every padding boundary and on binary data', () => {
    for (const length of [55, 56, 57, 63, 64, 65, 119, 120, 1000, 70_000]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 31 + length) & 0xff);
      expect(md5Hex(bytes), `length ${length}`).toBe(createHash('md5').update(bytes).digest('hex'));
    }
  });

  it('hashes a picked file', async () => {
    expect(await md5OfFile(new Blob([text('abc')]))).toBe('900150983cd24fb0d6963f7d28e17f72');
  });
});
