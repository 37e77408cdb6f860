import { useMemo, useState } from 'react';
import { sessionCodeOf, useErrorHandler, useHttp, useLoginPage } from '@portal/plugin-api';
import { isCancelled, isRefusedPasskey, loginPasskeyApi } from './api';

/** How a passkey attempt on the login page ended, when it did not sign in: what PasskeyAction says. */
export type PasskeyOutcome = 'cancelled' | 'refused' | null;

/**
 * What a passkey ceremony on the login page needs (the sign-in method and the second factor): the
 * session's passkey calls, the last attempt's outcome, and `report`, which turns a failed attempt into
 * that outcome (cancelled, or a passkey the server refused) or hands any other error to the page.
 */
export function usePasskeyLogin() {
  const http = useHttp();
  const page = useLoginPage();
  const handleError = useErrorHandler();
  const api = useMemo(() => loginPasskeyApi(http, () => sessionCodeOf(page.query)), [http, page.query]);
  const [outcome, setOutcome] = useState<PasskeyOutcome>(null);
  const report = (error: unknown) => {
    if (isCancelled(error)) setOutcome('cancelled');
    else if (isRefusedPasskey(error)) setOutcome('refused');
    else handleError(error);
  };
  return { api, outcome, setOutcome, report };
}
