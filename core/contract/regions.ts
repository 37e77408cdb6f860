/** Data regions of spec section 1: us-east-1, ap-southeast-1, eu-west-1. */
export const REGION_CODES = ['Use', 'Aps', 'Euw'] as const;
/** One of REGION_CODES: Use, Aps, Euw. */
export type RegionCode = (typeof REGION_CODES)[number];

/** Whether `value` is one of REGION_CODES. */
export function isRegionCode(value: unknown): value is RegionCode {
  return typeof value === 'string' && (REGION_CODES as readonly string[]).includes(value);
}
