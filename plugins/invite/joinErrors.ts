import type { TFunction } from 'i18next';
import { ERROR_CODES, type InviteInfo } from '@portal/plugin-api';

/**
 * Refusals of a join that another press cannot change (the account's region, its company, its
 * conflicting information, a company gone): the Join button is disabled after them. Anything else
 * (the network, a busy server, another user changing the company) is worth another try.
 */
const FINAL = new Set<number>([
  ERROR_CODES.inviteOtherRegion,
  ERROR_CODES.alreadyInOrg,
  ERROR_CODES.orgMissing,
  ERROR_CODES.conflictUnmergedAccounts,
  ERROR_CODES.conflictRegionUnconfirmed,
  ERROR_CODES.conflictProfileIncomplete,
]);

export const isFinalJoinError = (code: number): boolean => FINAL.has(code);

/**
 * The refusals whose catalogue message speaks to the inviter ("You cannot invite users from other
 * regions"), said to the invitee who reads this page; null where the catalogue's words fit.
 */
export function inviteeMessage(code: number, invite: InviteInfo, t: TFunction<['invite', 'core']>): string | null {
  const company = invite.orgName;
  switch (code) {
    case ERROR_CODES.inviteOtherRegion:
      return t('invite:errors.otherRegion', { company, region: t(`core:regions.${invite.orgRegion}`) });
    case ERROR_CODES.alreadyInOrg:
      return t('invite:errors.alreadyInCompany', { company });
    case ERROR_CODES.orgMissing:
      return t('invite:errors.companyGone', { company });
    default:
      return null;
  }
}
