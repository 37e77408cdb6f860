import { useState } from 'react';
import { useHttp } from '../app/context';
import type { MailSentResult } from '../contract/account';
import type { RateLimitedResult } from '../contract/auth';
import { isAbortError, toApiError, type ApiError } from '../http/ApiError';
import { currentLanguage } from '../i18n/i18n';
import { useCountdown, type Countdown } from '../ui/countdown';
import { forgetMailLinkToken } from './mailLink';
import type { EmailSentData, LoginPageServices } from './types';

export interface RenewMailLinkOptions {
  /** The call that mails a fresh link for the old token ('/activations/renew', '/password-reset/renew'). */
  path: string;
  purpose: EmailSentData['purpose'];
  token: string | null;
  goTo: LoginPageServices['goTo'];
  /** The code that means "wait before another mail", and the wait when the answer names none. */
  waitCode: number;
  waitSeconds: number;
  /** An answer the page handles itself (the link's state changed); true when it did. */
  onRefused?: (error: ApiError) => boolean;
}

export interface RenewMailLink {
  renew: () => Promise<void>;
  sending: boolean;
  failure: ApiError | null;
  wait: Countdown;
}

/**
 * "Send me a new link" on the page a mailed link opened: one call with the old token, then the
 * email-sent view; a mail wait starts the countdown; any other refusal stays on the page.
 */
export function useRenewMailLink({ path, purpose, token, goTo, waitCode, waitSeconds, onRefused }: RenewMailLinkOptions): RenewMailLink {
  const http = useHttp();
  const wait = useCountdown();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);

  const renew = async () => {
    if (!token) return;
    setSending(true);
    setFailure(null);
    try {
      const sent = await http.post<MailSentResult>(path, { token, language: currentLanguage() }, { auth: 'none' });
      forgetMailLinkToken();
      goTo('email', { email: sent.email, purpose, resendAfterSeconds: sent.resendAfterSeconds } satisfies EmailSentData);
    } catch (error) {
      if (isAbortError(error)) return;
      const apiError = toApiError(error);
      if (apiError.code === waitCode) wait.start((apiError.result as Partial<RateLimitedResult> | undefined)?.retryAfterSeconds ?? waitSeconds);
      else if (!onRefused?.(apiError)) setFailure(apiError);
    } finally {
      setSending(false);
    }
  };

  return { renew, sending, failure, wait };
}
