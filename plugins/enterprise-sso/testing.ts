/** The company the Sign-in tab's stories and tests show: a certified company, its owner signed in. */
import { type MyCompany } from '@portal/plugin-api';
import { demoUser } from '@portal/plugin-api/testing';
import type { ConnectionView } from './contract';

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

/** The portal as a SAML service provider, as the Sign-in tab shows it. */
export const serviceProvider = {
  entityId: 'https://id.example.com/api/login/enterprise/saml/metadata',
  acsUrl: 'https://id.example.com/api/login/enterprise/saml/acs',
  metadataUrl: 'https://id.example.com/api/login/enterprise/saml/metadata',
};

/** A company connected to its SAML provider (Entra ID's shape of addresses), by metadata URL. */
export const samlConnection: Extract<ConnectionView, { kind: 'saml' }> = {
  kind: 'saml',
  entityId: 'https://sts.windows.net/6f1c2b0e-4d7a-4b8e-9c3f-2a1d5e7b9c10/',
  ssoUrl: 'https://login.microsoftonline.com/6f1c2b0e-4d7a-4b8e-9c3f-2a1d5e7b9c10/saml2',
  metadataUrl: 'https://login.microsoftonline.com/6f1c2b0e-4d7a-4b8e-9c3f-2a1d5e7b9c10/federationmetadata/2007-06/federationmetadata.xml?appid=5a8e',
  certificates: [{ expires: '2029-03-14T12:00:00.000Z' }],
  secondFactor: 'provider',
  required: false,
  domains: [{ domain: 'northwind.example', verified: true, record: { name: '_unified-id-challenge.northwind.example', value: 'unified-id-verification=6hT2kQ9vXc4LmP8sRzW1aYbN' } }],
};
