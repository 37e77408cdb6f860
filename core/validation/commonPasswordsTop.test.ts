import { describe, expect, it } from 'vitest';
import { isTopCommonPassword, TOP_COMMON_PASSWORD_COUNT } from './commonPasswordsTop';

describe("the strength meter's common passwords (the top of the server's list)", () => {
  it('knows about a thousand, built from the package at build time', () => {
    expect(TOP_COMMON_PASSWORD_COUNT).toBeGreaterThan(900);
    expect(TOP_COMMON_PASSWORD_COUNT).toBeLessThanOrEqual(1000);
  });

  it.each(['Password123!', 'P@ssw0rd1', 'Summer2024!', 'Qwerty123', 'Dragon#99', 'iloveyou!', 'Abc12345!'])('%s is common', (password) => {
    expect(isTopCommonPassword(password)).toBe(true);
  });

  it.each(['xK#9mQ!2vL@7', 'Demo-pass-2024', 'Tgd7-#mQk2'])('%s is not', (password) => {
    expect(isTopCommonPassword(password)).toBe(false);
  });

  it('leaves rarer listed passwords to the server (Left4dead is refused there, not known here)', () => {
    expect(isTopCommonPassword('Left4dead')).toBe(false);
  });
});
