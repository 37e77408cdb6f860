import { useTheme } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Notice, TextField, type PasskeyOptionsResult } from '@portal/plugin-api';
import { useOps } from './api';
import { OPS_CALLS as C, type OperatorMe, type OpsFactor, type OpsFactorProof, type OpsSignInStep } from './contract';
import { ConsoleCard } from './layout';
import { consoleError } from './messages';
import { SecondFactorForm } from './SecondFactorForm';

/** `/ops` signed out: the address and password, then the second factor. */
export function SignInView({ onSignedIn }: { onSignedIn: (me: OperatorMe) => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-console', 'core']);
  const ops = useOps();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [methods, setMethods] = useState<OpsFactor[] | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = { ...(email.trim() ? {} : { email: t('ops-console:emailRequired') }), ...(password ? {} : { password: t('ops-console:passwordRequired') }) };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setBusy(true);
    setError(null);
    try {
      const step = await ops.call<OpsSignInStep>('POST', C.signIn, { email: email.trim(), password });
      setPassword('');
      setMethods(step.methods);
    } catch (err) {
      setError(consoleError(err, t));
    } finally {
      setBusy(false);
    }
  }

  if (methods) {
    return (
      <ConsoleCard title={t('ops-console:secondStepTitle')} intro={t(methods.length > 1 ? 'ops-console:secondStepBoth' : methods[0] === 'passkey' ? 'ops-console:secondStepPasskey' : 'ops-console:secondStepCode')}>
        {methods.length === 0 ? (
          <Notice kind="error" role="alert">
            {t('ops-console:noFactor')}
          </Notice>
        ) : (
          <SecondFactorForm
            methods={methods}
            passkeyOptions={async () => (await ops.call<PasskeyOptionsResult>('POST', C.signInPasskeyOptions)).options}
            submit={async (proof: OpsFactorProof) => onSignedIn(await ops.call<OperatorMe>('POST', proof.type === 'passkey' ? C.signInPasskey : C.signInTotp, proof))}
          />
        )}
        <Button variant="text" css={{ marginTop: theme.space(4) }} onClick={() => setMethods(null)}>
          {t('ops-console:startOver')}
        </Button>
      </ConsoleCard>
    );
  }

  return (
    <ConsoleCard title={t('ops-console:signInTitle')} intro={t('ops-console:signInIntro')}>
      <form onSubmit={onSubmit} noValidate css={{ display: 'grid', gap: theme.space(4) }}>
        {error && (
          <Notice kind="error" role="alert">
            {error}
          </Notice>
        )}
        <TextField label={t('ops-console:email')} type="email" autoComplete="username" required value={email} error={fieldErrors.email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label={t('ops-console:password')} type="password" autoComplete="current-password" required value={password} error={fieldErrors.password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" fullWidth loading={busy}>
          {t('ops-console:continue')}
        </Button>
      </form>
    </ConsoleCard>
  );
}
