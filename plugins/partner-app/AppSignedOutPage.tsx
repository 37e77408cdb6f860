import { useTheme } from '@emotion/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Notice } from '@portal/plugin-api';
import { AppScreen } from './AppScreen';
import { appState, bridge, useAppState } from './state';

/**
 * The app variant's "sign-in": signing in is the app's, so this page asks the app to show its
 * login screen (once on arrival, unless a sign-out just did) and says what to do when the
 * page is not connected to an app.
 */
export default function AppSignedOutPage() {
  const { t } = useTranslation('partner-app');
  const theme = useTheme();
  const { signOut } = useAppState();

  function openAppLogin() {
    appState.signOut = bridge()?.signOut() ?? 'missing';
  }

  useEffect(() => {
    if (appState.signOut === null) openAppLogin();
  }, []);

  const problem = signOut === 'missing' || signOut === 'failed';
  return (
    <AppScreen heading={t('signedOut.heading')}>
      {problem ? (
        <Notice kind="warning" role="alert">
          {t(signOut === 'missing' ? 'bridge.missing' : 'bridge.failed')}
        </Notice>
      ) : (
        <p role="status" css={{ margin: `0 0 ${theme.space(4)}` }}>
          {t('signedOut.opening')}
        </p>
      )}
      <Button variant={problem ? 'secondary' : 'primary'} onClick={openAppLogin}>
        {t('signedOut.openLogin')}
      </Button>
    </AppScreen>
  );
}
