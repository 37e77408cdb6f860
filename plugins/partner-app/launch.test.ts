import { describe, expect, it } from 'vitest';
import { clearedLaunchCookie, languageFromAppLocale, launchCookie, readLaunch, readLaunchCookie } from './launch';

const tokens = { accessToken: 'Euw.a1b2', refreshToken: 'Euw.r9z8', tokenType: 'Bearer', sessionId: 's-123' };

describe('readLaunch', () => {
  it('accepts the served app type with complete tokens', () => {
    const launch = readLaunch('?appType=partner_app_android&locale=de_DE&appVersion=3.2.0', tokens, '', 'partner_app_android');
    expect(launch).toEqual({ kind: 'app', appType: 'partner_app_android', language: 'de_DE', appVersion: '3.2.0', tokens: { ...tokens } });
  });

  it('accepts iOS when the config serves iOS', () => {
    expect(readLaunch('?appType=partner_app_ios', tokens, '', 'partner_app_ios').kind).toBe('app');
  });

  it.each([
    ['?appType=partner_app_windows', 'unknown'],
    ['?appType=PARTNER_APP_ANDROID', 'unknown'],
    ['?appType=', 'missing'],
    ['?locale=de_DE', 'missing'],
    ['', 'missing'],
    ['?appType=partner_app_ios', 'mismatch'],
  ])('refuses %s (%s) and keeps no tokens', (search, reason) => {
    const launch = readLaunch(search, tokens, '', 'partner_app_android');
    expect(launch).toMatchObject({ kind: 'refused', reason });
    expect(JSON.stringify(launch)).not.toContain('Euw.a1b2');
  });

  it.each([
    [{ accessToken: 'A' }],
    [{ ...tokens, refreshToken: '' }],
    [{ ...tokens, tokenType: 'MAC' }],
    [{ ...tokens, sessionId: 'has space' }],
    [{ ...tokens, accessToken: 'x'.repeat(513) }],
    [{ ...tokens, accessToken: 'ünïcode' }],
  ])('refuses incomplete or malformed tokens %#', (captured) => {
    expect(readLaunch('?appType=partner_app_android', captured, '', 'partner_app_android')).toMatchObject({ kind: 'refused', reason: 'tokens' });
  });

  it('takes snake_case spellings too', () => {
    const launch = readLaunch('?appType=partner_app_android', { access_token: 'A1', refresh_token: 'R1', token_type: 'bearer', session_id: 'S1' }, '', 'partner_app_android');
    expect(launch).toMatchObject({ kind: 'app', tokens: { tokenType: 'Bearer', accessToken: 'A1', refreshToken: 'R1', sessionId: 'S1' } });
  });

  it('a reload without the query runs on the launch cookie, without tokens', () => {
    const cookie = `other=1; uid_app=${encodeURIComponent('appType=partner_app_ios&locale=ja_JP&appVersion=5.1')}`;
    expect(readLaunch('', {}, cookie, 'partner_app_ios')).toEqual({ kind: 'app', appType: 'partner_app_ios', language: 'ja_JP', appVersion: '5.1', tokens: undefined });
  });

  it('the query wins over the cookie', () => {
    const cookie = `uid_app=${encodeURIComponent('appType=partner_app_android')}`;
    expect(readLaunch('?appType=bogus', {}, cookie, 'partner_app_android')).toMatchObject({ kind: 'refused', reason: 'unknown' });
  });

  it('drops an app version that is not a version', () => {
    expect(readLaunch('?appType=partner_app_android&appVersion=<script>', {}, '', 'partner_app_android')).toMatchObject({ kind: 'app', appVersion: undefined });
  });
});

describe('languageFromAppLocale', () => {
  it.each([
    ['de_DE', 'de_DE'],
    ['de-AT', 'de_DE'],
    ['zh_TW', 'zh_TW'],
    ['pt', 'pt_PT'],
    ['xx_YY', undefined],
    [null, undefined],
  ])('%s → %s', (locale, expected) => {
    expect(languageFromAppLocale(locale)).toBe(expected);
  });
});

describe('launch cookie', () => {
  it('is a session cookie with the non-secret fields only', () => {
    const cookie = launchCookie({ kind: 'app', appType: 'partner_app_android', language: 'de_DE', appVersion: '3.2.0', tokens }, true);
    expect(cookie).not.toMatch(/Expires|Max-Age/i);
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Secure');
    expect(cookie).not.toContain('Euw.');
    expect(readLaunchCookie(cookie.split(';')[0]!)?.toString()).toBe('appType=partner_app_android&locale=de_DE&appVersion=3.2.0');
  });

  it('is cleared with Max-Age=0', () => {
    expect(clearedLaunchCookie(false)).toMatch(/^uid_app=; Path=\/; Max-Age=0; SameSite=Lax$/);
  });
});
