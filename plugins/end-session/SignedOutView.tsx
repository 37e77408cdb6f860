import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/plugin-api';
import { EndSessionCard } from './EndSessionCard';

/** `/signed-out`: the end of a sign-out that a connected service started without naming a page to return to. */
export default function SignedOutView() {
  const theme = useTheme();
  const { t } = useTranslation('end-session');
  return (
    <EndSessionCard title={t('signedOutTitle')}>
      <p role="status" css={{ margin: `0 0 ${theme.space(6)}` }}>
        {t('signedOut')}
      </p>
      <Button fullWidth onClick={() => window.location.assign('/')}>
        {t('signInAgain')}
      </Button>
    </EndSessionCard>
  );
}
