import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice, type SecondFactorMethodProps } from '@portal/plugin-api';
import { webAuthnAvailable } from './api';
import { getAssertion } from './ceremonies';
import { PasskeyAction } from './PasskeyAction';
import { usePasskeyLogin } from './usePasskeyLogin';

/**
 * "Use a passkey instead" on the MFA step, when the server says the account has one: a passkey of
 * that account (only its own are offered) passes the step in place of a code. In the
 * passkey-alone step (no code method) it is the step's one action: "Confirm with a passkey".
 */
export default function PasskeySecondFactor({ result, retry }: SecondFactorMethodProps) {
  const theme = useTheme();
  const { t } = useTranslation('passkeys');
  // The step's one method says neither "instead" nor "or enter a code".
  const alone = result.supportedMFATypes.length === 0;
  const texts = alone ? 'mfaAlone' : 'mfa';
  const { api, outcome, outcomeText, setOutcome, report } = usePasskeyLogin(texts);
  const [busy, setBusy] = useState(false);

  if (result.passkey !== true) return null;
  if (!webAuthnAvailable()) {
    // Beside a code form nothing is lost; as the step's one way on, the person must hear why there is none.
    return alone ? (
      <div css={{ marginTop: theme.space(4) }}>
        <Notice kind="warning" role="status">
          {t('mfaAlone.unavailable')}
        </Notice>
      </div>
    ) : null;
  }
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
      <PasskeyAction label={t(`${texts}.button`)} loading={busy} onClick={() => void start()} outcome={outcome} outcomeText={outcomeText} />
    </div>
  );
}
