import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { MSG } from '@portal/plugin-api';
import { companyInputOf, companySchema, EMPTY_COMPANY, formValuesOf, type CompanyFormValues } from './companySchema';
import { company } from './fixtures';

const valid: CompanyFormValues = { ...EMPTY_COMPANY, name: 'Northwind', type: 'installer', country: 'CZ' };

/** The message of `field` when the form holds `value` there, or null. */
function errorOf(field: keyof CompanyFormValues, value: string): string | null {
  try {
    companySchema.validateSyncAt(field, { ...valid, [field]: value });
    return null;
  } catch (e) {
    return (e as ValidationError).message;
  }
}

describe('company form rules (spec section 5)', () => {
  it('accepts a minimal valid company', () => expect(companySchema.isValidSync(valid)).toBe(true));

  it.each(['name', 'type', 'country'] as const)('%s is required', (field) => expect(errorOf(field, '')).toBe(MSG.required));

  it('type must be one of the company types', () => expect(errorOf('type', 'pirate')).toBe(MSG.required));

  it.each([
    ['name', 100],
    ['address', 200],
    ['state', 100],
    ['city', 100],
    ['contact', 100],
    ['comment', 500],
  ] as const)('%s is at most %i characters', (field, max) => {
    expect(errorOf(field, 'a'.repeat(max))).toBeNull();
    expect(errorOf(field, 'a'.repeat(max + 1))).toBe('company:validation.tooLong');
  });

  it.each(['"', "'", '\\', ';', ':', '<', '@'])('free text refuses the illegal character %s', (ch) => {
    expect(errorOf('name', `North${ch}wind`)).toBe(MSG.illegalCharacters);
    expect(errorOf('address', `Main ${ch}1`)).toBe(MSG.illegalCharacters);
  });

  it('postal code: up to 10 capitals, digits or hyphens', () => {
    expect(errorOf('postCode', '120-00')).toBeNull();
    expect(errorOf('postCode', 'SW1A-1AA')).toBeNull();
    expect(errorOf('postCode', '1234567890')).toBeNull();
    expect(errorOf('postCode', '12345678901')).toBe('company:validation.postCode');
    expect(errorOf('postCode', 'sw1a')).toBe('company:validation.postCode');
    expect(errorOf('postCode', '120 00')).toBe('company:validation.postCode');
  });

  it('organization code: 4 to 32 letters or digits, optional', () => {
    expect(errorOf('orgCode', '')).toBeNull();
    expect(errorOf('orgCode', 'NW24')).toBeNull();
    expect(errorOf('orgCode', 'a'.repeat(32))).toBeNull();
    expect(errorOf('orgCode', 'NW2')).toBe('company:validation.orgCode');
    expect(errorOf('orgCode', 'a'.repeat(33))).toBe('company:validation.orgCode');
    expect(errorOf('orgCode', 'NW-2024')).toBe('company:validation.orgCode');
  });

  it('website: http(s):// then an IPv4 address or a domain', () => {
    for (const ok of ['https://northwind.example', 'http://10.0.0.1', 'https://shop.northwind.example:8443/path?q=1']) expect(errorOf('website', ok), ok).toBeNull();
    for (const bad of ['northwind.example', 'ftp://northwind.example', 'https://300.1.1.1', 'https://localhost', 'https://north wind.example']) {
      expect(errorOf('website', bad), bad).toBe('company:validation.website');
    }
  });

  it('contact email: optional, valid format, at most 64', () => {
    expect(errorOf('contactEmail', '')).toBeNull();
    expect(errorOf('contactEmail', 'office@northwind.example')).toBeNull();
    expect(errorOf('contactEmail', 'office@northwind')).toBe(MSG.emailFormat);
    expect(errorOf('contactEmail', `${'a'.repeat(60)}@x.example`)).toBe(MSG.emailTooLong);
  });

  it('contact number: optional, 4 to 12 digits', () => {
    expect(errorOf('contactNumber', '')).toBeNull();
    expect(errorOf('contactNumber', '1234')).toBeNull();
    expect(errorOf('contactNumber', '123')).toBe(MSG.phoneGeneric);
    expect(errorOf('contactNumber', '1234567890123')).toBe(MSG.phoneGeneric);
    expect(errorOf('contactNumber', '+420601')).toBe(MSG.phoneGeneric);
  });
});

describe('form values and request body', () => {
  it('round-trips a company and sends empty optional fields as null', () => {
    const values = formValuesOf(company);
    expect(values.name).toBe(company.name);
    const body = companyInputOf({ ...values, comment: '  ', city: ' Brno ' }, 'file-9');
    expect(body).toMatchObject({ name: company.name, type: 'systemIntegrator', country: 'CZ', comment: null, city: 'Brno', businessLicenseFileId: 'file-9' });
  });
});
