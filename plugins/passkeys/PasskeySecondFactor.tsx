import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorMethodProps } from '@portal/plugin-api';
import { webAuthnAvailable } from './api';
import { getAssertion } from './ceremonies';
import { PasskeyAction } from './PasskeyAction';
import { usePasskeyLogin } from './usePasskeyLogin';

/**
 * "Use a passkey instead" on the MFA step, when the server says the account has one: a passkey of
 * that account (only its own are offered) passes the step in place of a code.
 */
export default function PasskeySecondFactor({ result, retry }: SecondFactorMethodProps) {
  const theme = useTheme();
  const { t } = useTranslation('passkeys');
  const { api, outcome, setOutcome, report } = usePasskeyLogin();
  const [busy, setBusy] = useState(false);

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
      report(error);
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
