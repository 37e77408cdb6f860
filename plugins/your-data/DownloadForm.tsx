import { useTheme } from '@emotion/react';
import type { TFunction } from 'i18next';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, ERROR_CODES, isAbortError, saveBlob, TextField, toast, useErrorHandler, type FailedLoginResult } from '@portal/plugin-api';

/** Why the server refused the password: wrong (with the attempts left when it says), the account locked, no password set yet (an ID made at another provider), or the copy gone. */
export type DownloadRefusal = { kind: 'wrong'; remainAttempts: number | null } | { kind: 'locked'; lockedMinutes: number | null } | { kind: 'gone' } | { kind: 'notSet' };

/** The refusal a download error stands for; null when it is none of them (the page's error handler speaks then). */
export function downloadRefusal(error: ApiError): DownloadRefusal | null {
  const result = (error.result as Partial<FailedLoginResult & { field: string; reason: string }> | undefined) ?? {};
  const minutes = typeof result.lockedMinutes === 'number' && result.lockedMinutes > 0 ? result.lockedMinutes : null;
  if (error.code === ERROR_CODES.wrongCredentials) {
    if (typeof result.remainAttempts !== 'number') return { kind: 'wrong', remainAttempts: null };
    return result.remainAttempts <= 0 ? { kind: 'locked', lockedMinutes: minutes } : { kind: 'wrong', remainAttempts: result.remainAttempts };
  }
  if (error.code === ERROR_CODES.accountLocked || error.code === ERROR_CODES.tooManyRequests) return { kind: 'locked', lockedMinutes: minutes };
  if (error.code === ERROR_CODES.invalidParameter && result.field === 'export') return { kind: 'gone' };
  if (error.code === ERROR_CODES.invalidParameter && result.field === 'password' && result.reason === 'notSet') return { kind: 'notSet' };
  return null;
}

/** A refusal said at a password field: the server's, or the field left empty. */
export type PasswordRefusal = DownloadRefusal | { kind: 'required' };

/**
 * The words for a refusal at a password field, shared by the download and the closure: only what
 * "no password yet" and "gone" mean differs between them.
 */
export function passwordRefusalText(t: TFunction<['your-data']>, r: PasswordRefusal, own: { notSet: string; gone: string }): string {
  switch (r.kind) {
    case 'required':
      return t('your-data:errors.passwordRequired');
    case 'wrong':
      return r.remainAttempts === null ? t('your-data:errors.wrongPassword') : t('your-data:errors.attemptsLeft', { count: r.remainAttempts });
    case 'locked':
      return r.lockedMinutes === null ? t('your-data:errors.lockedUnknown') : t('your-data:errors.locked', { minutes: r.lockedMinutes });
    case 'gone':
      return own.gone;
    case 'notSet':
      return own.notSet;
  }
}

export interface DownloadFormProps {
  /** The file name the browser saves. */
  fileName: string;
  download(password: string): Promise<Blob>;
  /** The copy went away meanwhile (expired, deleted in another tab): the page loads its state again. */
  onGone(): void;
}

/** The password, asked again before the copy leaves the server, and the download. */
export function DownloadForm({ fileName, download, onGone }: DownloadFormProps) {
  const theme = useTheme();
  const { t } = useTranslation(['your-data']);
  const handleError = useErrorHandler();
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<PasswordRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const message = (r: PasswordRefusal) => passwordRefusalText(t, r, { notSet: t('your-data:errors.noPassword'), gone: t('your-data:errors.gone') });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setRefusal({ kind: 'required' });
      field.current?.focus();
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      saveBlob(await download(password), fileName);
      setPassword('');
      toast(t('your-data:ready.started'), 'success');
    } catch (err) {
      if (isAbortError(err)) return;
      const why = err instanceof ApiError ? downloadRefusal(err) : null;
      if (!why) {
        handleError(err);
        return;
      }
      if (why.kind === 'gone') {
        toast(message(why), 'warning');
        onGone();
        return;
      }
      if (why.kind === 'locked') setPassword('');
      setRefusal(why);
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="your-data-download-intro">
      <p id="your-data-download-intro" css={{ margin: `0 0 ${theme.space(3)}`, lineHeight: 1.5 }}>
        {t('your-data:ready.passwordIntro')}
      </p>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: theme.space(3) }}>
        <TextField
          ref={field}
          label={t('your-data:ready.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (refusal?.kind === 'required' || refusal?.kind === 'wrong') setRefusal(null);
          }}
          error={refusal ? message(refusal) : undefined}
          css={{ flex: '1 1 240px', marginBottom: 0 }}
        />
        <Button type="submit" loading={busy} css={{ marginTop: 24 }}>
          {t('your-data:ready.download')}
        </Button>
      </div>
    </form>
  );
}
