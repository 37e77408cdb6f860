import { describe, expect, it } from 'vitest';
import type { LocalAccountItem, MigrationRequiredResult } from '@portal/plugin-api';
import { mergeRequest, migrateRegion, migrateRequest, readMigration, type LocalItem } from './migrationData';

const program: LocalItem = {
  email: 'lena@example.com', identityProvider: 'partnerProgram', uuidProvider: 'pp-1', firstName: 'Lena', lastName: 'Many', region: 'Euw',
  mfa: false, subscription: true, productLine: 'NVR', subscriptionTopic: 'news',
};
const app: LocalItem = { ...program, identityProvider: 'partnerApp', uuidProvider: 'pa-1', region: null, mfa: true, productLine: null, subscriptionTopic: null };
const vendor: LocalAccountItem = { ...program, identityProvider: 'vendorId', uuidProvider: 'v-1' };

const result = (r: Partial<MigrationRequiredResult>) => ({ variant: 'migrate', accounts: [program], migrationToken: 'mt', ...r });

describe('readMigration', () => {
  it('reads the three variants', () => {
    expect(readMigration(result({}))).toEqual({ variant: 'migrate', token: 'mt', local: program });
    expect(readMigration(result({ variant: 'pick', accounts: [program, app] }))).toEqual({ variant: 'pick', token: 'mt', locals: [program, app] });
    expect(readMigration(result({ variant: 'merge', accounts: [vendor, app] }))).toEqual({ variant: 'merge', token: 'mt', vendor, locals: [app] });
  });

  it('fills absent optional fields', () => {
    const bare = { email: 'x@example.com', identityProvider: 'partnerApp', uuidProvider: 'u' };
    expect(readMigration({ variant: 'migrate', accounts: [bare], migrationToken: 't' })).toMatchObject({
      local: { firstName: '', lastName: '', region: null, mfa: false, subscription: false, productLine: null, subscriptionTopic: null },
    });
  });

  it.each([
    ['nothing', undefined],
    ['no token', { variant: 'migrate', accounts: [program] }],
    ['an empty token', result({ migrationToken: '' })],
    ['accounts not a list', result({ accounts: 'x' as never })],
    ['no accounts', result({ accounts: [] })],
    ['an unknown variant', result({ variant: 'split' as never })],
    ['merge without a vendor ID', result({ variant: 'merge', accounts: [program, app] })],
    ['merge with only the vendor ID', result({ variant: 'merge', accounts: [vendor] })],
    ['migrate with a vendor ID', result({ accounts: [vendor, program] })],
    ['an unknown provider', result({ accounts: [{ ...program, identityProvider: 'other' as never }] })],
    ['a region that is not a data region', result({ accounts: [{ ...program, region: 'DE' as never }] })],
    ['an item without email', result({ accounts: [{ ...program, email: undefined as never }] })],
  ])('refuses %s', (_name, value) => {
    expect(readMigration(value)).toBeNull();
  });
});

describe('migrateRequest', () => {
  it('sends the chosen country, trimmed names and what the local account carries', () => {
    expect(migrateRequest('mt', app, { country: 'SG', firstName: ' Lena ', lastName: 'Many ', subscription: false }, 'de_DE')).toEqual({
      migrationToken: 'mt', email: 'lena@example.com', identityProvider: 'partnerApp', uuidProvider: 'pa-1', regionCode: 'SG',
      firstName: 'Lena', lastName: 'Many', subscription: false, productLine: null, topicSubscription: null, mfaEnabled: true, mfaType: 2, language: 'de_DE',
    });
  });

  it('without a country keeps the known data region', () => {
    expect(migrateRequest('mt', program, { country: null, firstName: 'L', lastName: 'M', subscription: true }, 'en_US')).toMatchObject({
      regionCode: 'Euw', productLine: 'NVR', topicSubscription: 'news', mfaEnabled: false, mfaType: null,
    });
  });

  it('calls the regional host of the chosen country, else of the account', () => {
    expect(migrateRegion('Aps', program)).toBe('Aps');
    expect(migrateRegion(null, program)).toBe('Euw');
    expect(migrateRegion(null, app)).toBeUndefined();
  });
});

describe('mergeRequest', () => {
  const base = { oldPassword: 'Legacy-pass-2024', changePassword: false, newPassword: 'ignored-1', country: 'DE', subscription: true };

  it('merges with the old password only, keeping the subscription of the product line', () => {
    expect(mergeRequest('mt', vendor, program, base)).toEqual({
      migrationToken: 'mt', email: 'lena@example.com', identityProvider: 'partnerProgram', uuidProvider: 'pp-1',
      oldPassword: 'Legacy-pass-2024', needChangePassword: false, needSetRegion: false,
      subscriptionDTO: [{ productLine: 'NVR', topicSubscription: 'news' }],
    });
  });

  it('adds the new password only when changing it', () => {
    expect(mergeRequest('mt', vendor, program, { ...base, changePassword: true, newPassword: 'New-pass-2025' })).toMatchObject({ needChangePassword: true, newPassword: 'New-pass-2025' });
  });

  it('sets the region only when the vendor ID has none', () => {
    expect(mergeRequest('mt', { ...vendor, region: null }, program, base)).toMatchObject({ needSetRegion: true, regionCode: 'DE' });
    expect(mergeRequest('mt', vendor, program, base)).not.toHaveProperty('regionCode');
  });

  it('sends no subscription when declined or when the account has no product line', () => {
    expect(mergeRequest('mt', vendor, program, { ...base, subscription: false })).not.toHaveProperty('subscriptionDTO');
    expect(mergeRequest('mt', vendor, app, base)).not.toHaveProperty('subscriptionDTO');
    expect(mergeRequest('mt', vendor, { ...program, subscriptionTopic: null }, base).subscriptionDTO).toEqual([{ productLine: 'NVR', topicSubscription: '' }]);
  });
});
