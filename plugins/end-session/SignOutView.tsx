import { useTheme } from '@emotion/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MARK, ApiError, Button, isAbortError, longValueCss, Notice, Spinner, StandaloneCard, useHttp, withEmailAddress } from '@portal/plugin-api';
import { loadLogoutRequest, sameOriginPath, type LogoutRequest } from './logoutRequest';

export type SignOutState = { kind: 'loading' } | { kind: 'ready'; request: LogoutRequest } | { kind: 'expired' } | { kind: 'failed' };

/**
 * `/signout`: a connected service asked the provider to end the user's session. The answer is
 * a plain form post to the provider (it checks the anti-forgery value and sends the browser on
 * to the service's registered page), so it works as the browser's own navigation: no token
 * passes through this page's script, and the back button cannot resend it silently.
 */
export default function SignOutView() {
  const theme = useTheme();
  const http = useHttp();
  const { t } = useTranslation('end-session');
  const [state, setState] = useState<SignOutState>({ kind: 'loading' });
  const [answer, setAnswer] = useState<'signOut' | 'stay' | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setState({ kind: 'loading' });
    loadLogoutRequest(http, abort.signal).then(
      (request) => setState(sameOriginPath(request.action) ? { kind: 'ready', request } : { kind: 'failed' }),
      (err: unknown) => {
        if (isAbortError(err)) return;
        // 404: nothing pending (answered already, expired, or another browser's); anything else may pass.
        setState(err instanceof ApiError && err.status === 404 ? { kind: 'expired' } : { kind: 'failed' });
      },
    );
    return () => abort.abort();
  }, [http, attempt]);

  const submitted = useCallback((event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    setAnswer(submitter?.name === 'logout' ? 'signOut' : 'stay');
  }, []);

  if (state.kind === 'loading') {
    return (
      <StandaloneCard title={t('title')}>
        <p role="status" css={{ display: 'flex', alignItems: 'center', gap: theme.space(2), margin: 0 }}>
          <Spinner size={20} />
          {t('loading')}
        </p>
      </StandaloneCard>
    );
  }
  if (state.kind === 'expired') {
    return (
      <StandaloneCard title={t('expiredTitle')}>
        <p css={{ margin: `0 0 ${theme.space(6)}` }}>{t('expired')}</p>
        <Button fullWidth variant="secondary" onClick={() => window.location.assign('/accountSetting')}>
          {t('toAccount')}
        </Button>
      </StandaloneCard>
    );
  }
  if (state.kind === 'failed') {
    return (
      <StandaloneCard title={t('title')}>
        <div css={{ marginBottom: theme.space(6) }}>
          <Notice kind="error" role="alert">
            {t('loadFailed')}
          </Notice>
        </div>
        <Button fullWidth onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </Button>
      </StandaloneCard>
    );
  }

  const { request } = state;
  const service = request.clientName;
  return (
    <StandaloneCard title={t('title')}>
      <p css={{ margin: `0 0 ${theme.space(2)}` }}>{service ? t('askedBy', { service }) : t('askedByUnknown')}</p>
      {request.email && (
        <p data-testid="signed-in-as" css={{ margin: `0 0 ${theme.space(2)}`, fontWeight: 600, ...longValueCss }}>
          {withEmailAddress(t('signedInAs', { email: ADDRESS_MARK }), request.email)}
        </p>
      )}
      <p css={{ margin: `0 0 ${theme.space(6)}`, color: theme.colors.textMuted }}>{t('explain')}</p>
      <form method="post" action={sameOriginPath(request.action)!} onSubmit={submitted} css={{ display: 'flex', flexDirection: 'column', gap: theme.space(3) }}>
        <input type="hidden" name="xsrf" value={request.xsrf} />
        <Button type="submit" name="logout" value="yes" fullWidth loading={answer === 'signOut'} disabled={answer === 'stay'}>
          {t('signOut')}
        </Button>
        <Button type="submit" variant="secondary" fullWidth loading={answer === 'stay'} disabled={answer === 'signOut'}>
          {t('staySignedIn')}
        </Button>
        {service && <p css={{ margin: 0, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('eitherWay', { service })}</p>}
      </form>
    </StandaloneCard>
  );
}
