import { describe, expect, it } from 'vitest';
import { closestName, hint } from './suggest';

describe('closestName (did you mean)', () => {
  it('finds slips of a character or two, transpositions and case', () => {
    expect(closestName('defaultRegon', ['defaultRegion', 'global'])).toBe('defaultRegion');
    expect(closestName('midnite', ['default', 'midnight'])).toBe('midnight');
    expect(closestName('EUW', ['Use', 'Aps', 'Euw'])).toBe('Euw');
    expect(closestName('securtiy', ['security', 'company'])).toBe('security');
  });

  it('suggests nothing when nothing is close', () => {
    expect(closestName('colour', ['name', 'api'])).toBeNull();
    expect(closestName('Mars', ['Use', 'Aps', 'Euw'])).toBeNull();
    expect(closestName('x', [])).toBeNull();
  });

  it('looks for nothing behind a key of absurd length, at once (attack review of issue 28: 250 000 characters held the server for a minute)', () => {
    const started = Date.now();
    expect(closestName('x'.repeat(250_000), ['company', 'account'])).toBeNull();
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('hint: the suggestion, else the allowed names', () => {
    expect(hint('nmae', ['name'])).toBe("did you mean 'name'?");
    expect(hint('zzz', ['a', 'b'])).toBe('expected one of: a, b');
  });
});
