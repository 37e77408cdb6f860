import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, usePortal } from '@portal/plugin-api';

/** A connected service asked the signed-in account to sign in again: who asks, and why the password. */
export function ReauthHeading({ service }: { service: string | null }) {
  const theme = useTheme();
  const { t } = useTranslation('sign-in');
  return (
    <>
      <h1 css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(2)}` }}>{t('reauth.title')}</h1>
      <p css={{ margin: `0 0 ${theme.space(6)}`, color: theme.colors.textMuted }}>{service ? t('reauth.textService', { service }) : t('reauth.text')}</p>
    </>
  );
}

/**
 * The way out to another account. The server accepts only the signed-in account at a
 * re-authentication, so this signs out of the portal first; the page then opens again as an
 * ordinary sign-in of the same request.
 */
export function UseAnotherAccount() {
  const theme = useTheme();
  const { t } = useTranslation('sign-in');
  const { session } = usePortal();
  const [leaving, setLeaving] = useState(false);

  const leave = async () => {
    setLeaving(true);
    await session.signOut('another account');
    window.location.reload();
  };

  return (
    <p css={{ marginTop: theme.space(6), textAlign: 'center', color: theme.colors.textMuted }}>
      {t('reauth.notYou')}{' '}
      <Button type="button" variant="text" loading={leaving} onClick={() => void leave()}>
        {t('reauth.useAnother')}
      </Button>
    </p>
  );
}
