import { useTheme } from '@emotion/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, Checkbox, ERROR_CODES, isAbortError, LoadFailed, LoadingLine, Notice, PageCard, TextField, useErrorHandler, useIntlLocale } from '@portal/plugin-api';
import type { ClosedResult, ClosureFacts } from './contract';
import { downloadRefusal, passwordRefusalText, type PasswordRefusal } from './DownloadForm';

type Facts = { status: 'idle' } | { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; facts: ClosureFacts };
type FieldError = PasswordRefusal;

export interface CloseAccountSectionProps {
  loadFacts(signal?: AbortSignal): Promise<ClosureFacts>;
  close(password: string): Promise<ClosedResult>;
  /** The ID is closed: the page signs out and says so. */
  onClosed(result: ClosedResult): void;
  /** Start open at the facts (stories). */
  initialFacts?: Facts;
}

/**
 * "Delete your account": what goes and what is told, the company to hand over first, then the password
 * and an explicit "I understand". The server enforces every rule again (the password, the company).
 */
export function CloseAccountSection({ loadFacts, close, onClosed, initialFacts = { status: 'idle' } }: CloseAccountSectionProps) {
  const theme = useTheme();
  const { t } = useTranslation(['your-data']);
  const locale = useIntlLocale();
  const handleError = useErrorHandler();
  const [state, setState] = useState<Facts>(initialFacts);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [understandError, setUnderstandError] = useState(false);
  const [busy, setBusy] = useState(false);
  const passwordField = useRef<HTMLInputElement>(null);
  const understandBox = useRef<HTMLInputElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const factsBox = useRef<HTMLDivElement>(null);

  // "Delete my account…" goes away once pressed: the focus moves to what it opened (the facts, or why
  // not), never lost to the page, so a keyboard or screen-reader user goes on from there.
  const loaded = state.status === 'loaded';
  useEffect(() => {
    if (loaded) factsBox.current?.focus();
  }, [loaded]);

  async function load() {
    setState({ status: 'loading' });
    try {
      setState({ status: 'loaded', facts: await loadFacts() });
    } catch (err) {
      if (!isAbortError(err)) setState({ status: 'failed' });
    }
  }

  function cancel() {
    setState({ status: 'idle' });
    setPassword('');
    setUnderstood(false);
    setFieldError(null);
    setUnderstandError(false);
    // Back to where the person started, not to the top of the page.
    requestAnimationFrame(() => startButton.current?.focus());
  }

  const message = (e: FieldError) => passwordRefusalText(t, e, { notSet: t('your-data:close.noPassword'), gone: t('your-data:errors.wrongPassword') });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || state.status !== 'loaded') return;
    const missingPassword = !password;
    setFieldError(missingPassword ? { kind: 'required' } : null);
    setUnderstandError(!understood);
    if (missingPassword || !understood) {
      (missingPassword ? passwordField : understandBox).current?.focus();
      return;
    }
    setBusy(true);
    try {
      onClosed(await close(password));
    } catch (err) {
      if (isAbortError(err)) return;
      if (err instanceof ApiError && err.code === ERROR_CODES.invalidParameter && (err.result as { reason?: string } | undefined)?.reason === 'handOver') {
        // Became an owner of others meanwhile (another tab accepted someone): say it as the facts do.
        const company = String((err.result as { company?: unknown }).company ?? '');
        setState({ status: 'loaded', facts: { ...state.facts, handOver: { company } } });
        return;
      }
      const why = err instanceof ApiError ? downloadRefusal(err) : null;
      if (!why) {
        handleError(err);
        return;
      }
      if (why.kind === 'locked') setPassword('');
      setFieldError(why);
      passwordField.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const grace = state.status === 'loaded' ? state.facts.graceDays : null;
  const muted = { margin: 0, color: theme.colors.textMuted, lineHeight: 1.5 } as const;
  const list = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });

  return (
    <PageCard level={2} id="close-account" title={t('your-data:close.heading')} busy={state.status === 'loading'}>
      {state.status === 'idle' && (
        <div>
          <p css={muted}>{t('your-data:close.intro', { count: grace ?? 14 })}</p>
          <div css={{ marginTop: theme.space(5) }}>
            <Button ref={startButton} variant="danger" onClick={() => void load()}>
              {t('your-data:close.start')}
            </Button>
          </div>
        </div>
      )}
      <div aria-live="polite">
        {state.status === 'loading' && <LoadingLine label={t('your-data:close.loading')} />}
        {state.status === 'failed' && <LoadFailed message={t('your-data:close.loadFailed')} retryLabel={t('your-data:retry')} onRetry={() => void load()} />}
      </div>
      {state.status === 'loaded' && (
        <div ref={factsBox} tabIndex={-1} css={{ outline: 'none' }}>
          <p css={muted}>{t('your-data:close.intro', { count: state.facts.graceDays })}</p>
          {state.facts.handOver ? (
            <div css={{ marginTop: theme.space(4) }}>
<Notice kind="warning" role="alert">
              {t('your-data:close.handOver', { company: state.facts.handOver.company })}
            </Notice>
</div>
          ) : (
            <>
              <h3 css={{ fontSize: theme.font.sizeMd, margin: `${theme.space(5)} 0 ${theme.space(2)}` }}>{t('your-data:close.lostHeading')}</h3>
              <ul css={{ margin: 0, paddingInlineStart: theme.space(5), lineHeight: 1.5, display: 'grid', gap: theme.space(1) }}>
                <li>{t('your-data:close.lostProfile')}</li>
                {state.facts.companyGoes && <li>{t('your-data:close.lostCompany', { company: state.facts.companyGoes.company })}</li>}
                {state.facts.services.length > 0 && <li>{t('your-data:close.lostServices', { services: list.format(state.facts.services) })}</li>}
                <li>{t('your-data:close.lostCopy')}</li>
              </ul>
              {!state.facts.passwordSet ? (
                <div css={{ marginTop: theme.space(4) }}>
<Notice kind="info" role="status">
                  {t('your-data:close.noPassword')}
                </Notice>
</div>
              ) : (
                <form noValidate onSubmit={onSubmit} aria-label={t('your-data:close.heading')} css={{ marginTop: theme.space(5) }}>
                  <p css={{ margin: `0 0 ${theme.space(3)}`, lineHeight: 1.5 }}>{t('your-data:close.passwordIntro')}</p>
                  <TextField
                    ref={passwordField}
                    label={t('your-data:close.password')}
                    type="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(e) => {
                      setPassword(e.target.value);
                      if (fieldError?.kind === 'required' || fieldError?.kind === 'wrong') setFieldError(null);
                    }}
                    error={fieldError ? message(fieldError) : undefined}
                    css={{ maxWidth: 360 }}
                  />
                  <Checkbox
                    ref={understandBox}
                    label={t('your-data:close.understand', { count: state.facts.graceDays })}
                    checked={understood}
                    onChange={(e) => {
                      setUnderstood(e.target.checked);
                      if (e.target.checked) setUnderstandError(false);
                    }}
                    error={understandError ? t('your-data:close.understandRequired') : undefined}
                  />
                  <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), marginTop: theme.space(4) }}>
                    <Button type="submit" variant="danger" loading={busy}>
                      {t('your-data:close.confirm')}
                    </Button>
                    <Button type="button" variant="secondary" disabled={busy} onClick={cancel}>
                      {t('your-data:close.cancel')}
                    </Button>
                  </div>
                </form>
              )}
            </>
          )}
          {(state.facts.handOver || !state.facts.passwordSet) && (
            <div css={{ marginTop: theme.space(4) }}>
              <Button type="button" variant="secondary" onClick={cancel}>
                {t('your-data:close.cancel')}
              </Button>
            </div>
          )}
        </div>
      )}
    </PageCard>
  );
}
