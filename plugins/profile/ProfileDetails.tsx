import { useTheme } from '@emotion/react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, countryNamer, useIntlLocale, type UserProfile } from '@portal/plugin-api';
import { timeZoneLabel, useJobTitleLabel } from './useProfileOptions';

function Row({ label, value }: { label: string; value: string | null }) {
  const theme = useTheme();
  const { t } = useTranslation('profile');
  return (
    <div css={{ display: 'grid', gap: theme.space(1), padding: `${theme.space(3)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}>
      <dt css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{label}</dt>
      <dd css={{ margin: 0, overflowWrap: 'anywhere', color: value ? theme.colors.text : theme.colors.textMuted }}>{value || t('notSet')}</dd>
    </div>
  );
}

/** View mode: the profile fields as a description list, and the button that opens the form. */
export const ProfileDetails = forwardRef<HTMLButtonElement, { profile: UserProfile; referenceDate: Date; onEdit: () => void }>(function ProfileDetails(
  { profile, referenceDate, onEdit },
  editRef,
) {
  const theme = useTheme();
  const { t } = useTranslation('profile');
  const locale = useIntlLocale();
  const jobTitleLabel = useJobTitleLabel();
  const country = profile.country ? countryNamer(locale)(profile.country) : null;

  return (
    <div>
      <dl css={{ margin: 0 }}>
        <Row label={t('fields.firstName')} value={profile.firstName} />
        <Row label={t('fields.lastName')} value={profile.lastName} />
        <Row label={t('fields.nickname')} value={profile.nickname} />
        <Row label={t('fields.email')} value={profile.email} />
        <Row label={t('fields.jobTitle')} value={jobTitleLabel(profile.jobTitle)} />
        <Row label={t('fields.country')} value={country} />
        <Row label={t('fields.timezone')} value={profile.timezone ? timeZoneLabel(profile.timezone, referenceDate) : null} />
        <Row label={t('fields.phone')} value={profile.phone} />
      </dl>
      <div css={{ marginTop: theme.space(6) }}>
        <Button ref={editRef} onClick={onEdit}>
          {t('edit')}
        </Button>
      </div>
    </div>
  );
});
