import { describe, expect, it } from 'vitest';
import { requiredReason } from './audit';

describe('an operator’s reason', () => {
  it('is kept trimmed, with its spaces folded', () => {
    expect(requiredReason('  Ticket   1234\n')).toBe('Ticket 1234');
    expect(requiredReason('チケット')).toBe('チケット');
  });

  it('is refused when a person could not read it: too short, or nothing but invisible characters (attack review of issue 28)', () => {
    for (const reason of ['', 'ab', '\u200b\u200b\u200b', '\u200b\u200ba\u200b', '...', undefined, 12]) expect(() => requiredReason(reason), JSON.stringify(reason)).toThrow();
    expect(() => requiredReason('x'.repeat(501))).toThrow();
  });
});
