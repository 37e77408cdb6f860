import type { MfaRequiredResult } from '@portal/plugin-api';

/**
 * At most this many unused codes is "few": the Security card suggests a new set, and the sign-in
 * step warns when the code being typed would leave this many or fewer (the card says so next).
 */
export const FEW_CODES = 3;

/** The unused codes a -20677 challenge counts; anything but a whole positive number is none. */
export function codesLeft(challenge: Pick<MfaRequiredResult, 'recoveryCodes'>): number {
  const count = challenge.recoveryCodes;
  return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 0;
}
