/**
 * Beyond the spec (issue 18): recovery codes and trusted devices, the second factor's fallbacks.
 * Paths are relative to the API base of the account's region.
 */

/** How many codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

/** `GET /account/{id}/recovery-codes`: the set's state, never the codes. */
export interface RecoveryCodesStatus {
  /** When the current set was made; null: none yet. */
  generatedAt: number | null;
  remaining: number;
  total: number;
}

/** `POST /account/{id}/recovery-codes` (Security-Token): a new set, shown this once; the old set stops working. */
export interface RecoveryCodesResult {
  /** Formatted `xxxx-xxxx-xx`; case, spaces and dashes do not matter when typed back. */
  codes: string[];
  generatedAt: number;
}

/** A browser that skips the second factor for this account until `expiresAt`. */
export interface TrustedDeviceInfo {
  deviceId: string;
  /** The browser asking holds this device's cookie. */
  current: boolean;
  createdAt: number;
  lastUsedAt: number;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
}

/** `GET /account/{id}/trusted-devices`. */
export interface TrustedDevicesResult {
  devices: TrustedDeviceInfo[];
}

/** `POST /account/{id}/trusted-devices/revoke {deviceIds?}` (Security-Token): none listed revokes all. */
export interface RevokeTrustedDevicesRequest {
  deviceIds?: string[];
}
/** `result` of forgetting trusted browsers: the ids forgotten. */
export interface RevokeTrustedDevicesResult {
  revoked: string[];
}
