/** CLIENTS_FILE at a production start (issue 26): no plain-http redirect, post-logout or back-channel URI but a native app's loopback redirect (RFC 8252). */
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../options';
import { checkClients } from './clients';
import { configVocabulary, type ConfigVocabulary } from './knownNames';

let vocabulary: ConfigVocabulary;
beforeAll(async () => {
  vocabulary = await configVocabulary(REPO_ROOT);
});

const client = (fields: Record<string, unknown>) => [{ id: 'shop', name: 'Shop', redirectUris: ['https://shop.example/cb'], ...fields }];
const problems = (fields: Record<string, unknown>, production: boolean) => checkClients(client(fields), vocabulary.known, [], production).problems.map((p) => `${p.path}: ${p.message}`);

describe('a plain-http URI of a client', () => {
  it.each([
    ['a redirect URI', { redirectUris: ['http://shop.example/cb'] }, /\[0\]\.redirectUris\[0\]: \(client 'shop'\) must be https in production/],
    ['a post-logout redirect URI', { postLogoutRedirectUris: ['http://shop.example/bye'] }, /\[0\]\.postLogoutRedirectUris\[0\]: .*must be https in production/],
    ['a post-logout redirect URI even on loopback', { postLogoutRedirectUris: ['http://127.0.0.1:8000/bye'] }, /postLogoutRedirectUris\[0\]: .*must be https/],
    ['a back-channel logout URI', { backchannelLogoutUri: 'http://shop.example/bc' }, /backchannelLogoutUri: .*must be https in production/],
  ])('is refused in production: %s', (_what, fields, message) => {
    const found = problems(fields, true);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
    // Development keeps taking it.
    expect(problems(fields, false)).toEqual([]);
  });

  it('is taken in production as a native app loopback redirect (127.0.0.1, [::1], localhost; any port)', () => {
    expect(problems({ redirectUris: ['http://127.0.0.1:49152/cb', 'http://[::1]:8400/cb', 'http://localhost/cb', 'https://shop.example/cb'] }, true)).toEqual([]);
  });

  it('a custom scheme is refused in either mode (native apps use a loopback or https redirect)', () => {
    for (const production of [true, false]) expect(problems({ redirectUris: ['com.example.shop:/cb'] }, production)[0]).toMatch(/must be an http\(s\) URL/);
  });
});

describe('a back-channel logout URI in production', () => {
  it('names no address of the server itself or its network (the server posts there: attack review of issue 28)', async () => {
    const { internalHost } = await import('./clients');
    for (const host of ['localhost', '127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '[::1]', '[fd00::1]', '[fe80::1]', '[::ffff:127.0.0.1]', '0.0.0.0']) expect(internalHost(host), host).toBe(true);
    for (const host of ['crm.example.com', '8.8.8.8', '172.32.0.1', '[2001:db8::1]']) expect(internalHost(host), host).toBe(false);
    const { problems } = checkClients(client({ backchannelLogoutUri: 'https://169.254.169.254/latest' }), vocabulary.known, [], true);
    expect(problems.map((p) => p.message)).toEqual(["(client 'shop') must not name a loopback, private or link-local address in production"]);
    expect(checkClients(client({ backchannelLogoutUri: 'https://169.254.169.254/latest' }), vocabulary.known, [], false).problems).toEqual([]);
  });
});
