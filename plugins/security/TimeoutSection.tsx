import { useTheme } from '@emotion/react';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  DEFAULT_SESSION_TIMEOUT,
  errorMessage,
  ReadOnlyValue,
  SESSION_TIMEOUT_OPTIONS,
  type SessionTimeout,
  toast,
  useErrorHandler,
  useLoaded,
} from '@portal/plugin-api';
import { isSecurityTokenError, type SecurityApi } from './api';
import { Actions, Loading, LockedHint, Notice, Section } from './parts';
import { useLock } from './useSecurityLock';

const isOption = (value: number): value is SessionTimeout => (SESSION_TIMEOUT_OPTIONS as readonly number[]).includes(value);

/** Session timeout (spec sections 4 and 9): 3 h, 6 h, 1 d, 7 d or 30 d; reset goes back to the default (1 d). */
export function TimeoutSection({ api }: { api: SecurityApi }) {
  const theme = useTheme();
  const { t } = useTranslation(['security', 'core']);
  const lock = useLock();
  const handleError = useErrorHandler();
  const name = useId();
  const loadCurrent = useCallback(async () => {
    const result = await api.currentTimeout();
    return isOption(result.expireTime) ? result.expireTime : DEFAULT_SESSION_TIMEOUT;
  }, [api]);
  const { data: current, failure, reload, replace } = useLoaded(loadCurrent);
  const [choice, setChoice] = useState<SessionTimeout | null>(null);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);
  // Each value that arrives (loaded or saved) is also what the form starts from, in the same render.
  const [startedFrom, setStartedFrom] = useState<SessionTimeout | null>(null);
  if (current !== startedFrom) {
    setStartedFrom(current);
    setChoice(current);
  }

  const save = async (value: SessionTimeout, kind: 'save' | 'reset') => {
    if (!lock.unlocked) return;
    setBusy(kind);
    try {
      const result = await lock.guard(() => api.setTimeout(value));
      replace(result.expireTime);
      toast(t('timeout.saved', { value: t(`timeout.options.${result.expireTime}`) }), 'success');
    } catch (error) {
      if (!isSecurityTokenError(error)) handleError(error); // a refused token: the lock panel says so
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice !== null) void save(choice, 'save');
  };

  return (
    <Section id="security-timeout" title={t('timeout.title')} intro={t('timeout.intro')}>
      {current === null && !failure && <Loading label={t('timeout.loading')} />}
      {failure && (
        <>
          <Notice kind="error" role="alert">
            {errorMessage(failure, t)}
          </Notice>
          <Button variant="secondary" onClick={() => void reload()}>
            {t('retry')}
          </Button>
        </>
      )}
      {current !== null && (
        <form noValidate onSubmit={onSubmit}>
          {lock.unlocked ? (
            <>
              <fieldset css={{ border: 0, padding: 0, margin: `0 0 ${theme.space(4)}`, minWidth: 0 }}>
                <legend css={{ padding: 0, marginBottom: theme.space(2), fontWeight: 600 }}>{t('timeout.legend')}</legend>
                <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2) }}>
                  {SESSION_TIMEOUT_OPTIONS.map((option) => (
                    <label
                      key={option}
                      css={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: theme.space(2),
                        padding: `${theme.space(2)} ${theme.space(3)}`,
                        border: `1px solid ${choice === option ? theme.colors.primary : theme.colors.border}`,
                        borderRadius: theme.radius.md,
                        cursor: 'pointer',
                        '&:focus-within': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
                      }}
                    >
                      <input
                        type="radio"
                        name={name}
                        value={option}
                        checked={choice === option}
                        onChange={() => setChoice(option)}
                        css={{ margin: 0, accentColor: theme.colors.primary, outline: 'none' }}
                      />
                      {t(`timeout.options.${option}`)}
                      {option === DEFAULT_SESSION_TIMEOUT && <span css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{t('timeout.default')}</span>}
                    </label>
                  ))}
                </div>
              </fieldset>
              <p css={{ margin: `0 0 ${theme.space(4)}`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
                {t('timeout.current', { value: t(`timeout.options.${current}`) })}
              </p>
            </>
          ) : (
            // Nothing to pick while locked: the setting reads as a value, as the other locked ones do.
            <ReadOnlyValue
              id="security-timeout-current"
              label={t('timeout.legend')}
              value={
                <>
                  {t(`timeout.options.${current}`)}
                  {current === DEFAULT_SESSION_TIMEOUT && <span css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm, marginInlineStart: theme.space(2) }}>{t('timeout.default')}</span>}
                </>
              }
            />
          )}
          <Actions>
            <Button type="submit" loading={busy === 'save'} disabled={!lock.unlocked || busy !== null || choice === current} aria-describedby={lock.unlocked ? undefined : 'security-timeout-locked'}>
              {t('timeout.save')}
            </Button>
            <Button
              variant="secondary"
              loading={busy === 'reset'}
              disabled={!lock.unlocked || busy !== null || current === DEFAULT_SESSION_TIMEOUT}
              aria-describedby={lock.unlocked ? undefined : 'security-timeout-locked'}
              onClick={() => void save(DEFAULT_SESSION_TIMEOUT, 'reset')}
            >
              {t('timeout.reset')}
            </Button>
            {!lock.unlocked && <LockedHint id="security-timeout-locked" />}
          </Actions>
        </form>
      )}
    </Section>
  );
}
