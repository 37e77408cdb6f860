import { describe, expect, it } from 'vitest';
import { type GuardContext, type HttpClient, takeCarriedLoginParams } from '@portal/plugin-api';
import { testDeployment } from '@portal/plugin-api/testing';
import { authorizeUrl } from './authorizeUrl';
import authorize from './index';
import { sameString, savePending, takePending } from './pkce';
import { destinationAfterToken } from './TokenView';

const ORIGIN = 'http://portal.test';

describe('PKCE', () => {
  it('hands the pending authorization out once', () => {
    savePending({ verifier: 'v', state: 's', returnTo: null, createdAt: 1 });
    expect(takePending()).toMatchObject({ verifier: 'v', state: 's' });
    expect(takePending()).toBeNull();
  });
  it('compares states whole', () => {
    expect(sameString('abc', 'abc')).toBe(true);
    expect(sameString('abc', 'abd')).toBe(false);
    expect(sameString('abc', 'abcd')).toBe(false);
  });
  it('asks the server for a code with PKCE, the exact redirect URI and the language', () => {
    const url = new URL(authorizeUrl('/api', ORIGIN, { clientId: 'portal', redirectPath: '/token', scope: 'openid profile email' }, 'chal', 'st', 'de_DE'));
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/api/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'portal', redirect_uri: `${ORIGIN}/token`, response_type: 'code', code_challenge: 'chal', code_challenge_method: 'S256', state: 'st', scope: 'openid profile email', lang: 'de_DE',
    });
  });
});

describe('after the token exchange', () => {
  const allow = ['https://svc.example'];
  it('an allowed return_to wins, by exact origin', () => {
    expect(destinationAfterToken('https://svc.example/home', '/accountSetting', allow, ORIGIN)).toEqual({ kind: 'external', url: 'https://svc.example/home' });
    expect(destinationAfterToken('https://svc.example.evil.test/x', null, allow, ORIGIN)).toEqual({ kind: 'path', to: '/accountSetting' });
  });
  it('then the redirect URL (same-origin paths only, never //host)', () => {
    expect(destinationAfterToken(null, '/accountSetting/security', allow, ORIGIN)).toEqual({ kind: 'path', to: '/accountSetting/security' });
    expect(destinationAfterToken(null, '//evil.example/x', allow, ORIGIN)).toEqual({ kind: 'path', to: '/accountSetting' });
    expect(destinationAfterToken(null, `${ORIGIN}/invite?inviteCode=1`, allow, ORIGIN)).toEqual({ kind: 'path', to: '/invite?inviteCode=1' });
  });
  it('else the account pages', () => expect(destinationAfterToken(null, null, allow, ORIGIN)).toEqual({ kind: 'path', to: '/accountSetting' }));
});

describe('the /login guard', () => {
  const guard = authorize.guards[0]!;
  const ctx = (query: string): GuardContext => ({
    route: 'login', pathname: '/login', query: new URLSearchParams(query), child: undefined, config: testDeployment,
    http: {} as HttpClient, viewportWidth: 1366, origin: ORIGIN, host: 'portal.test',
  });
  it('a login session, the help desk or an invitation passes', async () => {
    for (const q of ['session_code=x', 'source=zendesk', 'module=register&inviteCode=c']) expect(await guard.run(ctx(q))).toEqual({ kind: 'next' });
  });
  it('a bare /login starts at the authorize entry, keeping language and return_to, carrying the activation result', async () => {
    expect(await guard.run(ctx('lang=fr_FR&return_to=https%3A%2F%2Fsvc.example&activated=1&email=a%40b.cd'))).toEqual({
      kind: 'redirect', to: '/?lang=fr_FR&return_to=https%3A%2F%2Fsvc.example', replace: true,
    });
    expect(takeCarriedLoginParams()).toEqual({ activated: '1', email: 'a@b.cd' });
    expect(takeCarriedLoginParams()).toEqual({});
  });
});
