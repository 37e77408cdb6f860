import { useTheme } from '@emotion/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LoadingLine, Notice, TextField, type PasskeyOptionsResult } from '@portal/plugin-api';
import { useOps } from './api';
import { OPS_CALLS as C, OPS_PASSWORD_MIN, type OpsEnrolment, type OpsFactor, type OpsTotpSecret } from './contract';
import { ConsoleCard } from './layout';
import { consoleError } from './messages';
import { createPasskey, promptClosed } from './webauthn';

/** The invitation's token, taken from the address's fragment once and removed from the address bar at once. */
let takenToken: string | null = null;
export function takeEnrolToken(): string | null {
  const hash = window.location.hash.slice(1);
  if (hash) {
    takenToken = hash;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return takenToken;
}

type Load = { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'ready'; enrolment: OpsEnrolment };

/** `/ops/enrol#<token>`: an invited operator chooses a password and a second factor, and is signed in. */
export function EnrolView({ onEnrolled }: { onEnrolled: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-console', 'core']);
  const ops = useOps();
  const [token] = useState(takeEnrolToken);
  const [load, setLoad] = useState<Load>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [factor, setFactor] = useState<OpsFactor>('passkey');
  const [totp, setTotp] = useState<OpsTotpSecret | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; code?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) {
      setLoad({ kind: 'invalid', message: t('ops-console:errors.invitationInvalid') });
      return;
    }
    ops.call<OpsEnrolment>('POST', C.enrolCheck, { token }).then(
      (enrolment) => setLoad({ kind: 'ready', enrolment }),
      (err: unknown) => setLoad({ kind: 'invalid', message: consoleError(err, t) }),
    );
  }, [token, t, ops]);

  async function showTotp() {
    setFactor('totp');
    if (totp || !token) return;
    try {
      setTotp(await ops.call<OpsTotpSecret>('POST', C.enrolTotp, { token }));
    } catch (err) {
      setError(consoleError(err, t));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if ([...password].length < OPS_PASSWORD_MIN) next.password = t('ops-console:passwordLength', { count: OPS_PASSWORD_MIN });
    else if (repeat !== password) next.repeat = t('ops-console:passwordsDiffer');
    if (factor === 'totp' && !/^\d{6}$/.test(code)) next.code = t('ops-console:codeRule');
    setErrors(next);
    if (Object.keys(next).length > 0 || !token) return;
    setBusy(true);
    setError(null);
    try {
      const proof =
        factor === 'passkey'
          ? { type: 'passkey' as const, response: await createPasskey((await ops.call<PasskeyOptionsResult>('POST', C.enrolPasskeyOptions, { token })).options) }
          : { type: 'totp' as const, code };
      await ops.call<null>('POST', C.enrolComplete, { token, password, factor: proof });
      onEnrolled();
    } catch (err) {
      setError(promptClosed(err) ? t('ops-console:passkeyClosed') : consoleError(err, t));
    } finally {
      setBusy(false);
    }
  }

  if (load.kind === 'checking') {
    return (
      <ConsoleCard title={t('ops-console:enrolTitle')}>
        <LoadingLine label={t('ops-console:checkingLink')} />
      </ConsoleCard>
    );
  }
  if (load.kind === 'invalid') {
    return (
      <ConsoleCard title={t('ops-console:enrolTitle')}>
        <Notice kind="error" role="alert">
          {load.message}
        </Notice>
      </ConsoleCard>
    );
  }

  const choice = (value: OpsFactor, label: string) => (
    <label css={{ display: 'flex', gap: theme.space(2), alignItems: 'center', cursor: 'pointer' }}>
      <input type="radio" name="factor" value={value} checked={factor === value} onChange={() => (value === 'totp' ? void showTotp() : setFactor(value))} />
      {label}
    </label>
  );

  return (
    <ConsoleCard title={t('ops-console:enrolTitle')} intro={t('ops-console:enrolIntro', { email: load.enrolment.email, role: t(`ops-console:roles.${load.enrolment.role}`) })}>
      <form onSubmit={onSubmit} noValidate css={{ display: 'grid', gap: theme.space(4) }}>
        {error && (
          <Notice kind="error" role="alert">
            {error}
          </Notice>
        )}
        <input type="email" name="username" autoComplete="username" value={load.enrolment.email} readOnly hidden />
        <TextField label={t('ops-console:newPassword')} hint={t('ops-console:passwordLength', { count: OPS_PASSWORD_MIN })} type="password" autoComplete="new-password" required value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
        <TextField label={t('ops-console:repeatPassword')} type="password" autoComplete="new-password" required value={repeat} error={errors.repeat} onChange={(e) => setRepeat(e.target.value)} />
        <fieldset css={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: theme.space(2) }}>
          <legend css={{ fontWeight: 600, marginBottom: theme.space(2) }}>{t('ops-console:secondFactor')}</legend>
          {choice('passkey', t('ops-console:factorPasskey'))}
          {choice('totp', t('ops-console:factorApp'))}
        </fieldset>
        {factor === 'totp' &&
          (totp ? (
            <div css={{ display: 'grid', gap: theme.space(3) }}>
              <p css={{ margin: 0 }}>{t('ops-console:appIntro')}</p>
              <code dir="ltr" data-testid="totp-secret" css={{ padding: theme.space(2), background: theme.colors.background, borderRadius: theme.radius.sm, wordBreak: 'break-all' }}>
                {totp.secret}
              </code>
              <a href={totp.uri} css={{ color: theme.colors.primary }}>
                {t('ops-console:openInApp')}
              </a>
              <TextField label={t('ops-console:code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} error={errors.code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            </div>
          ) : (
            <LoadingLine label={t('ops-console:preparingApp')} />
          ))}
        <Button type="submit" fullWidth loading={busy}>
          {factor === 'passkey' ? t('ops-console:createPasskeyAndFinish') : t('ops-console:finish')}
        </Button>
      </form>
    </ConsoleCard>
  );
}
