/** The company calls of spec section 7, typed with the shared contract. All on the account's regional host. */
import type {
  ApplicationsResult,
  ApplicationStatusRequest,
  Company,
  CompanyInput,
  CompanySearchResult,
  CompanySummary,
  CompanyUpdate,
  ConflictInfoResult,
  HttpClient,
  InviteRequest,
  InviteResult,
  LicenseUploadResult,
  MemberDeleteRequest,
  MemberRequest,
  MembersResult,
  MyCompaniesResult,
  ReinviteRequest,
} from '@portal/plugin-api';
import type { LicenseFileRef } from './licenseFile';

const R = { scope: 'regional' } as const;
const id = (value: string) => encodeURIComponent(value);

export const companyApi = (http: HttpClient) => ({
  /** Whether the account may create or join a company at all (-40024..-40026 otherwise). */
  conflictInfo: (email: string) => http.post<ConflictInfoResult>('/accounts/conflictInfo', { email }, R),
  mine: (accountId: string) => http.get<MyCompaniesResult>(`/accounts/${id(accountId)}/orgs`, R),
  create: (input: CompanyInput) => http.post<Company>('/orgs', input, R),
  update: (input: CompanyUpdate) => http.put<Company>('/orgs', input, R),
  uploadLicense: (file: Blob, md5: string, fileName: string) => {
    const form = new FormData();
    form.append('md5', md5);
    form.append('fileName', fileName);
    form.append('file', file, fileName);
    return http.post<LicenseUploadResult>('/orgs/businessLicense', undefined, { ...R, form });
  },
  /** A business licence file with the access token (members and the uploader only). */
  licenseFile: (file: LicenseFileRef) =>
    http.get<Blob>(`/files/${file.region.toLowerCase()}/${id(file.fileId)}`, { scope: 'regional', region: file.region, responseType: 'blob' }),
  byCode: (code: string) => http.get<CompanySummary>(`/orgs/orgCode/${id(code)}`, R),
  search: (term: string) => http.get<CompanySearchResult>(`/orgs/search/${id(term)}`, R),
  apply: (orgId: string) => http.post<{ applicationId: string }>('/orgs/members/applications', { orgId }, R),
  members: (orgId: string) => http.get<MembersResult>(`/orgs/${id(orgId)}/members`, R),
  changeRole: (orgId: string, body: MemberRequest) => http.put<unknown>(`/orgs/${id(orgId)}/members`, body, R),
  remove: (orgId: string, body: MemberDeleteRequest) => http.delete<unknown>(`/orgs/${id(orgId)}/members`, body, R),
  invite: (orgId: string, body: InviteRequest) => http.post<InviteResult>(`/orgs/${id(orgId)}/members/invitations`, body, R),
  reinvite: (orgId: string, body: ReinviteRequest) => http.post<unknown>(`/orgs/${id(orgId)}/members/reinvitation`, body, R),
  applications: (orgId: string) => http.post<ApplicationsResult>(`/orgs/${id(orgId)}/members/unaudited`, undefined, R),
  decide: (orgId: string, body: ApplicationStatusRequest) => http.post<unknown>(`/orgs/${id(orgId)}/members/applications/status`, body, R),
});
export type CompanyApi = ReturnType<typeof companyApi>;
