/**
 * The sign-in with another provider's proof (`POST /login` with `externalProof`), as the views that
 * come back from a provider make it (a company's directory, a social provider): through the form's
 * own call, so the second factor, region and policy steps follow as after a password; then the
 * hand-off. A spent or expired proof is the view's to say; any other refusal is its problem to show.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortal } from '../app/context';
import type { LoginRequest, LoginResult } from '../contract/auth';
import { ERROR_CODES } from '../contract/errorCodes';
import type { ApiError } from '../http/ApiError';
import { currentLanguage } from '../i18n/i18n';
import { toast } from '../ui/toastStore';
import { handOffAfterSignIn } from './handOff';
import { forgetMailLinkToken } from './mailLink';
import { type InterruptibleCall, useInterruptibleCall } from './useInterruptibleCall';

/** What the view gives: the proof, its login session's code, and where the two kinds of failure go. */
export interface ExternalProofSignInOptions {
  proof: string | null;
  sessionCode: string | null;
  /** The proof is spent or expired (-20651, -20679): no sign-in can come of it any more. */
  onSpent(): void;
  /** Any other refusal, to show above the view's button. */
  onProblem(error: ApiError): void;
}

/** The call (`start({ email })`, or with the password that links the identity) and whether the hand-off runs. */
export interface ExternalProofSignIn {
  call: InterruptibleCall<{ email: string; password?: string }>;
  handingOff: boolean;
}

/** The sign-in with the proof, ready for the view to start. */
export function useExternalProofSignIn({ proof, sessionCode, onSpent, onProblem }: ExternalProofSignInOptions): ExternalProofSignIn {
  const { t } = useTranslation(['core']);
  const { http, config } = usePortal();
  const [handingOff, setHandingOff] = useState(false);
  const call = useInterruptibleCall<{ email: string; password?: string }, LoginResult>({
    call: 'signIn',
    exec: (form, extra) => {
      const body: LoginRequest & Record<string, unknown> = { ...form, externalProof: proof ?? '', language: currentLanguage(), ...extra };
      return http.post<LoginResult>('/login', body, { auth: 'none', headers: sessionCode ? { session_code: sessionCode } : undefined });
    },
    onSuccess: async (result) => {
      forgetMailLinkToken();
      setHandingOff(true);
      if (!(await handOffAfterSignIn(result, http, config))) {
        setHandingOff(false);
        toast(t('errors.invalidServiceUrl'), 'error');
      }
    },
    onError: (error) => {
      if (error.code === ERROR_CODES.invalidToken || error.code === ERROR_CODES.tokenExpired) {
        forgetMailLinkToken();
        onSpent();
        return true;
      }
      onProblem(error);
      return true;
    },
  });
  return { call, handingOff };
}
