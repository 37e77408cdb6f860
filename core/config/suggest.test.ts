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

  it('hint: the suggestion, else the allowed names', () => {
    expect(hint('nmae', ['name'])).toBe("did you mean 'name'?");
    expect(hint('zzz', ['a', 'b'])).toBe('expected one of: a, b');
  });
});
