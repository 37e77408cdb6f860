import { useTheme } from '@emotion/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import {
  ApiError,
  Button,
  isAbortError,
  isValidationMessage,
  loginPasswordRule,
  type MessageKey,
  MSG,
  TextField,
  translateDataKey,
  useCountdown,
  useErrorHandler,
  type ValidationMessage,
  VisuallyHidden,
  focusTargetCss,
} from '@portal/plugin-api';
import { Notice } from './parts';
import { lockDurationText, unlockRefusal, type UnlockRefusal } from './unlockRefusal';
import { formatRemaining, useLock } from './useSecurityLock';

function LockIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

type FieldError = { key: MessageKey<'security'> } | { refusal: Exclude<UnlockRefusal, { kind: 'locked' }> };

/** Screen readers hear the unlock, the last minute and the lock; not every second. */
type Announcement = 'unlocked' | 'lastMinute' | 'locked' | null;

/**
 * The lock at the top of the page: the password form while locked, the countdown and
 * "Lock now" while unlocked.
 */
export function LockPanel() {
  const theme = useTheme();
  const { t, i18n } = useTranslation(['security', 'core']);
  const lock = useLock();
  const handleError = useErrorHandler();
  const [password, setPassword] = useState('');
  // A rule's message key, or the server's refusal (worded at render time, so a language switch re-words it).
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  // The account lock the unlock ran into (wrong passwords count like sign-in failures).
  const [accountLock, setAccountLock] = useState<Extract<UnlockRefusal, { kind: 'locked' }> | null>(null);
  const lockWait = useCountdown();
  const lockNoticeRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState<Announcement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const unlockedRef = useRef<HTMLDivElement>(null);

  const validate = (value: string): ValidationMessage | null => {
    try {
      loginPasswordRule().validateSync(value);
      return null;
    } catch (e) {
      if (!(e instanceof ValidationError)) return null;
      return isValidationMessage(e.message) ? e.message : MSG.loginPassword;
    }
  };

  // Announce transitions, and keep the keyboard user's place when the form swaps with the banner.
  const wasUnlocked = useRef(lock.unlocked);
  useEffect(() => {
    if (lock.unlocked && !wasUnlocked.current) {
      setAnnouncement('unlocked');
      unlockedRef.current?.focus();
    }
    if (!lock.unlocked && wasUnlocked.current) {
      setAnnouncement('locked');
      setError(null); // a blur as the field left the page must not greet the user with an error
      if (lock.reason === 'manual' || document.activeElement === document.body) passwordRef.current?.focus();
    }
    wasUnlocked.current = lock.unlocked;
  }, [lock.unlocked, lock.reason]);
  useEffect(() => {
    if (lock.unlocked && lock.remaining === 60) setAnnouncement('lastMinute');
  }, [lock.unlocked, lock.remaining]);

  // While the account's lock lasts the form waits; when its time is over the password may be tried again.
  const lockedNow = accountLock !== null && (accountLock.lockedMinutes === null || lockWait.running);
  const waiting = lockedNow && accountLock.lockedMinutes !== null;
  useEffect(() => {
    if (accountLock?.lockedMinutes && !lockWait.running) setAccountLock(null);
  }, [accountLock, lockWait.running]);
  useEffect(() => {
    if (accountLock) lockNoticeRef.current?.focus();
  }, [accountLock]);

  const refused = (refusal: UnlockRefusal) => {
    if (refusal.kind === 'locked') {
      setPassword('');
      setError(null);
      setAccountLock(refusal);
      if (refusal.lockedMinutes !== null) lockWait.start(refusal.lockedMinutes * 60);
      return;
    }
    setAccountLock(null);
    setError({ refusal });
    passwordRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || waiting) return;
    const problem = validate(password);
    if (problem) {
      setError({ key: problem });
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await lock.unlock(password);
      setPassword('');
      setAccountLock(null);
    } catch (e) {
      if (isAbortError(e)) return;
      const refusal = e instanceof ApiError ? unlockRefusal(e) : null;
      if (refusal) refused(refusal);
      else handleError(e);
    } finally {
      setBusy(false);
    }
  };

  const fieldErrorText = (e: FieldError): string => {
    if ('key' in e) return translateDataKey(t, e.key);
    const { refusal } = e;
    if (refusal.kind === 'lastAttempt') return t('lock.lastAttempt', { duration: lockDurationText(t, refusal.lockedMinutes) });
    if (refusal.remainAttempts === null) return t('lock.wrongPassword');
    return t('lock.attemptsLeft', { message: t('lock.wrongPassword'), count: refusal.remainAttempts });
  };

  const minutes = Math.ceil(lock.remaining / 60);
  return (
    // The one place that says how to change the settings below (in the page's first card): the
    // sections only show them while locked.
    <div>
      {lock.unlocked ? (
        <div
          ref={unlockedRef}
          tabIndex={-1}
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: theme.space(3),
            padding: theme.space(4),
            border: `1px solid ${theme.colors.success}`,
            borderInlineStartWidth: 4,
            borderRadius: theme.radius.md,
            background: theme.colors.surface,
            ...focusTargetCss,
          }}
        >
          <p css={{ margin: 0, lineHeight: 1.5 }}>
            <strong css={{ display: 'block' }}>{t('lock.unlockedTitle')}</strong>
            {/* role=timer is not live by default: the seconds are visible, not read out. */}
            <span role="timer" aria-label={t('lock.remainingLabel', { count: minutes })}>
              {t('lock.remaining', { time: formatRemaining(lock.remaining, i18n.language) })}
            </span>
          </p>
          <Button variant="secondary" onClick={() => lock.lock('manual')}>
            {t('lock.lockNow')}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} aria-labelledby="security-lock-heading">
          <h2 id="security-lock-heading" css={{ display: 'flex', alignItems: 'center', gap: theme.space(2), fontSize: theme.font.sizeLg, margin: `0 0 ${theme.space(2)}` }}>
            <LockIcon />
            {t('lock.cta')}
          </h2>
          {lock.reason === 'expired' && <Notice kind="info">{t('lock.expired')}</Notice>}
          {lock.reason === 'refused' && (
            <Notice kind="warning" role="alert">
              {t('lock.refused')}
            </Notice>
          )}
          {accountLock && lockedNow && (
            <Notice kind="error" role="alert" boxRef={lockNoticeRef}>
              {accountLock.lockedMinutes === null
                ? t('lock.accountLockedUnknown')
                : t('lock.accountLocked', { duration: lockDurationText(t, Math.ceil(lockWait.remaining / 60)) })}
            </Notice>
          )}
          <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{t('lock.intro')}</p>
          <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: theme.space(3) }}>
            <TextField
              ref={passwordRef}
              label={t('lock.password')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (error) setError(null);
              }}
              onBlur={() => {
                // A rule's message follows the field; the server's refusal stays until the next try.
                const problem = validate(password);
                if (problem) setError({ key: problem });
                else if (error && 'key' in error) setError(null);
              }}
              disabled={waiting}
              error={error ? fieldErrorText(error) : undefined}
              css={{ flex: '1 1 240px', marginBottom: 0 }}
            />
            <Button type="submit" loading={busy} disabled={waiting} css={{ marginTop: 24 }}>
              {t('lock.unlock')}
            </Button>
          </div>
        </form>
      )}
      <VisuallyHidden role="status">
        {announcement === 'unlocked' && t('lock.announceUnlocked', { count: minutes })}
        {announcement === 'lastMinute' && t('lock.announceLastMinute')}
        {announcement === 'locked' && t('lock.announceLocked')}
      </VisuallyHidden>
    </div>
  );
}
