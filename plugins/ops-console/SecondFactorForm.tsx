import { useTheme } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Notice, TextField, type WebAuthnJson } from '@portal/plugin-api';
import type { OpsFactor, OpsFactorProof } from './contract';
import { consoleError } from './messages';
import { askPasskey, promptClosed } from './webauthn';

export interface SecondFactorFormProps {
  methods: readonly OpsFactor[];
  /** The passkey's options (a new challenge each time it is asked). */
  passkeyOptions(): Promise<WebAuthnJson>;
  submit(proof: OpsFactorProof): Promise<void>;
}

/** A passkey button and an authenticator app's code, whichever the operator has; one error line for both. */
export function SecondFactorForm({ methods, passkeyOptions, submit }: SecondFactorFormProps) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-console', 'core']);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<OpsFactor | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  async function run(kind: OpsFactor, proof: () => Promise<OpsFactorProof>) {
    setBusy(kind);
    setError(null);
    try {
      await submit(await proof());
    } catch (err) {
      if (!promptClosed(err)) setError(consoleError(err, t));
      else setError(t('ops-console:passkeyClosed'));
    } finally {
      setBusy(null);
    }
  }

  function onCode(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('ops-console:codeRule'));
      return;
    }
    setCodeError(null);
    void run('totp', async () => ({ type: 'totp', code }));
  }

  return (
    <div css={{ display: 'grid', gap: theme.space(4) }}>
      {error && (
        <Notice kind="error" role="alert">
          {error}
        </Notice>
      )}
      {methods.includes('passkey') && (
        <Button fullWidth loading={busy === 'passkey'} disabled={busy !== null} onClick={() => void run('passkey', async () => ({ type: 'passkey', response: await askPasskey(await passkeyOptions()) }))}>
          {t('ops-console:usePasskey')}
        </Button>
      )}
      {methods.includes('totp') && (
        <form onSubmit={onCode} noValidate css={{ display: 'grid', gap: theme.space(3) }}>
          <TextField
            label={t('ops-console:code')}
            hint={t('ops-console:codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={codeError ?? undefined}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" variant={methods.includes('passkey') ? 'secondary' : 'primary'} fullWidth loading={busy === 'totp'} disabled={busy !== null}>
            {t('ops-console:verify')}
          </Button>
        </form>
      )}
    </div>
  );
}
