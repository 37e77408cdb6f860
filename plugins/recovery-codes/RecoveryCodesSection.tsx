import { useTheme } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ERROR_CODES,
  errorMessage,
  type MfaFeatureStatus,
  Notice,
  PageCard,
  type RecoveryCodesResult,
  type RecoveryCodesStatus,
  type SecuritySectionProps,
  toast,
  useErrorHandler,
  useHttp,
  VisuallyHidden,
  LoadFailed,
  LoadingLine,
  useFormatMoment,
  toApiError,
  useLoaded,
} from '@portal/plugin-api';
import { codesText, downloadText } from './codesFile';
import { FEW_CODES } from './codesLeft';
import { MONO } from './mono';


/** Security page card: how many recovery codes are left, and a new set made behind the lock and shown once. */
export default function RecoveryCodesSection({ user, unlocked, guard, reloadKey, changed, timeZone }: SecuritySectionProps) {
  const theme = useTheme();
  const { t } = useTranslation(['recovery-codes', 'core']);
  const moment = useFormatMoment(timeZone);
  const http = useHttp();
  const handleError = useErrorHandler();
  const id = encodeURIComponent(user.accountId);
  const [confirming, setConfirming] = useState(false);
  const [creating, setCreating] = useState(false);
  const [fresh, setFresh] = useState<RecoveryCodesResult | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const codesHeading = useRef<HTMLHeadingElement>(null);

  const loadStatus = useCallback(async () => {
    const [codes, mfa] = await Promise.all([http.get<RecoveryCodesStatus>(`/account/${id}/recovery-codes`), http.get<MfaFeatureStatus>(`/account/${id}/mfa/getMfaFeatureStatus`)]);
    return { ...codes, mfaOn: mfa.enabled };
  }, [http, id]);
  const { data: status, failure, reload: load } = useLoaded(loadStatus, reloadKey);
  useEffect(() => {
    if (fresh) codesHeading.current?.focus();
  }, [fresh]);

  const time = (ms: number) => moment(ms);

  const create = async () => {
    setCreating(true);
    try {
      const result = await guard(() => http.post<RecoveryCodesResult>(`/account/${id}/recovery-codes`, undefined, { securityToken: true }));
      setConfirming(false);
      setCopyFailed(false);
      setFresh(result);
      toast(t('section.created'), 'success');
      void load();
      changed(); // the overview's count, and any card that reads it
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === ERROR_CODES.mfaTypeDisabled) void load();
      // A refused security token has locked the page again; the lock panel says so.
      else if (apiError.code !== ERROR_CODES.tokenFailure) handleError(error);
    } finally {
      setCreating(false);
    }
  };

  const fileText = fresh ? codesText(t('section.fileHeading', { email: user.email, time: time(fresh.generatedAt) }), fresh.codes) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fileText);
      setCopyFailed(false);
      toast(t('section.copied'), 'success');
    } catch {
      setCopyFailed(true);
    }
  };

  const lockedHint = unlocked ? undefined : 'recovery-codes-locked';
  const hasCodes = (status?.total ?? 0) > 0;

  return (
    <PageCard id="recovery-codes" title={t('section.title')} intro={t('section.intro')}>
      {!status && !failure && (
        <LoadingLine label={t('section.loading')} />
      )}
      {failure && (
        <LoadFailed message={errorMessage(failure, t)} retryLabel={t('section.retry')} onRetry={() => void load()} />
      )}
      {status && !fresh && (
        <>
          {!status.mfaOn && !hasCodes ? (
            <p css={{ margin: `0 0 ${theme.space(4)}` }}>{t('section.needsMfa')}</p>
          ) : (
            <p css={{ margin: `0 0 ${theme.space(4)}` }}>{hasCodes ? t('section.status', { remaining: status.remaining, count: status.total, time: time(status.generatedAt ?? 0) }) : t('section.none')}</p>
          )}
          {status.mfaOn && hasCodes && status.remaining <= FEW_CODES && <Notice kind="warning">{t('section.few')}</Notice>}
          {confirming ? (
            <div role="group" aria-labelledby="recovery-codes-replace" css={{ display: 'grid', gap: theme.space(3) }}>
              <p id="recovery-codes-replace" css={{ margin: 0, fontWeight: 600 }}>
                {t('section.replaceWarning')}
              </p>
              <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3) }}>
                <Button variant="danger" loading={creating} disabled={!unlocked} aria-describedby={lockedHint} onClick={() => void create()}>
                  {t('section.replaceConfirm')}
                </Button>
                <Button variant="secondary" disabled={creating} onClick={() => setConfirming(false)}>
                  {t('section.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            status.mfaOn && (
              <Button
                variant={hasCodes ? 'secondary' : 'primary'}
                loading={creating}
                disabled={!unlocked}
                aria-describedby={lockedHint}
                onClick={() => (hasCodes ? setConfirming(true) : void create())}
              >
                {hasCodes ? t('section.recreate') : t('section.create')}
              </Button>
            )
          )}
          {!unlocked && status.mfaOn && (
            <VisuallyHidden id="recovery-codes-locked">{t('section.lockedHint')}</VisuallyHidden>
          )}
        </>
      )}
      {fresh && (
        <div css={{ display: 'grid', gap: theme.space(4) }}>
          <Notice kind="warning">{t('section.showOnce')}</Notice>
          <h3 ref={codesHeading} tabIndex={-1} id="recovery-codes-list" css={{ margin: 0, fontSize: theme.font.sizeMd, outline: 'none' }}>
            {t('section.list')}
          </h3>
          <ol
            aria-labelledby="recovery-codes-list"
            css={{
              listStyle: 'none',
              margin: 0,
              padding: theme.space(4),
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
              gap: `${theme.space(2)} ${theme.space(4)}`,
              background: theme.colors.background,
              borderRadius: theme.radius.md,
              fontFamily: MONO,
              fontSize: theme.font.sizeLg,
              userSelect: 'all',
            }}
          >
            {fresh.codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          {copyFailed && (
            <Notice kind="error" role="alert">
              {t('section.copyFailed')}
            </Notice>
          )}
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3) }}>
            <Button variant="secondary" onClick={() => void copy()}>
              {t('section.copy')}
            </Button>
            <Button variant="secondary" onClick={() => downloadText('unified-id-recovery-codes.txt', fileText)}>
              {t('section.download')}
            </Button>
            <Button onClick={() => setFresh(null)}>{t('section.done')}</Button>
          </div>
        </div>
      )}
    </PageCard>
  );
}
