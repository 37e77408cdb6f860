import { useTheme } from '@emotion/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APP_RETURN_URI,
  Button,
  ERROR_CODES,
  errorMessage,
  forgetMailLinkToken,
  longValueCss,
  mailLinkToken,
  Notice,
  Spinner,
  StandaloneCard,
  toApiError,
  useHttp,
} from '@portal/plugin-api';
import type { AppLinkState } from './contract';
import { ProviderMark } from './ProviderMark';
import { appLinkApi, isProviderAddress, PROVIDER_NAMES } from './socialApi';

export type AppLinkPageState = { kind: 'loading' } | { kind: 'ready'; link: AppLinkState } | { kind: 'expired' } | { kind: 'loadFailed' };

/**
 * A ticket is taken once by the server: a view that mounts twice (Strict Mode, a retried suspense)
 * shares the one call. A call that failed on the way may be tried again with the same ticket.
 */
const opening = new Map<string, Promise<AppLinkState>>();
function openOnce(api: ReturnType<typeof appLinkApi>, ticket: string): Promise<AppLinkState> {
  let call = opening.get(ticket);
  if (!call) {
    call = api.open(ticket);
    opening.set(ticket, call);
    call.catch(() => opening.delete(ticket));
  }
  return call;
}

/** A ticket or hand-off the server does not know (used, expired, another browser's). */
const isGone = (code: number, status: number) => code === ERROR_CODES.invalidToken || code === ERROR_CODES.tokenExpired || status === 404;

/**
 * `/social/app-link`: the page a partner app opened in the device's browser to link a social
 * provider (the providers refuse web views). It takes the one-time ticket from the address (the core
 * took it out of the address bar already), says which ID and which app asked, and goes to the provider
 * only when the person says so, and back from it names the provider's account and the ID again: only
 * "Link" links. A ticket someone else made (for their own ID) is never linked without the person seeing
 * whose ID it is. The end says how it went, with the way back to the app.
 */
