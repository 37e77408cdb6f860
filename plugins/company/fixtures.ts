/** Fixed company data for tests and stories (fixed dates at noon UTC, so every time zone shows the same day). */
import type {
  Application,
  CompanySummary,
  Member,
  MyCompaniesResult,
  MyCompany,
  RegionWhiteList,
} from '@portal/plugin-api';

const NOON = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12);

export const ACCOUNT_ID = '7f3c9a12-5d4e-4b8a-9c61-2e0f8d4b7a35';

export const company: MyCompany = {
  id: 'org-1',
  name: 'Northwind Security Integrators',
  type: 'systemIntegrator',
  country: 'CZ',
  address: 'Vinohradská 12',
  state: 'Praha',
  city: 'Prague',
  postCode: '120-00',
  contact: 'Ana Novák',
  contactEmail: 'office@northwind.example',
  contactNumber: '420601234',
  orgCode: 'NW2024CZ',
  website: 'https://northwind.example',
  comment: 'Partner since 2019.',
  certified: false,
  region: 'Euw',
  ownerAccount: 'ana.novak@partner-example.com',
  ownerName: 'Ana Novák',
  businessLicense: { fileId: 'file-1', fileName: 'business-licence.pdf', url: '/api/files/euw/file-1' },
  version: 3,
  createdAt: NOON(2024, 3, 1),
  role: 'owner',
  joinedAt: NOON(2024, 3, 1),
};

export const certifiedCompany: MyCompany = { ...company, certified: true };
export const asRole = (role: MyCompany['role']): MyCompany => ({ ...company, role });

export const members: Member[] = [
  { email: 'ana.novak@partner-example.com', accountId: ACCOUNT_ID, firstName: 'Ana', lastName: 'Novák', role: 'owner', status: 'active', joinedAt: NOON(2024, 3, 1), invitedAt: null },
  { email: 'petr.svoboda@partner-example.com', accountId: 'acc-2', firstName: 'Petr', lastName: 'Svoboda', role: 'admin', status: 'active', joinedAt: NOON(2024, 4, 2), invitedAt: NOON(2024, 4, 1) },
  {
    email: 'maximiliana.alexandrina.hohenzollern@partner-example.com',
    accountId: 'acc-3',
    firstName: 'Maximiliana Alexandrina',
    lastName: 'von Hohenzollern-Sigmaringen',
    role: 'member',
    status: 'active',
    joinedAt: NOON(2024, 5, 3),
    invitedAt: null,
  },
  { email: 'new.colleague@partner-example.com', accountId: null, firstName: null, lastName: null, role: 'member', status: 'unverified', joinedAt: null, invitedAt: NOON(2024, 6, 4) },
  { email: 'late.colleague@partner-example.com', accountId: null, firstName: null, lastName: null, role: 'admin', status: 'expired', joinedAt: null, invitedAt: NOON(2024, 1, 5) },
];

export const applications: Application[] = [
  { id: 'app-1', applicant: { accountId: 'acc-7', email: 'jan.dvorak@partner-example.com', firstName: 'Jan', lastName: 'Dvořák' }, appliedAt: NOON(2024, 6, 10) },
  { id: 'app-2', applicant: { accountId: 'acc-8', email: 'eva.horakova@partner-example.com', firstName: 'Eva', lastName: 'Horáková' }, appliedAt: NOON(2024, 6, 11) },
];

export const summaries: CompanySummary[] = [
  { id: 'org-9', name: 'Contoso Networks', certified: true, type: 'distributor', country: 'DE', city: 'Berlin', region: 'Euw' },
  { id: 'org-8', name: 'Contoso Startups Cooperative of Bavaria', certified: false, type: 'reseller', country: 'DE', city: null, region: 'Euw' },
];

export const noCompany: MyCompaniesResult = { orgs: [], applications: [] };
export const withCompany = (org: MyCompany = company): MyCompaniesResult => ({ orgs: [org], applications: [] });
export const pendingApplication: MyCompaniesResult = { orgs: [], applications: [{ id: 'app-5', orgId: 'org-9', orgName: 'Contoso Networks', appliedAt: NOON(2024, 6, 12) }] };

export const whiteList: RegionWhiteList = { Use: ['US', 'CA'], Aps: ['SG', 'JP'], Euw: ['CZ', 'DE', 'FR'] };
