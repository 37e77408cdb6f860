/** The company the Sign-in tab's stories and tests show: a certified company, its owner signed in. */
import { type MyCompany } from '@portal/plugin-api';
import { demoUser } from '@portal/plugin-api/testing';

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
  comment: null,
  certified: true,
  region: 'Euw',
  ownerAccount: demoUser.email,
  ownerName: 'Ana Novák',
  businessLicense: null,
  version: 3,
  createdAt: Date.UTC(2024, 2, 1, 12),
  role: 'owner',
  joinedAt: Date.UTC(2024, 2, 1, 12),
};
