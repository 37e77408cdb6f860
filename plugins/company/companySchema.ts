import { mixed, object, string, type InferType } from 'yup';
import {
  type Company,
  COMPANY_TYPES,
  companyIdRule,
  type CompanyInput,
  type CompanyType,
  emailRule,
  genericPhoneRule,
  ILLEGAL_CHARACTERS,
  MSG,
  postCodeRule,
  urlRule,
  type TranslationKey,
} from '@portal/plugin-api';

/** Field limits: the server's (server/companies.ts cleanInput) so nothing valid here fails there. */
export const COMPANY_LIMITS = {
  name: 100,
  address: 200,
  state: 100,
  city: 100,
  contact: 100,
  comment: 500,
  orgCode: { min: 4, max: 32 },
} as const;

const V = {
  tooLong: 'company:validation.tooLong',
  postCode: 'company:validation.postCode',
  orgCode: 'company:validation.orgCode',
  website: 'company:validation.website',
} as const satisfies Record<string, TranslationKey>;

/** Free text: optional, at most `max` characters (code points), none of the illegal characters. */
const text = (max: number) =>
  string()
    .trim()
    .default('')
    .test('max', V.tooLong, (v) => !v || [...v].length <= max)
    .test('illegal', MSG.illegalCharacters, (v) => !v || !ILLEGAL_CHARACTERS.test(v));

export const companySchema = object({
  name: text(COMPANY_LIMITS.name).required(MSG.required),
  type: mixed<CompanyType | ''>()
    .test('required', MSG.required, (v) => typeof v === 'string' && (COMPANY_TYPES as readonly string[]).includes(v))
    .default(''),
  country: string().required(MSG.required).default(''),
  address: text(COMPANY_LIMITS.address),
  state: text(COMPANY_LIMITS.state),
  city: text(COMPANY_LIMITS.city),
  postCode: postCodeRule(V.postCode).default(''),
  contact: text(COMPANY_LIMITS.contact),
  contactEmail: emailRule().notRequired().default(''),
  contactNumber: genericPhoneRule().default(''),
  orgCode: companyIdRule(V.orgCode, COMPANY_LIMITS.orgCode).default(''),
  website: urlRule(V.website).default(''),
  comment: text(COMPANY_LIMITS.comment),
});

export type CompanyFormValues = {
  [K in keyof InferType<typeof companySchema>]: string;
};

export const EMPTY_COMPANY: CompanyFormValues = {
  name: '', type: '', country: '', address: '', state: '', city: '', postCode: '', contact: '', contactEmail: '', contactNumber: '', orgCode: '', website: '', comment: '',
};

/** The form's values for an existing company (nulls become empty fields). */
export function formValuesOf(company: Company): CompanyFormValues {
  const out = { ...EMPTY_COMPANY };
  for (const key of Object.keys(EMPTY_COMPANY) as Array<keyof CompanyFormValues>) out[key] = (company[key] as string | null) ?? '';
  return out;
}

/** The request body: trimmed values, empty optional fields as null. */
export function companyInputOf(values: CompanyFormValues, licenseFileId: string | null): CompanyInput {
  const opt = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    name: values.name.trim(),
    type: values.type as CompanyType,
    country: values.country,
    address: opt(values.address),
    state: opt(values.state),
    city: opt(values.city),
    postCode: opt(values.postCode),
    contact: opt(values.contact),
    contactEmail: opt(values.contactEmail),
    contactNumber: opt(values.contactNumber),
    orgCode: opt(values.orgCode),
    website: opt(values.website),
    comment: opt(values.comment),
    businessLicenseFileId: licenseFileId,
  };
}
