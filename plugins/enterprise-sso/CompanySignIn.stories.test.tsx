import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './CompanySignIn.stories';

const WAITING = 'northwind-labs.example';

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('CompanySignIn', stories, {
  expected: {
    NotConnected: ['Company sign-in', 'Not connected', 'Register this redirect URI at your provider', 'https://id.example.com/api/login/enterprise/callback', '0 of 3 members have linked', '!Disconnect', '!Claimed domains'],
    Connected: ['Connected', 'Verified', 'Waiting for DNS record', `_unified-id-challenge.${WAITING}`, 'unified-id-verification=Qm7Fz2LcV9pRt4XwK8hJd3sA', '2 of 3 members have linked', 'Not linked yet', 'Disconnect'],
    SavingFailed: ["Your company's identity provider could not be reached or gave an answer we cannot use."],
    DomainNotProven: ['We could not find the DNS record that proves this domain is yours.'],
    DisconnectConfirm: ['Disconnect the identity provider?', 'Members then sign in with their own passwords again.'],
    Loading: ['Loading the sign-in settings…'],
    LoadFailed: ['The sign-in settings could not be loaded.', 'Network error. Check your connection and try again.', 'Try again'],
    SamlNotConnected: ['Entity ID (audience)', 'https://id.example.com/api/login/enterprise/saml/metadata', 'Reply URL (assertion consumer service)', 'https://id.example.com/api/login/enterprise/saml/acs', "Download the portal's SAML metadata", 'Or paste the metadata XML', '!Register this redirect URI at your provider', '!Client secret'],
    SamlConnected: ['Connected', 'https://sts.windows.net/6f1c2b0e-4d7a-4b8e-9c3f-2a1d5e7b9c10/', 'https://login.microsoftonline.com/6f1c2b0e-4d7a-4b8e-9c3f-2a1d5e7b9c10/saml2', '1 signing certificate', 'Valid until', '2029'],
    SamlMetadataRefused: ['The metadata holds no signing certificate the portal can read.'],
    Arabic: ['لم نعثر على سجل DNS الذي يثبت ملكيتك لهذا النطاق', '!We could not find the DNS record', WAITING],
  },
  check(name, canvasElement) {
    const issuer = canvasElement.querySelector<HTMLInputElement>('input[type="url"]');
    if (name === 'Connected') expect(issuer).toHaveValue('https://login.northwind.example/realms/employees');
    if (name === 'NotConnected') expect(issuer).toHaveValue('');
    if (name === 'SavingFailed') {
      expect(issuer).toHaveValue('https://sso.northwind.example/tenant/v2.0');
      expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy');
    }
    if (name === 'DomainNotProven' || name === 'Arabic') {
      const item = [...canvasElement.querySelectorAll('li')].find((li) => li.querySelector('h3')?.textContent === WAITING);
      expect(item?.querySelector('[role="alert"]')).not.toBeNull();
    }
    if (name === 'SamlConnected') expect(issuer).toHaveValue('https://login.microsoftonline.com/6f1c2b0e-4d7a-4b8e-9c3f-2a1d5e7b9c10/federationmetadata/2007-06/federationmetadata.xml?appid=5a8e');
    if (name === 'SamlMetadataRefused') {
      expect(issuer).toHaveValue('https://adfs.northwind.example/FederationMetadata/2007-06/FederationMetadata.xml');
      expect(issuer).toHaveAttribute('aria-invalid', 'true');
    }
    if (name === 'Arabic') expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    if (name === 'Loading') expect(screen.getByRole('status')).toHaveTextContent('Loading the sign-in settings…');
    if (name === 'LoadFailed') expect(screen.getByRole('alert')).toHaveTextContent('The sign-in settings could not be loaded.');
  },
});
