import { describe, expect, it } from 'vitest';
import { stripTokensFromUrl, takeCapturedParams, takeMailLinkToken } from './urlTokens';

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

  it('takes a mailed link token out of the fragment (or the query) at once and hands it out once, apart from the others', () => {
    window.history.replaceState(null, '', '/login?module=newPassword&lang=de_DE&client=demo-service#token=euw.secret-123');
    const before = window.history.length;
    stripTokensFromUrl(window);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/login?module=newPassword&lang=de_DE&client=demo-service');
    expect(window.history.length).toBe(before);
    expect(takeCapturedParams()).toEqual({});
    expect(takeMailLinkToken()).toBe('euw.secret-123');
    expect(takeMailLinkToken()).toBeNull();

    window.history.replaceState(null, '', '/login?module=activation&token=use.other#keep=1&token=x');
    stripTokensFromUrl(window);
    expect(`${window.location.search}${window.location.hash}`).toBe('?module=activation#keep=1');
    expect(takeMailLinkToken()).toBe('x');
  });

  it('leaves an address without tokens alone', () => {
    window.history.replaceState(null, '', '/login?lang=fr_FR#main');
    stripTokensFromUrl(window);
    expect(`${window.location.search}${window.location.hash}`).toBe('?lang=fr_FR#main');
    expect(takeMailLinkToken()).toBeNull();
  });
});
