import type { Member, MemberRole } from '@portal/plugin-api';

/** Spec section 6 as the server enforces it (server/companies.ts); the UI only hides what would fail with -40005. */
export const isManager = (role: MemberRole): boolean => role === 'owner' || role === 'admin';

/** Roles `me` may give when inviting or accepting: only the owner grants admin. */
export const grantableRoles = (me: MemberRole): Array<Exclude<MemberRole, 'owner'>> => (me === 'owner' ? ['admin', 'member'] : me === 'admin' ? ['member'] : []);

/** Whether `me` may change the role of / remove `target`: never the owner; admins only plain members. */
export function canManage(me: MemberRole, target: Member): boolean {
  if (target.role === 'owner') return false;
  if (me === 'owner') return true;
  return me === 'admin' && target.role === 'member';
}

/** Role changes `me` may make to `target`; the owner may also hand ownership to an active member. */
export function roleChoices(me: MemberRole, target: Member): MemberRole[] {
  if (!canManage(me, target)) return [];
  if (me === 'owner') return target.status === 'active' && target.accountId ? ['owner', 'admin', 'member'] : ['admin', 'member'];
  return ['member'];
}

/** Unverified and expired invitations can be sent again. */
export const canReinvite = (me: MemberRole, target: Member): boolean => isManager(me) && target.status !== 'active' && canManage(me, target);
