import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionCodeOf, useErrorHandler, useHttp, useLoginPage } from '@portal/plugin-api';
import { isRefusedPasskey, loginPasskeyApi } from './api';
import { ceremonyProblem, type CeremonyProblem, problemText } from './problems';

/** How a passkey attempt on the login page ended, when it did not sign in: what PasskeyAction says. */
export type PasskeyOutcome = CeremonyProblem | 'refused' | null;

/** The texts of the place the passkey button sits in: the sign-in form, the MFA step beside a code, or alone. */
export type PasskeyPlace = 'signIn' | 'mfa' | 'mfaAlone';

/**
 * What a passkey ceremony on the login page needs (the sign-in method and the second factor): the
 * session's passkey calls, the last attempt's outcome and its sentence, and `report`, which turns a
 * failed attempt into that outcome (cancelled, why the browser refused, or a passkey the server
 * refused) or hands any other error to the page.
 */
export function usePasskeyLogin(place: PasskeyPlace) {
  const http = useHttp();
  const page = useLoginPage();
  const handleError = useErrorHandler();
  const { t } = useTranslation('passkeys');
  const api = useMemo(() => loginPasskeyApi(http, () => sessionCodeOf(page.query)), [http, page.query]);
  const [outcome, setOutcome] = useState<PasskeyOutcome>(null);
  const report = (error: unknown) => {
    const problem = ceremonyProblem(error);
    if (problem) setOutcome(problem);
    else if (isRefusedPasskey(error)) setOutcome('refused');
    else handleError(error);
  };
  const outcomeText = outcome === null ? '' : outcome === 'cancelled' || outcome === 'refused' ? t(`${place}.${outcome}`) : problemText(t, outcome);
  return { api, outcome, outcomeText, setOutcome, report };
}
