import type { NotActivatedResult } from '../contract/auth';
import type { ApiError } from '../http/ApiError';
import type { EmailSentData } from './types';

/**
 * The email-sent view's data after -20602 (not activated) from sign-in or registration: whether
 * this call mailed a link, and when Resend can send one. Inside the wait no mail went out (the
 * earlier one still works): the view must not say "we sent" then, and counts down what is left.
 */
export function activationMailSent(email: string, error: ApiError): EmailSentData {
  const result = (error.result ?? {}) as Partial<NotActivatedResult>;
  const wait = result.resendAfterSeconds;
  return {
    email,
    purpose: 'activation',
    ...(typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? { resendAfterSeconds: Math.ceil(wait) } : {}),
    ...(result.mailSent === false ? { mailSent: false } : {}),
  };
}
