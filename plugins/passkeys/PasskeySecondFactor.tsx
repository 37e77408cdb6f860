import { useTheme } from '@emotion/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SecondFactorMethodProps, useErrorHandler, useHttp, useLoginPage } from '@portal/plugin-api';
import { isCancelled, isRefusedPasskey, loginPasskeyApi, webAuthnAvailable } from './api';
import { getAssertion } from './ceremonies';
import { PasskeyAction } from './PasskeyAction';

/**
 * "Use a passkey instead" on the MFA step, when the server says the account has one: a passkey of
 * that account (only its own are offered) passes the step in place of a code.
 */
export default function PasskeySecondFactor({ result, retry }: SecondFactorMethodProps) {
  const theme = useTheme();
  const { t } = useTranslation('passkeys');
  const http = useHttp();
  const page = useLoginPage();
  const handleError = useErrorHandler();
  const api = useMemo(() => loginPasskeyApi(http, page.query.get('session_code')), [http, page.query]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<'cancelled' | 'refused' | null>(null);

  if (result.passkey !== true || !webAuthnAvailable()) return null;
  const mfaProcessId = result.MFAProcessId;

  const start = async () => {
    setOutcome(null);
    setBusy(true);
    try {
      const { options } = await api.options({ mfaProcessId });
      const proof = await api.verify({ response: await getAssertion(options), mfaProcessId });
      await retry({ passkeyProof: proof.passkeyProof, mfaProcessId });
    } catch (error) {
      if (isCancelled(error)) setOutcome('cancelled');
      else if (isRefusedPasskey(error)) setOutcome('refused');
      else handleError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div css={{ marginTop: theme.space(4) }}>
      <PasskeyAction label={t('mfa.button')} loading={busy} onClick={() => void start()} outcome={outcome} outcomeText={outcome ? t(`mfa.${outcome}`) : ''} />
    </div>
  );
}
