import { useTheme } from '@emotion/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Select,
  TextField,
  toast,
  translateDataKey,
  type UpdateInfoRequest,
  useErrorHandler,
  usePortal,
  type UserProfile,
  FORM_VALIDATION,
  useEditedBlur,
} from '@portal/plugin-api';
import { jobTitleFromForm, jobTitleToForm, NEW_POSITION } from './positions';
import { profileSchema, type ProfileFormValues } from './profileSchema';
import { fieldErrorOf, HANDLED_FIELD_CODES } from './serverFieldErrors';
import { useCountryOptions, usePositionOptions, useTimeZoneOptions } from './useProfileOptions';

export interface ProfileFormProps {
  profile: UserProfile;
  /** The instant time-zone offsets are shown for (fixed in stories and tests). */
  referenceDate: Date;
  onSaved: (profile: UserProfile) => void;
  onCancel: () => void;
}

export function toFormValues(profile: UserProfile): ProfileFormValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    nickname: profile.nickname ?? '',
    ...jobTitleToForm(profile.jobTitle),
    phone: profile.phone ?? '',
    country: profile.country ?? '',
    timezone: profile.timezone ?? '',
  };
}

/** The update body: email and accountId identify the account; empty optional fields are cleared. */
export function toUpdateRequest(profile: UserProfile, values: ProfileFormValues): UpdateInfoRequest {
  return {
    email: profile.email,
    accountId: profile.accountId,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    nickname: values.nickname.trim() || null,
    jobTitle: jobTitleFromForm(values.jobTitle, values.newPosition),
    phone: values.phone.trim() || null,
    country: values.country || null,
    timezone: values.timezone || null,
  };
}

/** Edit mode: the profile fields, validated on blur (spec section 5), saved with POST /account/updateInfo. */
export function ProfileForm({ profile, referenceDate, onSaved, onCancel }: ProfileFormProps) {
  const theme = useTheme();
  const { t } = useTranslation(['profile', 'core']);
  const { http, session } = usePortal();
  const handleError = useErrorHandler();
  const positions = usePositionOptions();
  const countries = useCountryOptions();
  const firstNameRef = useRef<HTMLInputElement | null>(null);

  const {
    register: registerField,
    trigger,
    control,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({ resolver: yupResolver(profileSchema), ...FORM_VALIDATION, defaultValues: toFormValues(profile) });
  const register = useEditedBlur(registerField, trigger);

  const jobTitle = watch('jobTitle');
  const timeZones = useTimeZoneOptions(referenceDate, profile.timezone);

  // Opening the form puts the caret in its first field.
  useEffect(() => firstNameRef.current?.focus(), []);

  const onSubmit = async (values: ProfileFormValues) => {
    try {
      const updated = await http.post<UserProfile>('/account/updateInfo', toUpdateRequest(profile, values));
      session.accountChanged(updated);
      toast(t('profile:saved'), 'success');
      onSaved(updated);
    } catch (error) {
      // A code about one field shows on that field (focused); everything else goes to the core's handler.
      const onField = Object.fromEntries(
        HANDLED_FIELD_CODES.map((code) => [
          code,
          (apiError: Parameters<typeof fieldErrorOf>[0]) => {
            const found = fieldErrorOf(apiError, values.jobTitle);
            if (!found) return false;
            setError(found.field, { type: 'server', message: found.message }, { shouldFocus: true });
            return true;
          },
        ]),
      );
      handleError(error, { handlers: onField });
    }
  };

  // A field's message is a key its rules or server-error table set (typed there).
  const message = (key: string | undefined) => (key ? translateDataKey(t, key) : undefined);
  const { ref: firstNameRegisterRef, ...firstNameField } = register('firstName');

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="profile-form-heading" aria-busy={isSubmitting || undefined}>
      <h2 id="profile-form-heading" css={{ fontSize: theme.font.sizeLg, margin: `0 0 ${theme.space(4)}` }}>
        {t('profile:editHeading')}
      </h2>
      <div css={{ display: 'grid', gap: `0 ${theme.space(4)}`, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))' }}>
        <TextField
          label={t('profile:fields.firstName')}
          autoComplete="given-name"
          required
          error={message(errors.firstName?.message)}
          {...firstNameField}
          ref={(el) => {
            firstNameRegisterRef(el);
            firstNameRef.current = el;
          }}
        />
        <TextField label={t('profile:fields.lastName')} autoComplete="family-name" required error={message(errors.lastName?.message)} {...register('lastName')} />
        <TextField label={t('profile:fields.nickname')} autoComplete="nickname" error={message(errors.nickname?.message)} {...register('nickname')} />
        <TextField label={t('profile:fields.email')} value={profile.email} readOnly valueWhenReadOnly hint={t('profile:emailHint')} />
        <Controller
          name="jobTitle"
          control={control}
          render={({ field, fieldState }) => (
            <Select<string>
              label={t('profile:fields.jobTitle')}
              options={positions}
              value={field.value || null}
              onChange={(next) => field.onChange(next ?? '')}
              // A title typed that is no listed position is kept as the new position (shown below), not dropped.
              onUnmatchedText={(text) => {
                field.onChange(NEW_POSITION);
                setValue('newPosition', text, { shouldDirty: true });
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={message(fieldState.error?.message)}
              placeholder={t('profile:jobTitlePlaceholder')}
            />
          )}
        />
        {jobTitle === NEW_POSITION && (
          <TextField
            label={t('profile:fields.newPosition')}
            hint={t('profile:newPositionHint')}
            autoComplete="organization-title"
            required
            error={message(errors.newPosition?.message)}
            {...register('newPosition')}
          />
        )}
        <Controller
          name="country"
          control={control}
          render={({ field, fieldState }) => (
            <div>
              <Select<string>
                label={t('profile:fields.country')}
                options={countries.options}
                value={field.value || null}
                onChange={(next) => field.onChange(next ?? '')}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={countries.loading}
                error={message(fieldState.error?.message) ?? (countries.failed ? t('profile:countriesFailed') : undefined)}
                placeholder={countries.loading ? t('profile:loadingCountries') : t('profile:countryPlaceholder')}
              />
              {countries.failed && (
                <Button variant="text" size="sm" onClick={countries.retry} css={{ marginTop: `-${theme.space(3)}`, marginBottom: theme.space(3) }}>
                  {t('profile:retry')}
                </Button>
              )}
            </div>
          )}
        />
        <Controller
          name="timezone"
          control={control}
          render={({ field, fieldState }) => (
            <Select<string>
              label={t('profile:fields.timezone')}
              options={timeZones}
              value={field.value || null}
              onChange={(next) => field.onChange(next ?? '')}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={message(fieldState.error?.message)}
              placeholder={t('profile:timezonePlaceholder')}
            />
          )}
        />
        <TextField
          label={t('profile:fields.phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          hint={t('profile:phoneHint')}
          error={message(errors.phone?.message)}
          {...register('phone')}
        />
      </div>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), marginTop: theme.space(2) }}>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? t('profile:saving') : t('profile:save')}
        </Button>
        <Button variant="secondary" disabled={isSubmitting} onClick={onCancel}>
          {t('profile:cancel')}
        </Button>
      </div>
    </form>
  );
}
