import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  errorMessage,
  fetchAllowList,
  isAllowedRedirect,
  LoadingImage,
  takeCapturedParams,
  type TokenExchangeResult,
  usePluginConfig,
  usePortal,
} from '@portal/plugin-api';
import { authorizeConfig } from './config';
import { AuthorizeProblem } from './AuthorizeProblem';
import { sameString, takePending } from './pkce';

export type Destination = { kind: 'path'; to: string } | { kind: 'external'; url: string };

/** After the exchange: an allowed return_to, else the server's redirect URL (same origin or allowed), else the account. */
export function destinationAfterToken(returnTo: string | null, redirectUrl: string | null, allowList: readonly string[], origin: string): Destination {
  for (const target of [returnTo, redirectUrl]) {
    if (!target) continue;
    if (target.startsWith('/') && !target.startsWith('//')) return { kind: 'path', to: target };
    if (isAllowedRedirect(target, allowList, origin)) {
      const url = new URL(target, origin);
      return url.origin === origin ? { kind: 'path', to: `${url.pathname}${url.search}${url.hash}` } : { kind: 'external', url: url.toString() };
    }
  }
  return { kind: 'path', to: '/accountSetting' };
}

/**
 * `/token`: the code and state were taken out of the address bar at start-up; check the
 * state, exchange the code with the PKCE verifier, store the tokens, move on.
 */
export default function TokenView() {
  const { http, config, session } = usePortal();
  const authorize = usePluginConfig(authorizeConfig);
  const { t } = useTranslation(['authorize', 'core']);
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const captured = takeCapturedParams();
    const pending = takePending();
    void (async () => {
      const code = captured.code;
      if (!code || !pending || !captured.state || !sameString(captured.state, pending.state)) {
        setProblem(t('stateMismatch'));
        return;
      }
      try {
        const result = await http.post<TokenExchangeResult>(
          '/token',
          { grant_type: 'authorization_code', client_id: authorize.clientId, code, code_verifier: pending.verifier, redirect_uri: `${window.location.origin}${authorize.redirectPath}` },
          { auth: 'none' },
        );
        // The tokens, then the account's region: its plugin set is in place before its pages show (core/app/RegionalServices.tsx).
        session.signIn({ tokenType: result.tokenType, accessToken: result.accessToken, refreshToken: result.refreshToken }, result.region);
        const allowList = pending.returnTo && !pending.returnTo.startsWith('/') ? await fetchAllowList(http, config) : config.allowedRedirects;
        const next = destinationAfterToken(pending.returnTo, result.redirectUrl, allowList, window.location.origin);
        if (next.kind === 'external') window.location.assign(next.url);
        else navigate(next.to, { replace: true });
      } catch (error) {
        setProblem(errorMessage(error, t));
      }
    })();
  }, [authorize, config, http, navigate, session, t]);

  return problem ? <AuthorizeProblem message={problem} /> : <LoadingImage label={t('signingIn')} />;
}
