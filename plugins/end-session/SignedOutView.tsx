import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button, StandaloneCard } from '@portal/plugin-api';

/** `/signed-out`: the end of a sign-out that a connected service started without naming a page to return to. */
export default function SignedOutView() {
  const theme = useTheme();
  const { t } = useTranslation('end-session');
  return (
    <StandaloneCard title={t('signedOutTitle')}>
      <p role="status" css={{ margin: `0 0 ${theme.space(6)}` }}>
        {t('signedOut')}
      </p>
      <Button fullWidth onClick={() => window.location.assign('/')}>
        {t('signInAgain')}
      </Button>
    </StandaloneCard>
  );
}
