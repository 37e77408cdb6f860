import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { currentLanguage, LoadingImage, usePluginConfig, usePortal } from '@portal/plugin-api';
import { authorizeUrl } from './authorizeUrl';
import { authorizeConfig } from './config';
import { AuthorizeProblem } from './AuthorizeProblem';
import { challengeOf, randomToken, savePending } from './pkce';

/**
 * `/`: the authorize entry. A session code in the link goes straight to the login page;
 * otherwise the browser goes to the server's /authorize, which either signs the user in
 * silently (SSO cookie) or hands out a login session and opens /login.
 */
export default function AuthorizeView() {
  const { config } = usePortal();
  const authorize = usePluginConfig(authorizeConfig);
  const [, navigate] = useLocation();
  const { t } = useTranslation('authorize');
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    if (query.get('session_code')) {
      navigate(`/login?${query.toString()}`, { replace: true });
      return;
    }
    void (async () => {
      try {
        const verifier = randomToken(48);
        const state = randomToken(16);
        savePending({ verifier, state, returnTo: query.get('return_to'), createdAt: Date.now() });
        const challenge = await challengeOf(verifier);
        window.location.replace(authorizeUrl(config.api.global, window.location.origin, authorize, challenge, state, currentLanguage()));
      } catch {
        setFailed(true); // no Web Crypto (an insecure origin): say so instead of spinning
      }
    })();
  }, [authorize, config, navigate]);

  return failed ? <AuthorizeProblem message={t('cryptoMissing')} /> : <LoadingImage label={t('redirecting')} />;
}
