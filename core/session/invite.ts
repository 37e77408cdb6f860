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

/** Keep the invitation this tab is registering from (session storage). */
export function saveInvite(invite: InviteInfo): void {
  sessionStorage.setItem(KEY, JSON.stringify(invite));
}

/** The invitation this tab is registering from, if any. */
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

/** Forget the invitation this tab was registering from. */
export function clearInvite(): void {
  sessionStorage.removeItem(KEY);
}

/**
 * Why an invitation link ended on the sign-in page instead (spec section 2: an invalid or missing
 * invite code, or an invitation no longer open for registration, returns to sign-in):
 * `unavailable` when the look-up itself failed (network, server), not the code.
 */
export type InviteGuardReason = 'missing' | 'invalid' | 'registered' | 'accepted' | 'unavailable';

const REFUSAL_KEY = 'uid.inviteRefusal';
const REFUSALS: readonly InviteGuardReason[] = ['missing', 'invalid', 'registered', 'accepted', 'unavailable'];

/**
 * The /login guard or the invite page says why the invitation link shows sign-in. Kept for the tab
 * (sessionStorage), not in memory: a bare /login first starts a login session at the authorize
 * entry, a full navigation, before the sign-in page shows.
 */
export function refuseInvite(reason: InviteGuardReason): void {
  sessionStorage.setItem(REFUSAL_KEY, reason);
}

/** What the sign-in page shows, until `clearInviteRefusal()` (on showing it: a reload is plain sign-in). */
export function inviteRefusal(): InviteGuardReason | null {
  const value = sessionStorage.getItem(REFUSAL_KEY);
  return REFUSALS.find((r) => r === value) ?? null;
}

/** Forget why the last invitation was refused. */
export function clearInviteRefusal(): void {
  sessionStorage.removeItem(REFUSAL_KEY);
}
