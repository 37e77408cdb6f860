import { useTheme } from '@emotion/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInMethodProps, WebAuthnJson } from '@portal/plugin-api';
import { webAuthnAvailable } from './api';
import { autofillAvailable, cancelCeremony, getAssertion } from './ceremonies';
import { PasskeyAction } from './PasskeyAction';
import { usePasskeyLogin } from './usePasskeyLogin';

/**
 * "Sign in with a passkey" under the sign-in form: no address needed (the browser offers the
 * site's passkeys), and the same passkeys in the email field's autofill where the browser can.
 * The verified passkey's proof then signs in through the form's own call (SignInMethodProps).
 */
export default function PasskeySignIn({ signIn, busy }: SignInMethodProps) {
  const theme = useTheme();
  const { t } = useTranslation('passkeys');
  const { api, outcome, outcomeText, setOutcome, report } = usePasskeyLogin('signIn');
  const [waiting, setWaiting] = useState(false);
  // A new autofill request after each modal attempt (the attempt cancelled the one before).
  const [round, setRound] = useState(0);
  const supported = webAuthnAvailable();

  const finish = async (assertion: WebAuthnJson) => {
    const proof = await api.verify({ response: assertion });
    await signIn({ email: proof.email, passkeyProof: proof.passkeyProof });
  };

  const onAutofill = useEffectEvent(async (assertion: WebAuthnJson) => {
    setOutcome(null);
    setWaiting(true);
    try {
      await finish(assertion);
    } catch (error) {
      report(error);
    } finally {
      setWaiting(false);
    }
  });

  useEffect(() => {
    if (!supported) return;
    let stopped = false;
    void (async () => {
      if (!(await autofillAvailable()) || stopped) return;
      let assertion: WebAuthnJson;
      try {
        const { options } = await api.options();
        if (stopped) return;
        assertion = await getAssertion(options, true);
      } catch {
        return; // cancelled by a click or by leaving; a failed options call leaves the button to try
      }
      if (!stopped) await onAutofill(assertion);
    })();
    return () => {
      stopped = true;
      void cancelCeremony();
    };
  }, [api, supported, round]);

  const start = async () => {
    setOutcome(null);
    setWaiting(true);
    try {
      const { options } = await api.options();
      await finish(await getAssertion(options));
    } catch (error) {
      report(error);
    } finally {
      setWaiting(false);
      setRound((r) => r + 1);
    }
  };

  if (!supported) return null;
  return (
    // Padding, not margin: the sign-in form keeps the block's whole height free while it starts.
    <div css={{ paddingTop: theme.space(4) }}>
      <div aria-hidden="true" css={{ display: 'flex', alignItems: 'center', gap: theme.space(3), color: theme.colors.textMuted, fontSize: theme.font.sizeSm, marginBottom: theme.space(4), '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${theme.colors.border}` } }}>
        {t('signIn.or')}
      </div>
      <PasskeyAction
        label={t('signIn.button')}
        loading={waiting}
        disabled={busy && !waiting}
        onClick={() => void start()}
        outcome={outcome}
        outcomeText={outcomeText}
      />
    </div>
  );
}
