import { describe, expect, it } from 'vitest';
import type { ServerContext } from '@portal/server-api';
import { addressVouched, secretsProblems } from './providers';

/** Just what the providers' settings read: the secrets file's entry and the production switch. */
const ctxWith = (social: unknown, production = false) => ({ options: { pluginSecrets: social === undefined ? {} : { 'social-sign-in': social }, production } }) as unknown as ServerContext;

describe("the social providers' settings", () => {
  it("take Microsoft's address without email_verified only from its personal-accounts tenant (nOAuth: a work tenant's users set any address)", () => {
    expect(addressVouched(ctxWith({ microsoft: { clientId: 'c', clientSecret: 's' } }), 'microsoft')).toBe(true);
    expect(addressVouched(ctxWith({ microsoft: { clientId: 'c', clientSecret: 's', issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0' } }), 'microsoft')).toBe(true);
    expect(addressVouched(ctxWith({ microsoft: { clientId: 'c', clientSecret: 's', issuer: 'https://login.microsoftonline.com/contoso-tenant-id/v2.0' } }), 'microsoft')).toBe(false);
    expect(addressVouched(ctxWith({ google: { clientId: 'c', clientSecret: 's' } }), 'google')).toBe(false);
  });

  it('name every wrong entry of the secrets file, one line each', () => {
    expect(secretsProblems(ctxWith(undefined))).toEqual([]);
    expect(secretsProblems(ctxWith([]))).toHaveLength(1);
    expect(secretsProblems(ctxWith({ google: { clientId: 'c', clientSecret: 's' }, apple: { clientId: 'a', teamId: 't', keyId: 'k', privateKey: 'p' } }))).toEqual([]);
    expect(secretsProblems(ctxWith({ facebook: {}, google: { clientSecret: 's' }, apple: { clientId: 'a' }, microsoft: { clientId: 'c', clientSecret: 's', issuer: '' } }))).toEqual([
      'PLUGIN_SECRETS_FILE: "social-sign-in".facebook: not a provider (google, microsoft, apple).',
      'PLUGIN_SECRETS_FILE: "social-sign-in".google.clientId: required.',
      'PLUGIN_SECRETS_FILE: "social-sign-in".apple: teamId, keyId and privateKey are required.',
      'PLUGIN_SECRETS_FILE: "social-sign-in".microsoft.issuer: must be a URL.',
    ]);
  });
});
