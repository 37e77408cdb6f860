import { useTheme } from '@emotion/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, ERROR_CODES, forgetMailLinkToken, LoadFailed, LoadingLine, mailLinkToken, Notice, StandaloneCard, useErrorHandler, useFormatMoment, useHttp, usePortal } from '@portal/plugin-api';
import { yourDataApi } from './api';
import type { RestoreInfo } from './contract';

/** What the page shows: the link being checked, the ID it restores, done, or why not. */
export type RestoreState =
  | { kind: 'checking' }
  | { kind: 'checkFailed' }
  | { kind: 'ready'; info: RestoreInfo }
  | { kind: 'restored'; info: RestoreInfo }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  /** Just closed on this browser (no link): what happens next. */
  | { kind: 'closed'; info: RestoreInfo };

/** The state the closing page hands over (history state, never the address). */
export interface ClosedHandOver {
  closedId: RestoreInfo;
}

function closedHandOver(): RestoreInfo | null {
  const state = window.history.state as Partial<ClosedHandOver> | null;
  const info = state?.closedId;
  return info && typeof info.email === 'string' && typeof info.eraseAt === 'number' ? info : null;
}

const linkProblem = (err: unknown): 'invalid' | 'expired' | null => {
  if (!(err instanceof ApiError) || err.code !== ERROR_CODES.tokenExpired) return null;
  return (err.result as { reason?: string } | undefined)?.reason === 'expired' ? 'expired' : 'invalid';
};

export interface RestoreViewProps {
  /** Stories: a fixed state instead of the link's. */
  initial?: RestoreState;
  timeZone?: string;
}

/**
 * `/restore-account#token=…`: the link mailed when an ID was closed. Opening it restores nothing (mail
 * scanners open links): it shows the ID and asks. Also the page a person lands on right after closing.
 */
export default function RestoreView({ initial, timeZone }: RestoreViewProps = {}) {
  const theme = useTheme();
  const { t } = useTranslation(['your-data', 'core']);
  const api = yourDataApi(useHttp());
  const { config } = usePortal();
  const handleError = useErrorHandler();
  const formatMoment = useFormatMoment(timeZone);
  // Right after closing (the hand-over in history state) there is no link; else the link's token,
  // which the core took out of the address before anything ran (core/session/urlTokens.ts).
  const [closed] = useState(() => (initial ? null : closedHandOver()));
  const [token] = useState(() => (initial || closed ? null : mailLinkToken()));
  const [state, setState] = useState<RestoreState>(() => {
    if (initial) return initial;
    if (closed) return { kind: 'closed', info: closed };
    return token ? { kind: 'checking' } : { kind: 'invalid' };
  });
  const [busy, setBusy] = useState(false);

  const check = useCallback(async () => {
    if (!token) return;
    setState({ kind: 'checking' });
    try {
      setState({ kind: 'ready', info: await api.checkRestore(token) });
    } catch (err) {
      const problem = linkProblem(err);
      // A dead link is forgotten; a check that failed (offline) keeps it for "Try again".
      if (problem) forgetMailLinkToken();
      setState({ kind: problem ?? 'checkFailed' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token is read once
  }, [token]);

  useEffect(() => {
    if (!initial && token) void check();
  }, [initial, token, check]);

  async function restore() {
    if (!token || state.kind !== 'ready') return;
    setBusy(true);
    try {
      setState({ kind: 'restored', info: await api.restore(token) });
      forgetMailLinkToken();
    } catch (err) {
      const problem = linkProblem(err);
      if (problem) {
        forgetMailLinkToken();
        setState({ kind: problem });
      } else handleError(err);
    } finally {
      setBusy(false);
    }
  }

  const signInButton = (
    <Button fullWidth variant={state.kind === 'restored' ? 'primary' : 'secondary'} onClick={() => window.location.assign(config.signInPath)}>
      {t('your-data:restore.signIn')}
    </Button>
  );
  const text = { margin: `0 0 ${theme.space(6)}`, lineHeight: 1.5 } as const;

  return (
    <StandaloneCard title={state.kind === 'closed' ? t('your-data:restore.closedTitle') : t('your-data:restore.title')}>
      <div aria-live="polite">
        {state.kind === 'checking' && <LoadingLine label={t('your-data:restore.checking')} />}
        {state.kind === 'checkFailed' && <LoadFailed message={t('your-data:restore.checkFailed')} retryLabel={t('your-data:retry')} onRetry={() => void check()} />}
        {state.kind === 'ready' && (
          <>
            <p css={text}>{t('your-data:restore.ready', { email: state.info.email, date: formatMoment(state.info.eraseAt) })}</p>
            <Button fullWidth loading={busy} onClick={() => void restore()}>
              {t('your-data:restore.restore')}
            </Button>
          </>
        )}
        {state.kind === 'restored' && (
          <>
            <div css={{ marginBottom: theme.space(6) }}>
<Notice kind="success" role="status">
              {t('your-data:restore.restored', { email: state.info.email })}
            </Notice>
</div>
            {signInButton}
          </>
        )}
        {(state.kind === 'invalid' || state.kind === 'expired') && (
          <>
            <div css={{ marginBottom: theme.space(6) }}>
<Notice kind="error" role="alert">
              {t(state.kind === 'invalid' ? 'your-data:restore.invalid' : 'your-data:restore.expired')}
            </Notice>
</div>
            {signInButton}
          </>
        )}
        {state.kind === 'closed' && (
          <>
            <p role="status" css={text}>
              {t('your-data:restore.closed', { email: state.info.email, date: formatMoment(state.info.eraseAt) })}
            </p>
            {signInButton}
          </>
        )}
      </div>
    </StandaloneCard>
  );
}
