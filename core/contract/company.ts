/** Company calls (spec sections 3, 6 and 7). All live on the account's regional host. */
import type { RegionCode } from './regions';

/** The company types a company may declare. */
export const COMPANY_TYPES = [
  'installer', 'systemIntegrator', 'reseller', 'distributor', 'msp', 'isp', 'retailer', 'etailer', 'endUser', 'consultant',
] as const;
/** One of COMPANY_TYPES. */
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** The roles in a company, most rights first. */
export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;
/** One of MEMBER_ROLES. */
export type MemberRole = (typeof MEMBER_ROLES)[number];
/** A member's state: joined, invited and not yet signed up, or the invitation expired. */
export type MemberStatus = 'active' | 'unverified' | 'expired';

/** Editable company fields (`POST /orgs`, `PUT /orgs` adds id and version). */
export interface CompanyInput {
  name: string;
  type: CompanyType;
  /** Registration country/region, two-letter code. */
  country: string;
  address?: string | null;
  state?: string | null;
  city?: string | null;
  postCode?: string | null;
  contact?: string | null;
  contactEmail?: string | null;
  contactNumber?: string | null;
  /** Organization code (company id), alphanumeric; the server makes one when missing. */
  orgCode?: string | null;
  website?: string | null;
  comment?: string | null;
  /** File id from `POST /orgs/businessLicense`. */
  businessLicenseFileId?: string | null;
}
/** Body of `PUT /orgs`: the fields that change, the company's id and the version read. */
export interface CompanyUpdate extends Partial<CompanyInput> {
  id: string;
  /** Version read with the company; a stale one gives -40010. */
  version?: number;
}

/** A company as `GET /orgs/{id}` returns it. */
export interface Company extends Required<Omit<CompanyInput, 'businessLicenseFileId'>> {
  id: string;
  certified: boolean;
  region: RegionCode;
  ownerAccount: string;
  ownerName: string;
  businessLicense: { fileId: string; fileName: string; url: string } | null;
  version: number;
  createdAt: number;
}
/** `GET /accounts/{id}/orgs`: companies of the account with its role there. */
export interface MyCompany extends Company {
  role: MemberRole;
  joinedAt: number;
}
/** `result` of `GET /accounts/{id}/orgs`: the account's companies and pending applications. */
export interface MyCompaniesResult {
  orgs: MyCompany[];
  /** Pending applications of the account. */
  applications: Array<{ id: string; orgId: string; orgName: string; appliedAt: number }>;
}

/** What anyone may see of a company (`GET /orgs/orgCode/{code}`, `GET /orgs/search/{term}`). */
export interface CompanySummary {
  id: string;
  name: string;
  certified: boolean;
  type: CompanyType;
  country: string;
  city: string | null;
  /** Only for the company's own active members: the code is what lets others find and apply. */
  orgCode?: string;
  region: RegionCode;
}
/** `result` of the company search. */
export interface CompanySearchResult {
  orgs: CompanySummary[];
}

/** `POST /orgs/businessLicense` (multipart: file, md5, fileName). */
export interface LicenseUploadResult {
  fileId: string;
  fileName: string;
  url: string;
}

/** A company member (or invited address) as the members list shows it. */
export interface Member {
  email: string;
  accountId: string | null;
  firstName: string | null;
  lastName: string | null;
  role: MemberRole;
  status: MemberStatus;
  joinedAt: number | null;
  invitedAt: number | null;
}
/** `GET /orgs/{id}/members`. */
export interface MembersResult {
  members: Member[];
}
/**
 * `POST /orgs/{id}/members` (add someone: they are invited and join when they accept), `PUT`
 * (change role).
 */
export interface MemberRequest {
  email: string;
  role: MemberRole;
  region: RegionCode;
  /** POST: the invitation mail's language when the address has no account. */
  language?: string;
}
/** `POST /orgs/{id}/members`: the same for every address, registered or not. */
export interface MemberAddResult {
  email: string;
  role: MemberRole;
  status: 'unverified';
}
/** `DELETE /orgs/{id}/members`. */
export interface MemberDeleteRequest {
  email: string;
  region: RegionCode;
}

/** `POST /orgs/members/applications`. */
export interface ApplyRequest {
  orgId: string;
}
/** An account's application to join a company, as its admins see it. */
export interface Application {
  id: string;
  applicant: { accountId: string; email: string; firstName: string; lastName: string };
  appliedAt: number;
}
/** `POST /orgs/{id}/members/unaudited`: pending applications. */
export interface ApplicationsResult {
  applications: Application[];
}
/** `POST /orgs/{id}/members/applications/status`. */
export interface ApplicationStatusRequest {
  applicationId: string;
  status: 'accepted' | 'rejected';
  /** Role given when accepted (default member). */
  role?: Exclude<MemberRole, 'owner'>;
}

/** `POST /orgs/{id}/members/invitations`. */
export interface InviteRequest {
  emails: string[];
  role: Exclude<MemberRole, 'owner'>;
  region: RegionCode;
  language?: string;
}
/** An address of a batch that was not invited, and why (a code of spec section 8). */
export interface InviteRefusal {
  email: string;
  errorCode: number;
}
/**
 * The addresses invited and those refused. A batch invites every address it can: when some are
 * refused the others are still invited; when every one is refused the call fails with the first
 * refusal's code, and its `result` is an `InviteRefusedResult`.
 */
export interface InviteResult {
  invited: string[];
  refused: InviteRefusal[];
}
/** `result` of a refused invitation: the addresses the server refused, each with why. */
export interface InviteRefusedResult {
  email: string;
  refused: InviteRefusal[];
}
/** `POST /orgs/{id}/members/reinvitation`. */
export interface ReinviteRequest {
  email: string;
  region: RegionCode;
  language?: string;
}

/** Where an invitation stands. */
export type InvitationStatus = 'unregistered' | 'registered' | 'accepted' | 'expired';
/** `GET /orgs/members/invitations/{code}` (no sign-in needed). */
export interface InviteInfo {
  invitedEmail: string;
  inviteCode: string;
  orgRegion: RegionCode;
  status: InvitationStatus;
  /** The organization's registration country/region (in orgRegion): an invited registration's, locked. */
  orgCountry?: string;
  orgId: string;
  orgName: string;
  inviterName: string;
  role: MemberRole;
  expiresAt: number;
}
/** `POST /orgs/members/invitations/status {inviteCode}`: the signed-in invitee joins. */
export interface AcceptInviteRequest {
  inviteCode: string;
}
/** `result` of accepting an invitation: the company joined and the role there. */
export interface AcceptInviteResult {
  orgId: string;
  orgName: string;
  role: MemberRole;
}
