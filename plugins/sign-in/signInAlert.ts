import { type ApiError, ERROR_CODES, type FailedLoginResult, type InviteGuardReason, type PluginOffResult, renewedSessionCode } from '@portal/plugin-api';

/**
 * What the form says after a failed sign-in (spec section 8, sign-in error behaviour). Kept
 * as data and worded at render time, so a language switch re-words it.
 */
export type SignInAlert =
  | { kind: 'wrongCredentials'; remainAttempts: number | null }
  | { kind: 'lastAttempt'; lockedMinutes: number }
  | { kind: 'message'; error: ApiError; tone: 'error' | 'info' }
  /** The account has two-step verification, and the deployment turns its methods off in the account's region (403 -19999, plugin mfa). */
  | { kind: 'secondFactorOff' }
  | { kind: 'activated' }
  /** The page was open longer than its login session lived: what was typed is kept, the next submit goes on (issue 27). */
  | { kind: 'pageExpired' }
  | { kind: 'activationFailed' }
  /** An invitation link that cannot register (spec section 2): the reason, where it ended up. */
  | { kind: 'invite'; reason: InviteGuardReason }
  /** The account's company signs its members in at its own provider (-20690): named, with the way there. */
  | { kind: 'enterpriseRequired'; company: string }
  /** The ID was closed by its person and waits for its erasure (-20213 `reason: 'closed'`): the mailed link restores it. */
  | { kind: 'closed' };

export type SignInOutcome =
  | { alert: SignInAlert }
  | { goTo: 'locked'; lockedMinutes: number | null }
  | { goTo: 'email' }
  | { restart: true }
  /** The login session expired unused and the server renewed it: this code from now on. */
  | { renewed: string }
  /** The browser is signed in already (-29999): on to where it was going, as the login page's guard does. */
  | { continueSignedIn: true }
  | null;

function failedLogin(error: ApiError): Partial<FailedLoginResult> {
  return (error.result as Partial<FailedLoginResult> | undefined) ?? {};
}

/** Decide the page-level reaction to a sign-in error no interrupt took; null: default handling. */
export function signInOutcome(error: ApiError): SignInOutcome {
  switch (error.code) {
    case ERROR_CODES.wrongCredentials: {
      const { remainAttempts, lockedMinutes } = failedLogin(error);
      if (typeof remainAttempts !== 'number') return { alert: { kind: 'wrongCredentials', remainAttempts: null } };
      if (remainAttempts <= 0) return { goTo: 'locked', lockedMinutes: lockedMinutes ?? null };
      if (remainAttempts === 1) return { alert: { kind: 'lastAttempt', lockedMinutes: lockedMinutes ?? 0 } };
      return { alert: { kind: 'wrongCredentials', remainAttempts } };
    }
    case ERROR_CODES.accountLocked:
    case ERROR_CODES.tooManyRequests:
      return { goTo: 'locked', lockedMinutes: failedLogin(error).lockedMinutes ?? null };
    case ERROR_CODES.notActivated:
      return { goTo: 'email' };
    case ERROR_CODES.tokenExpired: {
      const fresh = renewedSessionCode(error);
      return fresh ? { renewed: fresh } : { restart: true };
    }
    case ERROR_CODES.regionUnavailable:
      // The server never lets such an account in on its password alone (fail closed): say why, in the form.
      return (error.result as Partial<PluginOffResult> | undefined)?.plugin === 'mfa' ? { alert: { kind: 'secondFactorOff' } } : { alert: { kind: 'message', error, tone: 'error' } };
    case ERROR_CODES.enterpriseSignInRequired: {
      const company = (error.result as { company?: unknown } | undefined)?.company;
      return typeof company === 'string' && company ? { alert: { kind: 'enterpriseRequired', company } } : { alert: { kind: 'message', error, tone: 'error' } };
    }
    case ERROR_CODES.accountError:
      return (error.result as { reason?: unknown } | undefined)?.reason === 'closed' ? { alert: { kind: 'closed' } } : { alert: { kind: 'message', error, tone: 'error' } };
    case ERROR_CODES.loginSessionExists:
      // Said as information while the page goes on: shown alone it was a dead end (issue 27).
      return { continueSignedIn: true };
    case ERROR_CODES.rateLimited:
    case ERROR_CODES.accountNotExist:
    case ERROR_CODES.needMergeOrMigrate:
    case ERROR_CODES.regionRequired:
    case ERROR_CODES.mfaRequired:
    case ERROR_CODES.captchaRequired:
    case ERROR_CODES.privacyPolicyUpdate:
      // Without the plugin that handles the step, say what the server asked for.
      return { alert: { kind: 'message', error, tone: 'error' } };
    default:
      return null;
  }
}
