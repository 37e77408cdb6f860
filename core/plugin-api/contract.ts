/** The API contract (request and response types, error codes, shared constants): pure, so a plugin's `config.ts` may use it too. */
export * from '../contract/account';
export * from '../contract/api';
export * from '../contract/auth';
export * from '../contract/captcha';
export * from '../contract/company';
export * from '../contract/errorCodes';
export * from '../contract/headers';
export * from '../contract/migration';
export * from '../contract/partnerApp';
export * from '../contract/regions';
export * from '../contract/secondFactorExtras';
export * from '../contract/security';
export * from '../contract/securityEvents';
export * from '../contract/signInProblem';
export * from '../contract/passkeys';
export * from '../contract/userAgent';
export * from '../contract/ops';
