/**
 * What an invitation told us (spec section 3: invitedEmail, inviteCode, orgRegion, status),
 * kept for the tab so the /login guard lets an invited registration through.
 */
export interface InviteInfo {
  invitedEmail: string;
  inviteCode: string;
  orgRegion: string;
  status: string;
  /** The organization's registration country/region (in orgRegion): the invited registration's, locked. */
  orgCountry?: string;
}

const KEY = 'uid.invite';

export function saveInvite(invite: InviteInfo): void {
  sessionStorage.setItem(KEY, JSON.stringify(invite));
}

export function loadInvite(): InviteInfo | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<InviteInfo>;
    return typeof value.invitedEmail === 'string' && typeof value.inviteCode === 'string'
      ? {
          invitedEmail: value.invitedEmail,
          inviteCode: value.inviteCode,
          orgRegion: String(value.orgRegion ?? ''),
          status: String(value.status ?? ''),
          ...(typeof value.orgCountry === 'string' && value.orgCountry ? { orgCountry: value.orgCountry } : {}),
        }
      : null;
  } catch {
    return null;
  }
}

export function clearInvite(): void {
  sessionStorage.removeItem(KEY);
}

/**
 * Why an invitation link ended on the sign-in page instead (spec section 2: an invalid or missing
 * invite code, or an invitation no longer open for registration, returns to sign-in):
 * `unavailable` when the look-up itself failed (network, server), not the code.
 */
export type InviteRefusal = 'missing' | 'invalid' | 'registered' | 'accepted' | 'unavailable';

// In memory, for the one page the user lands on: the URL becomes a plain /login, and a reload
// (or a later visit) shows plain sign-in.
let refusal: InviteRefusal | null = null;

/** The /login guard or the invite page says why the invitation link shows sign-in. */
export function refuseInvite(reason: InviteRefusal): void {
  refusal = reason;
}

/** What the sign-in page shows, until `clearInviteRefusal()` (on showing it). */
export function inviteRefusal(): InviteRefusal | null {
  return refusal;
}

export function clearInviteRefusal(): void {
  refusal = null;
}
