import { describe, expect, it } from 'vitest';
import { authorizeEverywhere, loginStartPage, qualifiesForLoginStart } from './loginStart';

const q = (s: string) => new URLSearchParams(s);

describe('the start page of a bare /login', () => {
  it('is for /login with nothing but the parameters the authorize entry keeps or carries', () => {
    expect(qualifiesForLoginStart('/login', q(''))).toBe(true);
    expect(qualifiesForLoginStart('/login', q('lang=de_DE&return_to=%2FaccountSetting&email=a%40b.c&activated=1'))).toBe(true);
    for (const other of ['session_code=x', 'source=zendesk', 'module=register', 'inviteCode=i', 'appType=x', 'client=demo', 'lang=de_DE&session_code=x']) {
      expect(qualifiesForLoginStart('/login', q(other)), other).toBe(false);
    }
    expect(qualifiesForLoginStart('/', q(''))).toBe(false);
    expect(qualifiesForLoginStart('/login/', q(''))).toBe(false);
  });

  it('needs the authorize plugin in every region of a serve-time config', () => {
    expect(authorizeEverywhere({ Use: ['sign-in', 'authorize'], Aps: ['authorize'], Euw: ['authorize'] })).toBe(true);
    expect(authorizeEverywhere({ Use: ['sign-in', 'authorize'], Aps: ['sign-in'], Euw: ['authorize'] })).toBe(false);
  });

  it("names the app's entry for its fallback, and is none without both files", () => {
    const start = '<meta name="portal-app" content="__APP_ENTRY__"><script type="module" src="/assets/login-start-x.js"></script>';
    const index = '<script type="module" src="/assets/main-AbC_1.js"></script><link rel="modulepreload" href="/assets/react-z.js">';
    expect(loginStartPage(start, index)).toBe('<meta name="portal-app" content="/assets/main-AbC_1.js"><script type="module" src="/assets/login-start-x.js"></script>');
    expect(loginStartPage(null, index)).toBeNull();
    expect(loginStartPage(start, '<p>no app</p>')).toBeNull();
  });
});
