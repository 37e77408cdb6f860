import { describe, expect, it } from 'vitest';
import type { MfaRequiredResult } from '@portal/plugin-api';
import { codesLeft } from './codesLeft';

describe('codesLeft', () => {
  it('reads the count of unused codes the challenge carries', () => {
    expect(codesLeft({ recoveryCodes: 10 })).toBe(10);
    expect(codesLeft({ recoveryCodes: 1 })).toBe(1);
  });

  it('takes 0, absence and anything but a whole positive number as none (the server decides, the page does not guess)', () => {
    for (const odd of [0, undefined, -2, 2.5, Number.NaN, Infinity, true, '3', null]) {
      expect(codesLeft({ recoveryCodes: odd as MfaRequiredResult['recoveryCodes'] }), String(odd)).toBe(0);
    }
  });
});
