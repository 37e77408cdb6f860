/**
 * What an invitation told us (spec section 3: invitedEmail, inviteCode, orgRegion, status),
 * kept for the tab so the /login guard lets an invited registration through.
 */
export interface InviteInfo {
  invitedEmail: string;
  inviteCode: string;
  orgRegion: string;
  status: string;
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
      ? { invitedEmail: value.invitedEmail, inviteCode: value.inviteCode, orgRegion: String(value.orgRegion ?? ''), status: String(value.status ?? '') }
      : null;
  } catch {
    return null;
  }
}

export function clearInvite(): void {
  sessionStorage.removeItem(KEY);
}
