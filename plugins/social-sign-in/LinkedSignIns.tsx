import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiError,
  Button,
  cardCss,
  errorMessage,
  ERROR_CODES,
  EXTERNAL_BROWSER_POINT,
  forgetMailLinkToken,
  LoadFailed,
  LoadingLine,
  mailLinkToken,
  Notice,
  type SecuritySectionProps,
  toApiError,
  toast,
  useDeploymentConfig,
  useFormatMoment,
  useHttp,
  useLoaded,
  usePortal,
  userAtom,
  VisuallyHidden,
} from '@portal/plugin-api';
import { isSocialProvider, PROOF_PREFIX, type LinkedIdentityView, type SocialFailure, type SocialProvider, type UnlinkProblem } from './contract';
import { ProviderMark } from './ProviderMark';
import { isProviderAddress, PROVIDER_NAMES, socialApi } from './socialApi';

export type LinkedSignInsProps = Pick<SecuritySectionProps, 'unlocked' | 'guard' | 'timeZone'> & Partial<Pick<SecuritySectionProps, 'reloadKey' | 'changed'>>;

const LOCKED_HINT = 'linked-sign-ins-locked';
type LinkFailure = Exclude<SocialFailure, 'unverified'> | 'invalid';
const LINK_FAILURES: readonly string[] = ['denied', 'provider', 'expired', 'taken'];

