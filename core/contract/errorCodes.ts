/**
 * Every error code of spec section 8, by name. The reference server returns only these;
 * the SPA maps them to messages (code → catalogue text, else the server message).
 */
export const ERROR_CODES = {
  // generic unexpected exception
  unexpected1: -1,
  unexpected2: -2,
  unexpected4: -4,
  unexpected21: -21,
  unexpected: -10000,
  unexpected10015: -10015,

  needMergeOrMigrate: -6,
  regionRequired: -9,
  registerFailed: -3020,
  serviceRegionFailed: -3041,
  invalidPasswordFormat: -3063,
  invalidPasswordFormat2: -20615,
  samePassword: -3064,
  /** Not in spec section 8: the new password is on the common-password list (server/domain/commonPasswords.ts). */
  commonPassword: -3065,
  regionCodeInvalid: -3069,
  regionCodeInvalid2: -3085,
  regionCodeInvalid3: -20206,
  userNotExistOnReset: -3086,
  auditLogUserNotExist: -20652,

  // OAuth-like errors
  invalidClientOrRedirect: -3087,
  unsupportedResponseType: -3088,
  unsupportedScope: -3089,
  invalidClient: -3090,
  invalidCode: -3091,
  unauthorized: -3092,

  resetMailFailed: -5001,
  badRequest: -10010,
  invalidParameter: -10020,
  invalidParameter2: -20107,
  privacyPolicyUpdate: -10999,
  avatarNameTooLong: -11000,
  avatarTooLarge: -11001,
  avatarSaveFailed: -11002,
  resetMailWait: -11021,
  regionUnavailable: -19999,
  accountLocked: -20004,
  tooManyRequests: -20661,
  invalidEmail: -20200,
  invalidProductLine: -20207,
  invalidTheme: -20208,
  invalidServiceUrl: -20212,
  accountError: -20213,
  tokenFailure: -20214,
  encodeUrlFailure: -20301,
  accountNotExist: -20600,
  wrongCredentials: -20601,
  notActivated: -20602,
  alreadyActivated: -20623,
  mfaCodeError: -20607,
  invalidNickname: -20620,
  userExists: -20621,
  invalidToken: -20651,
  auditLogException: -20653,
  certifiedOrgReadOnly: -20654,
  deviceLocked: -20662,
  verificationCodeInvalid: -20676,
  mfaRequired: -20677,
  tokenExpired: -20679,
  mfaProcessMissing: -20681,
  mfaTypeEnabled: -20682,
  mfaTypeDisabled: -20683,
  mfaTooManyWrong: -20684,
  totpSecretExpired: -20686,
  totpSecretMissing: -20687,
  captchaRequired: -23029,
  /**
   * Not in spec section 8: the account's company signs its members in at its own identity provider
   * (enterprise-sso plugin); a password or mailed code is refused, the result names the company.
   */
  enterpriseSignInRequired: -20690,
  loginSessionExists: -29999,

  orgDuplicate: -40000,
  orgTooMany: -40001,
  orgMissing: -40002,
  licenseTooLarge: -40003,
  licenseSaveFailed: -40004,
  permissionDenied: -40005,
  orgUnverified: -40006,
  alreadyInOrg: -40007,
  alreadyApplying: -40008,
  applicationMissing: -40009,
  orgBusy: -40010,
  alreadyInvited: -40011,
  invitationInvalid: -40012,
  reinviteTooSoon: -40013,
  inviteOtherRegion: -40014,
  invitationMailFailed: -40015,
  previouslyInvited: -40016,
  orgNotInRegion: -40018,
  userDailyInvitesExceeded: -40020,
  inviteWait7Days: -40021,
  orgDailyInvitesExceeded: -40022,
  xssInRequest: -40023,
  conflictUnmergedAccounts: -40024,
  conflictRegionUnconfirmed: -40025,
  conflictProfileIncomplete: -40026,
  licenseNameTooLong: -40027,
  /** Not in spec section 8: a company's identity provider could not be reached or read (enterprise-sso plugin). */
  identityProviderFailed: -40030,
  /** Not in spec section 8: the domain's DNS record proving the company owns it was not found. */
  domainNotProven: -40031,
  /** Not in spec section 8: another company has claimed this domain. */
  domainClaimed: -40032,
  rateLimited: -60001,
} as const;

/** The name of an error code in ERROR_CODES. */
export type ErrorCodeName = keyof typeof ERROR_CODES;
/** An error code of the catalogue (ERROR_CODES). */
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeName];

const KNOWN: ReadonlySet<number> = new Set(Object.values(ERROR_CODES));
/** Whether `code` is one of the catalogue's (ERROR_CODES). */
export function isKnownErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'number' && KNOWN.has(code);
}
