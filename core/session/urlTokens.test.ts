import { describe, expect, it } from 'vitest';
import { stripTokensFromUrl, takeCapturedParams } from './urlTokens';

describe('stripTokensFromUrl', () => {
  it('removes tokens from the address bar without a new history entry and hands them out once', () => {
    window.history.replaceState(null, '', '/accountSetting?appType=partner_app_ios&accessToken=A&refreshToken=R&tokenType=Bearer&sessionId=S&locale=de_DE');
    const before = window.history.length;
    stripTokensFromUrl(window);
    expect(window.location.search).toBe('?appType=partner_app_ios&locale=de_DE');
    expect(window.history.length).toBe(before);
    expect(takeCapturedParams()).toEqual({ accessToken: 'A', refreshToken: 'R', tokenType: 'Bearer', sessionId: 'S' });
    expect(takeCapturedParams()).toEqual({});
  });

  it('strips the authorization code only on the token page', () => {
    window.history.replaceState(null, '', '/invite?code=abc');
    stripTokensFromUrl(window);
    expect(window.location.search).toBe('?code=abc');
    window.history.replaceState(null, '', '/token?code=abc&state=xyz');
    stripTokensFromUrl(window);
    expect(window.location.search).toBe('');
    expect(takeCapturedParams()).toEqual({ code: 'abc', state: 'xyz' });
  });
});