export default function AppLinkPage() {
  const theme = useTheme();
  const { t } = useTranslation(['social-sign-in', 'core']);
  const http = useHttp();
  const api = useMemo(() => appLinkApi(http), [http]);
  const [page, setPage] = useState<AppLinkPageState>({ kind: 'loading' });
  const [busy, setBusy] = useState<'continue' | 'finish' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setPage({ kind: 'loading' });
    // The ticket is held (in memory, out of the address) until the server took it or refused it for good.
    const ticket = mailLinkToken();
    (ticket ? openOnce(api, ticket) : api.state()).then(
      (link) => {
        forgetMailLinkToken();
        if (live) setPage({ kind: 'ready', link });
      },
      (err: unknown) => {
        const error = toApiError(err);
        const gone = isGone(error.code, error.status);
        if (gone) forgetMailLinkToken();
        if (live) setPage(gone ? { kind: 'expired' } : { kind: 'loadFailed' });
      },
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  const act = useCallback(
    async (what: 'continue' | 'finish' | 'cancel') => {
      setProblem(null);
      setBusy(what);
      try {
        if (what === 'continue') {
          const { location } = await api.start();
          if (isProviderAddress(location)) {
            window.location.assign(location);
            return; // the page leaves; the button stays busy
          }
          setProblem(t('appLink.failed.provider', { provider: '', app: '' }));
        } else {
          setPage({ kind: 'ready', link: await (what === 'finish' ? api.finish() : api.cancel()) });
        }
      } catch (err) {
        const error = toApiError(err);
        if (isGone(error.code, error.status)) setPage({ kind: 'expired' });
        else setProblem(errorMessage(error, t));
      }
      setBusy(null);
    },
    [api, t],
  );

  if (page.kind === 'loading') {
    return (
      <StandaloneCard title={t('appLink.title')}>
        <p role="status" css={{ display: 'flex', alignItems: 'center', gap: theme.space(2), margin: 0 }}>
          <Spinner size={20} />
          {t('appLink.loading')}
        </p>
      </StandaloneCard>
    );
  }
  if (page.kind === 'expired') {
    return (
      <StandaloneCard title={t('appLink.expiredTitle')}>
        <p css={{ margin: 0 }}>{t('appLink.expired')}</p>
      </StandaloneCard>
    );
  }
  if (page.kind === 'loadFailed') {
    return (
      <StandaloneCard title={t('appLink.title')}>
        <div css={{ marginBottom: theme.space(6) }}>
          <Notice kind="error" role="alert">
            {t('appLink.loadFailed')}
          </Notice>
        </div>
        <Button fullWidth onClick={() => setAttempt((n) => n + 1)}>
          {t('appLink.retry')}
        </Button>
      </StandaloneCard>
    );
  }

  const { link } = page;
  const names = { provider: PROVIDER_NAMES[link.provider], app: link.appName ?? t('appLink.theApp') };
  const email = (
    <p data-testid="app-link-email" dir="ltr" css={{ margin: `0 0 ${theme.space(4)}`, fontWeight: 600, ...longValueCss }}>
      {link.email}
    </p>
  );

  if (link.status === 'linked' || link.status === 'failed') {
    // Only an address of the app's own kind is followed (the server gives the app config's).
    const returnUri = link.returnUri && APP_RETURN_URI.test(link.returnUri) ? link.returnUri : null;
    return (
      <StandaloneCard title={t(link.status === 'linked' ? 'appLink.linkedTitle' : 'appLink.failedTitle', names)}>
        {link.status === 'linked' ? (
          <>
            <p css={{ margin: `0 0 ${theme.space(2)}` }}>{t('appLink.linked', names)}</p>
            {email}
          </>
        ) : (
          <div css={{ marginBottom: theme.space(4) }}>
            <Notice kind={link.failure === 'cancelled' ? 'info' : 'error'} role={link.failure === 'cancelled' ? 'status' : 'alert'}>
              {t(`appLink.failed.${link.failure ?? 'provider'}`, names)}
            </Notice>
          </div>
        )}
        {returnUri ? (
          <Button fullWidth onClick={() => window.location.assign(returnUri)}>
            {t('appLink.backToApp', names)}
          </Button>
        ) : (
          <p css={{ margin: 0, color: theme.colors.textMuted }}>{t('appLink.switchBack', names)}</p>
        )}
      </StandaloneCard>
    );
  }

  const problemNotice = problem ? (
    <div css={{ marginBottom: theme.space(4) }}>
      <Notice kind="error" role="alert">
        {problem}
      </Notice>
    </div>
  ) : null;
  const cancel = (
    <Button fullWidth variant="secondary" loading={busy === 'cancel'} disabled={busy !== null && busy !== 'cancel'} onClick={() => void act('cancel')}>
      {t('appLink.cancel')}
    </Button>
  );

  if (link.status === 'review') {
    return (
      <StandaloneCard title={t('appLink.reviewTitle', names)}>
        <p css={{ margin: `0 0 ${theme.space(2)}` }}>{t(link.providerEmail ? 'appLink.reviewProvider' : 'appLink.reviewProviderUnnamed', names)}</p>
        {link.providerEmail ? (
          <p data-testid="app-link-provider-email" dir="ltr" css={{ margin: `0 0 ${theme.space(4)}`, fontWeight: 600, ...longValueCss }}>
            {link.providerEmail}
          </p>
        ) : null}
        <p css={{ margin: `0 0 ${theme.space(2)}` }}>{t('appLink.reviewId', names)}</p>
        {email}
        <p css={{ margin: `0 0 ${theme.space(6)}`, color: theme.colors.textMuted }}>{t('appLink.reviewHint', names)}</p>
        {problemNotice}
        <div css={{ display: 'flex', flexDirection: 'column', gap: theme.space(3) }}>
          <Button fullWidth loading={busy === 'finish'} disabled={busy !== null && busy !== 'finish'} onClick={() => void act('finish')}>
            {t('appLink.link')}
          </Button>
          {cancel}
        </div>
      </StandaloneCard>
    );
  }

  return (
    <StandaloneCard title={t('appLink.confirmTitle', names)}>
      <p css={{ margin: `0 0 ${theme.space(2)}` }}>{t('appLink.confirmIntro', names)}</p>
      {email}
      <p css={{ margin: `0 0 ${theme.space(6)}`, color: theme.colors.textMuted }}>{t('appLink.confirmHint', names)}</p>
      {problemNotice}
      <div css={{ display: 'flex', flexDirection: 'column', gap: theme.space(3) }}>
        <Button fullWidth loading={busy === 'continue'} disabled={busy !== null && busy !== 'continue'} onClick={() => void act('continue')}>
          <span css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2) }}>
            <ProviderMark provider={link.provider} />
            {t('appLink.continue', names)}
          </span>
        </Button>
        {cancel}
      </div>
    </StandaloneCard>
  );
}
