import type { ConflictInfoResult, RegionWhiteList, UserProfile } from '@portal/plugin-api';

/** A profile as GET /user-info returns it (shared by tests and stories). */
export const sampleProfile: UserProfile = {
  accountId: '7f3c9a12-5d4e-4b8a-9c61-2e0f8d4b7a35',
  id: '7f3c9a12-5d4e-4b8a-9c61-2e0f8d4b7a35',
  avatar: null,
  email: 'ana.novak@partner-example.com',
  phone: '601234567',
  identityProvider: 'vendorId',
  uuidProvider: 'vendor-1001',
  firstName: 'Ana',
  lastName: 'Novák',
  region: 'Euw',
  language: 'en_US',
  country: 'CZ',
  nickname: 'ana',
  jobTitle: 'Developer',
  timezone: 'Europe/Prague',
  subscription: true,
  regionConfirmed: true,
  mfaEnabled: false,
  createdAt: Date.UTC(2024, 0, 2),
};

/** A small white-list: enough to pick from, short enough to read. */
export const sampleWhiteList: RegionWhiteList = { Use: ['US', 'CA'], Aps: ['SG', 'JP'], Euw: ['CZ', 'DE', 'FR'] };

export const noConflict: ConflictInfoResult = { conflict: false, errorCode: null, reasons: [] };

/** A winter instant: the offsets shown are standard time whenever the tests run. */
export const WINTER = new Date(Date.UTC(2024, 0, 15, 12));
