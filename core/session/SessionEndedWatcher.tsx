import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { usePortal } from '../app/context';
import { openModal } from '../ui/modalStore';
import { sessionEndedAtom } from './session';

/** Shows the one 'session timeout' modal when the session ends under the user; OK goes to sign-in. */
export function SessionEndedWatcher() {
  const [ended, setEnded] = useAtom(sessionEndedAtom);
  const { t } = useTranslation('core');
  const [, navigate] = useLocation();
  const { config } = usePortal();

  useEffect(() => {
    if (!ended) return;
    let active = true;
    void openModal({
      kind: 'error',
      title: t('session.timeoutTitle'),
      message: t('session.loggedOut'),
      okLabel: t('session.signInAgain'),
      showCancel: false,
      dismissible: false,
      key: 'session-ended',
    }).then(() => {
      if (!active) return;
      setEnded(null);
      navigate(`~${config.signInPath}`, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [ended, t, navigate, setEnded, config.signInPath]);

  return null;
}
