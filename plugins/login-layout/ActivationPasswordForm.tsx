import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@portal/plugin-api';

export interface ActivationPasswordFormProps {
  /** Sends the password with the link; resolves to an error text for the field, or null when done. */
  submit: (password: string) => Promise<string | null>;
  /** A refusal to show at once (stories). */
  initialError?: string;
}

/**
 * The address was registered again while it waited for activation, so its link activates only
 * with the newest registration's password: the person with the mailbox and that password decides.
 */
export function ActivationPasswordForm({ submit, initialError }: ActivationPasswordFormProps) {
  const { t } = useTranslation(['login-layout', 'core']);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError(t('core:validation.required'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    const refusal = await submit(password);
    setBusy(false);
    if (refusal) {
      setError(refusal);
      input.current?.focus();
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        ref={input}
        type="password"
        name="password"
        autoComplete="current-password"
        label={t('activation.passwordLabel')}
        required
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          if (error) setError(null);
        }}
        error={error ?? undefined}
      />
      <Button type="submit" fullWidth size="lg" loading={busy}>
        {t('activation.passwordSubmit')}
      </Button>
    </form>
  );
}
