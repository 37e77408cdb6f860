import { useTheme } from '@emotion/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, errorMessage, isAbortError, Modal, TextField, useErrorHandler, VisuallyHidden, toApiError } from '@portal/plugin-api';
import { isSecurityTokenError, type SecurityApi } from './api';
import { Notice } from './parts';
import { PasswordForm } from './PasswordSection';
import { lockDurationText, unlockRefusal } from './unlockRefusal';
import { useLock } from './useSecurityLock';

type Step = 'unlock' | 'password' | 'logout' | 'done';
const STEPS: readonly Step[] = ['unlock', 'password', 'logout'];

/**
 * "This wasn't me": confirm it is you (the security unlock, when the page is locked), change
 * the password, then log out every other device. The server already ends the other sessions
 * with a password change; the explicit logout also ends any that began in between, and says
 * so. `onClose(true)` once the account is secured.
 */
export function NotMeDialog({ api, onClose }: { api: SecurityApi; onClose: (secured: boolean) => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['security', 'core']);
  const lock = useLock();
  const [changed, setChanged] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  const [logoutFailure, setLogoutFailure] = useState<ApiError | null>(null);
  // The unlock may run out while the dialog is open: the step goes back to it, what was done stays.
  const step: Step = loggedOut ? 'done' : changed ? 'logout' : lock.unlocked ? 'password' : 'unlock';

  const logoutOthers = async () => {
    setLogoutFailure(null);
    try {
      await lock.guard(() => api.logoutSessions());
      setLoggedOut(true);
    } catch (error) {
      if (!isAbortError(error)) setLogoutFailure(toApiError(error));
    }
  };
  const startedLogout = useRef(false);
  useEffect(() => {
    if (step === 'logout' && !startedLogout.current) {
      startedLogout.current = true;
      void logoutOthers();
    }
  });

  // Each step takes the focus where its work starts (the page's lock panel would take it on unlock).
  const bodyRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (step === 'done') doneRef.current?.focus();
    if (step === 'password') bodyRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [step]);

  const stepLabel: Record<Step, string> = {
    unlock: t('activity.notMeDialog.stepUnlock'),
    password: t('activity.notMeDialog.stepPassword'),
    logout: t('activity.notMeDialog.stepLogout'),
    done: '',
  };
  const position = (s: Step) => STEPS.indexOf(s);
  return (
    <Modal
      open
      title={t('activity.notMeDialog.title')}
      description={t('activity.notMeDialog.intro')}
      onClose={() => onClose(loggedOut)}
      maxWidth={520}
      footer={
        <Button variant={step === 'done' ? 'primary' : 'secondary'} onClick={() => onClose(loggedOut)}>
          {t(step === 'done' ? 'dialog.close' : 'dialog.cancel')}
        </Button>
      }
    >
      <ol aria-label={t('activity.notMeDialog.steps')} css={{ display: 'grid', gap: theme.space(1), margin: `0 0 ${theme.space(4)}`, paddingInlineStart: theme.space(5) }}>
        {STEPS.map((s) => {
          const done = step === 'done' || position(s) < position(step) || (s === 'unlock' && (changed || lock.unlocked));
          const current = s === step;
          return (
            <li key={s} aria-current={current ? 'step' : undefined} css={{ fontWeight: current ? 600 : undefined, color: done ? theme.colors.textMuted : undefined }}>
              {stepLabel[s]}
              {done && (
                <>
                  {' ✓'}
                  <VisuallyHidden>({t('activity.notMeDialog.stepDone')})</VisuallyHidden>
                </>
              )}
            </li>
          );
        })}
      </ol>
      <div ref={bodyRef}>
        {step === 'unlock' && <UnlockStep />}
        {step === 'password' && <PasswordForm api={api} onChanged={() => setChanged(true)} lockedHintId="security-notme-locked" />}
      </div>
      {step === 'logout' && !logoutFailure && (
        <p role="status" css={{ margin: 0 }}>
          {t('activity.notMeDialog.loggingOut')}
        </p>
      )}
      {step === 'logout' && logoutFailure && (
        <>
          <Notice kind="error" role="alert">
            {isSecurityTokenError(logoutFailure) ? t('dialog.sessionTimeout') : errorMessage(logoutFailure, t)}
          </Notice>
          {lock.unlocked && (
            <Button variant="danger" onClick={() => void logoutOthers()}>
              {t('activity.notMeDialog.retry')}
            </Button>
          )}
        </>
      )}
      {step === 'done' && (
        <div ref={doneRef} tabIndex={-1}>
          <Notice kind="success" role="status">
            {t('activity.notMeDialog.done')}
          </Notice>
        </div>
      )}
    </Modal>
  );
}

/** The security unlock inside the dialog: the password, refused as the lock panel refuses it. */
function UnlockStep() {
  const { t } = useTranslation(['security', 'core']);
  const lock = useLock();
  const handleError = useErrorHandler();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(t('lock.wrongPassword'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await lock.unlock(password);
    } catch (err) {
      const refusal = err instanceof ApiError ? unlockRefusal(err) : null;
      if (!refusal) {
        if (!isAbortError(err)) handleError(err);
      } else if (refusal.kind === 'locked') {
        setError(refusal.lockedMinutes === null ? t('lock.accountLockedUnknown') : t('lock.accountLocked', { duration: lockDurationText(t, refusal.lockedMinutes) }));
      } else if (refusal.kind === 'lastAttempt') {
        setError(t('lock.lastAttempt', { duration: lockDurationText(t, refusal.lockedMinutes) }));
      } else {
        setError(refusal.remainAttempts === null ? t('lock.wrongPassword') : t('lock.attemptsLeft', { message: t('lock.wrongPassword'), count: refusal.remainAttempts }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} css={{ maxWidth: 420 }}>
      <p css={{ marginTop: 0 }}>{t('activity.notMeDialog.unlockIntro')}</p>
      <TextField label={t('lock.password')} type="password" autoComplete="current-password" required value={password} error={error ?? undefined} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" loading={busy}>
        {t('lock.unlock')}
      </Button>
    </form>
  );
}