/** `#social-error=…&provider=…`: a link that failed at the provider, read once and taken out of the address. */
function takeLinkFailure(): { failure: LinkFailure; provider: SocialProvider | null } | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const error = fragment.get('social-error');
  if (error === null) return null;
  const provider = fragment.get('provider');
  fragment.delete('social-error');
  fragment.delete('provider');
  const rest = fragment.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`);
  return { failure: LINK_FAILURES.includes(error) ? (error as LinkFailure) : 'provider', provider: isSocialProvider(provider) ? provider : null };
}

/** A link's name: the provider's, or the company's. */
function useIdentityName() {
  const { t } = useTranslation('social-sign-in');
  return (identity: LinkedIdentityView) => (identity.kind === 'social' && isSocialProvider(identity.provider) ? PROVIDER_NAMES[identity.provider] : t('security.company', { company: identity.provider }));
}

/**
 * The Security page's linked sign-ins: every account at another provider that signs in to this ID
 * (social ones, a company's), when each was linked; link another the region offers, unlink one.
 * Changes need the page unlocked; the last way in is never unlinked (the server says so). Back from
 * linking at the provider, the page finishes the link in this browser.
 */
export default function LinkedSignIns({ unlocked, guard, timeZone, reloadKey, changed }: LinkedSignInsProps) {
  const theme = useTheme();
  const { t } = useTranslation(['social-sign-in', 'core']);
  const user = useAtomValue(userAtom);
  const http = useHttp();
  const accountId = user?.accountId ?? '';
  const api = useMemo(() => socialApi(http), [http]);
  const { data, failure, reload } = useLoaded(useCallback(() => api.linked(accountId), [api, accountId]), reloadKey);
  const moment = useFormatMoment(timeZone);
  const nameOf = useIdentityName();
  const inApp = useDeploymentConfig().variant === 'app';
  const { registry } = usePortal();
  // Inside a partner app: the provider in the device's browser, through the app; null when nothing hands pages over.
  const deviceBrowser = inApp ? (registry.getContributions(EXTERNAL_BROWSER_POINT)[0] ?? null) : null;
  /** The provider being linked in the device's browser: this page waits for the link to show up. */
  const [awaiting, setAwaiting] = useState<SocialProvider | null>(null);
  const [linking, setLinking] = useState<SocialProvider | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [returned] = useState(() => takeLinkFailure());
  const notice = useRef<HTMLDivElement>(null);

  // Back from the provider: the proof finishes the link (this browser's, this account's), once.
  const [proof] = useState(() => {
    const token = mailLinkToken();
    return token?.startsWith(`${PROOF_PREFIX}.`) ? token : null;
  });
  useEffect(() => {
    if (!proof || !accountId) return;
    forgetMailLinkToken();
    api
      .finish(accountId, proof)
      .then((result) => {
        const added = result.identities.at(-1);
        toast(t('security.linked', { provider: added ? nameOf(added) : '' }), 'success');
        void reload();
        changed?.();
      })
      .catch(() => setProblem(t('security.failed.invalid')));
  }, [proof, accountId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per proof

  useEffect(() => {
    if (returned) setProblem(returned.provider ? t(`security.failed.${returned.failure}`, { provider: PROVIDER_NAMES[returned.provider] }) : t('security.failedUnnamed'));
  }, [returned, t]);
  useEffect(() => {
    if (problem) notice.current?.focus();
  }, [problem]);
  // Locked again meanwhile: a question left open would only fail.
  useEffect(() => {
    if (!unlocked) setConfirming(null);
  }, [unlocked]);

  // Back from the device's browser (the web view shown again, or the app's accountUpdated reloading the user): look again.
  useEffect(() => {
    if (!awaiting) return;
    const again = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [awaiting, reload]);
  useEffect(() => {
    if (awaiting) void reload();
  }, [user]); // eslint-disable-line react-hooks/exhaustive-deps -- the app said the account changed
  useEffect(() => {
    if (!awaiting || !data?.identities.some((i) => i.kind === 'social' && i.provider === awaiting)) return;
    toast(t('security.linked', { provider: PROVIDER_NAMES[awaiting] }), 'success');
    setAwaiting(null);
    changed?.();
  }, [awaiting, data]); // eslint-disable-line react-hooks/exhaustive-deps -- once the link shows

  /** In a partner app: a one-time ticket for the device's browser, handed to it by the app. */
  const linkInBrowser = async (provider: SocialProvider) => {
    const { url } = await guard(() => api.appLink(accountId, provider));
    const result = deviceBrowser ? deviceBrowser.open(url) : 'missing';
    if (result === 'sent') setAwaiting(provider);
    else setProblem(t('security.app.noBrowser', { provider: PROVIDER_NAMES[provider] }));
  };

  const link = async (provider: SocialProvider) => {
    setProblem(null);
    setLinking(provider);
    try {
      if (inApp) {
        await linkInBrowser(provider);
        setLinking(null);
        return;
      }
      const { location } = await guard(() => api.link(accountId, provider));
      if (isProviderAddress(location)) {
        window.location.assign(location);
        return;
      }
      setProblem(t('security.failed.provider', { provider: PROVIDER_NAMES[provider] }));
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code !== ERROR_CODES.tokenFailure) setProblem(errorMessage(apiError, t));
    }
    setLinking(null);
  };

  const unlink = async (identity: LinkedIdentityView) => {
    setProblem(null);
    setRemoving(true);
    try {
      await guard(() => api.unlink(accountId, identity.id));
      setConfirming(null);
      toast(t('security.unlinked', { provider: nameOf(identity) }), 'success');
      await reload();
      changed?.();
    } catch (error) {
      const apiError = toApiError(error) as ApiError<{ reason?: UnlinkProblem }>;
      const reason = apiError.result?.reason;
      if (reason === 'lastWayIn' || reason === 'required') setProblem(t(`security.${reason}`));
      else if (apiError.code !== ERROR_CODES.tokenFailure) setProblem(errorMessage(apiError, t));
      setConfirming(null);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section aria-labelledby="linked-sign-ins-heading" css={cardCss(theme)}>
      <h2 id="linked-sign-ins-heading" css={{ fontSize: theme.font.sizeLg, margin: `0 0 ${theme.space(2)}` }}>
        {t('security.title')}
      </h2>
      <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{t('security.intro')}</p>
      {problem ? (
        <div css={{ marginBottom: theme.space(4) }}>
          <Notice kind="error" role="alert" boxRef={notice}>
            {problem}
          </Notice>
        </div>
      ) : null}
      {!data && !failure && <LoadingLine label={t('security.loading')} />}
      {failure && <LoadFailed message={t('security.loadFailed')} retryLabel={t('security.retry')} onRetry={() => void reload()} />}
      {data && (
        <>
          {!data.passwordSet ? (
            <div css={{ marginBottom: theme.space(4) }}>
              <Notice kind="info">{t('security.noPassword')}</Notice>
            </div>
          ) : null}
          {data.identities.length === 0 ? (
            <p css={{ margin: `0 0 ${theme.space(4)}` }}>{t('security.none')}</p>
          ) : (
            <ul aria-label={t('security.title')} css={{ listStyle: 'none', padding: 0, margin: `0 0 ${theme.space(4)}` }}>
              {data.identities.map((identity) => (
                <li key={identity.id} css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3), padding: `${theme.space(3)} 0`, borderTop: `1px solid ${theme.colors.border}` }}>
                  {identity.kind === 'social' && isSocialProvider(identity.provider) ? <ProviderMark provider={identity.provider} /> : null}
                  <div css={{ flex: '1 1 12rem', minWidth: 0 }}>
                    <div css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{nameOf(identity)}</div>
                    {/* An address reads left to right in a right-to-left page too, under the name it belongs to. */}
                    {identity.email ? (
                      <div css={{ fontSize: theme.font.sizeSm, overflowWrap: 'anywhere' }}>
                        <span dir="ltr">{identity.email}</span>
                      </div>
                    ) : null}
                    <div css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('security.linkedOn', { date: moment(identity.linkedAt, { dateOnly: true }) })}</div>
                  </div>
                  {!identity.removable ? (
                    <span css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('security.required')}</span>
                  ) : confirming === identity.id ? (
                    <div role="group" aria-label={t('security.unlinkConfirm', { provider: nameOf(identity) })} css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2), alignItems: 'center', flexBasis: '100%' }}>
                      <span css={{ flex: '1 1 12rem' }}>{t('security.unlinkConfirm', { provider: nameOf(identity) })}</span>
                      <Button size="sm" variant="danger" loading={removing} onClick={() => void unlink(identity)}>
                        {t('security.unlink')}
                      </Button>
                      <Button size="sm" variant="secondary" disabled={removing} onClick={() => setConfirming(null)}>
                        {t('core:ui.cancel')}
                      </Button>
                    </div>
                  ) : (
                    <Button size="sm" variant="secondary" disabled={!unlocked} aria-label={t('security.unlinkNamed', { provider: nameOf(identity) })} aria-describedby={unlocked ? undefined : LOCKED_HINT} onClick={() => setConfirming(identity.id)}>
                      {t('security.unlink')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {awaiting ? (
            <div css={{ marginBottom: theme.space(4) }}>
              <Notice kind="info" role="status">
                <span css={{ display: 'block', marginBottom: theme.space(2) }}>{t('security.app.awaiting', { provider: PROVIDER_NAMES[awaiting] })}</span>
                <Button size="sm" variant="secondary" onClick={() => void reload()}>
                  {t('security.app.checkAgain')}
                </Button>
              </Notice>
            </div>
          ) : null}
          {/* Inside a partner app the provider's page opens in the device's browser (the app's bridge). */}
          {data.linkable.length > 0 ? (
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2) }}>
              {data.linkable.map((provider) => (
                <Button key={provider} variant="secondary" disabled={!unlocked || (linking !== null && linking !== provider)} loading={linking === provider} aria-describedby={unlocked ? undefined : LOCKED_HINT} onClick={() => void link(provider)}>
                  <span css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2) }}>
                    <ProviderMark provider={provider} />
                    {t('security.link', { provider: PROVIDER_NAMES[provider] })}
                  </span>
                </Button>
              ))}
            </div>
          ) : null}
          {!unlocked && <VisuallyHidden id={LOCKED_HINT}>{t('security.unlockFirst')}</VisuallyHidden>}
        </>
      )}
    </section>
  );
}
