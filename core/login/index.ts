/** The login page contract shared by the login plugins (they never import each other). */
export * from './types';
export * from './mfaStepParts';
export { LoginPageContext, useLoginPage } from './LoginPageContext';
export { findInterrupt, useInterruptibleCall, type InterruptibleCall, type InterruptibleCallOptions } from './useInterruptibleCall';
export { fetchAllowList, handOffUrl, signedInDestination, type SignedInDestination } from './handOff';
export { formatLockDuration, type LockDuration } from './lockDuration';
export { CARRIED_PARAMS, carryLoginParams, takeCarriedLoginParams } from './carry';
export { forgetMailLinkToken, mailLinkToken, signInAfterMailLink } from './mailLink';
export { forgetSessionCodeRenewals, renewedSessionCode, renewSessionCode, sessionCodeOf } from './sessionCode';
export { activationMailSent } from './notActivated';
