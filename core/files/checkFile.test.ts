import { describe, expect, it } from 'vitest';
import { AVATAR_RULE, checkFile, LICENSE_RULE } from './checkFile';

const MB = 1024 * 1024;
const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('checkFile', () => {
  it('takes a PNG or JPG avatar up to 1 MB', () => {
    expect(checkFile(file('me.png', MB, 'image/png'), AVATAR_RULE)).toBeNull();
    expect(checkFile(file('me.jpg', 10, 'image/jpeg'), AVATAR_RULE)).toBeNull();
    expect(checkFile(file('me.JPEG', 10), AVATAR_RULE)).toBeNull(); // no type from the browser: by extension
  });

  it('refuses other avatar types, over 1 MB and empty files', () => {
    expect(checkFile(file('me.gif', 10, 'image/gif'), AVATAR_RULE)).toBe('type');
    expect(checkFile(file('me.png', 10, 'image/svg+xml'), AVATAR_RULE)).toBe('type');
    expect(checkFile(file('me.png', MB + 1, 'image/png'), AVATAR_RULE)).toBe('size');
    expect(checkFile(file('me.png', 0, 'image/png'), AVATAR_RULE)).toBe('empty');
  });

  it('takes a PDF, PNG or JPG licence up to 5 MB with names under 256 characters', () => {
    expect(checkFile(file('licence.pdf', 5 * MB, 'application/pdf'), LICENSE_RULE)).toBeNull();
    expect(checkFile(file('licence.pdf', 5 * MB + 1, 'application/pdf'), LICENSE_RULE)).toBe('size');
    expect(checkFile(file(`${'n'.repeat(251)}.pdf`, 10, 'application/pdf'), LICENSE_RULE)).toBeNull(); // 255 characters
    expect(checkFile(file(`${'n'.repeat(252)}.pdf`, 10, 'application/pdf'), LICENSE_RULE)).toBe('name'); // 256
    expect(checkFile(file(`${'😀'.repeat(251)}.pdf`, 10, 'application/pdf'), LICENSE_RULE)).toBeNull(); // code points
    expect(checkFile(file('licence.docx', 10, 'application/msword'), LICENSE_RULE)).toBe('type');
  });
});
