import { yupResolver } from '@hookform/resolvers/yup';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  Button,
  ERROR_CODES,
  isAbortError,
  StrengthMeter,
  TextField,
  toast,
  translateDataKey,
  useErrorHandler,
  FORM_VALIDATION,
  useEditedBlur,
} from '@portal/plugin-api';
import { isSecurityTokenError, type SecurityApi } from './api';
import { Actions, LockedHint, Section } from './parts';
import { passwordSchema, type PasswordForm } from './passwordSchema';
import { useLock } from './useSecurityLock';

/** Where a server refusal of the password change belongs. */
const FIELD_OF: Partial<Record<number, { field: keyof PasswordForm; key: string }>> = {
  [ERROR_CODES.wrongCredentials]: { field: 'oldPassword', key: 'core:errors.wrongCredentials' },
  [ERROR_CODES.samePassword]: { field: 'newPassword', key: 'core:errors.passwordSameAsOld' },
  [ERROR_CODES.invalidPasswordFormat]: { field: 'newPassword', key: 'core:errors.passwordFormat' },
  [ERROR_CODES.invalidPasswordFormat2]: { field: 'newPassword', key: 'core:errors.passwordFormat' },
  [ERROR_CODES.commonPassword]: { field: 'newPassword', key: 'core:errors.passwordCommon' },
};

/**
 * Change password (POST /accounts/{id}/password with the security token). The server signs
 * out every other session of the account on success, so the session list is reloaded.
 */
export function PasswordSection({ api, onChanged }: { api: SecurityApi; onChanged: () => void }) {
  const { t } = useTranslation('security');
  return (
    <Section id="security-password" title={t('password.title')} intro={t('password.intro')}>
      <PasswordForm api={api} onChanged={onChanged} lockedHintId="security-password-locked" />
    </Section>
  );
}

/** The change-password form alone: the section above, and the "This wasn't me" dialog. */
export function PasswordForm({ api, onChanged, lockedHintId }: { api: SecurityApi; onChanged: () => void; lockedHintId: string }) {
  const { t } = useTranslation(['security', 'core']);
  const lock = useLock();
  const handleError = useErrorHandler();
  const [saved, setSaved] = useState(false);
  /** The password the server refused as commonly used: the meter reads it weak while it stays. */
  const [refusedAsCommon, setRefusedAsCommon] = useState<string | null>(null);
  const {
    register: registerField,
    trigger,
    handleSubmit,
    watch,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: yupResolver(passwordSchema),
    ...FORM_VALIDATION,
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const register = useEditedBlur(registerField, trigger);

  const onSubmit = async ({ oldPassword, newPassword }: PasswordForm) => {
    if (!lock.unlocked) return;
    setSaved(false);
    try {
      await lock.guard(() => api.changePassword({ oldPassword, newPassword }));
      reset();
      setSaved(true);
      toast(t('password.changed'), 'success');
      onChanged();
    } catch (error) {
      if (isAbortError(error) || isSecurityTokenError(error)) return; // the lock panel says why; the fields keep their values
      const target = error instanceof ApiError ? FIELD_OF[error.code] : undefined;
      if (error instanceof ApiError && error.code === ERROR_CODES.commonPassword) setRefusedAsCommon(newPassword);
      if (target) setError(target.field, { type: 'server', message: target.key }, { shouldFocus: true });
      else handleError(error);
    }
  };

  // A field's message is a key its rules or server-error table set (typed there).
  const message = (key: string | undefined) => (key ? translateDataKey(t, key) : undefined);
  // The meter appears at the register rule's minimum length, as on the register form.
  const newPassword = watch('newPassword');
  const showMeter = newPassword.length >= 8;
  const meterId = `${useId()}-strength`;
  // Locked, the fields show what they hold without taking input (what was typed before a relock stays).
  const locked = !lock.unlocked;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} css={{ maxWidth: 420 }}>
      <TextField label={t('password.old')} type="password" autoComplete="current-password" required readOnly={locked} valueWhenReadOnly error={message(errors.oldPassword?.message)} {...register('oldPassword')} />
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('password.rules')}
        readOnly={locked}
        valueWhenReadOnly
        aria-describedby={showMeter ? meterId : undefined}
        error={message(errors.newPassword?.message)}
        {...register('newPassword')}
      />
      {showMeter && <StrengthMeter id={meterId} password={newPassword} refusedAsCommon={newPassword === refusedAsCommon} />}
      <TextField label={t('password.confirm')} type="password" autoComplete="new-password" required readOnly={locked} valueWhenReadOnly error={message(errors.confirmPassword?.message)} {...register('confirmPassword')} />
      <Actions>
        <Button type="submit" loading={isSubmitting} disabled={!lock.unlocked} aria-describedby={lock.unlocked ? undefined : lockedHintId}>
          {t('password.submit')}
        </Button>
        {!lock.unlocked && <LockedHint id={lockedHintId} />}
      </Actions>
      {saved && <p css={{ marginBottom: 0 }}>{t('password.changedHint')}</p>}
    </form>
  );
}
