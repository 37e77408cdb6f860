import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button, type LockedData, type LoginViewProps, useLoginPage } from '@portal/plugin-api';
import { lockText } from './lockText';

/** Account locked (spec section 2): how long, Back, and Forgot password. */
export default function LockedView({ goTo, data }: LoginViewProps) {
  const theme = useTheme();
  const { t } = useTranslation(['sign-in', 'core']);
  const page = useLoginPage();
  const locked = (data ?? {}) as Partial<LockedData>;
  const minutes = typeof locked.lockedMinutes === 'number' && locked.lockedMinutes > 0 ? locked.lockedMinutes : null;
  return (
    <div>
      <h1 css={{ fontSize: theme.font.sizeXl, margin: 0 }}>{t('locked.title')}</h1>
      <p role="alert" css={{ margin: `${theme.space(4)} 0 0` }}>
        {minutes ? t('locked.text', { duration: lockText(t, minutes) }) : t('locked.textUnknown')}
      </p>
      <div css={{ display: 'grid', gap: theme.space(3), marginTop: theme.space(6) }}>
        <Button fullWidth onClick={() => goTo('signIn', { email: locked.email })}>
          {t('locked.back')}
        </Button>
        {page.hasView('reset') ? (
          <Button variant="secondary" fullWidth onClick={() => goTo('reset', { email: locked.email })}>
            {t('forgotPassword')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
