import { useTheme } from '@emotion/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ERROR_CODES,
  errorMessage,
  PageCard,
  type RevokeTrustedDevicesRequest,
  type RevokeTrustedDevicesResult,
  type SecuritySectionProps,
  toast,
  type TrustedDevicesResult,
  useErrorHandler,
  useHttp,
  VisuallyHidden,
  readUserAgent,
  LoadFailed,
  Modal,
  LoadingLine,
  useFormatMoment,
  toApiError,
  useLoaded,
} from '@portal/plugin-api';


/** Security page card: the browsers that skip two-step verification for this account, each revocable behind the lock. */
export default function TrustedDevicesSection({ user, unlocked, guard, reloadKey, changed, timeZone }: SecuritySectionProps) {
  const theme = useTheme();
  const { t } = useTranslation(['trusted-device', 'core']);
  const moment = useFormatMoment(timeZone);
  const http = useHttp();
  const handleError = useErrorHandler();
  const id = encodeURIComponent(user.accountId);
  const [revoking, setRevoking] = useState<string | 'all' | null>(null);
  // "Stop trusting all" forgets every browser at once, this one too: it asks first.
  const [confirmAll, setConfirmAll] = useState(false);

  const loadDevices = useCallback(async () => {
    const result = await http.get<TrustedDevicesResult>(`/account/${id}/trusted-devices`);
    return [...result.devices].sort((a, b) => Number(b.current) - Number(a.current));
  }, [http, id]);
  const { data: devices, failure, reload: load } = useLoaded(loadDevices, reloadKey);

  const time = (ms: number) => moment(ms);

  const revoke = async (which: string | 'all') => {
    setRevoking(which);
    try {
      const body: RevokeTrustedDevicesRequest = which === 'all' ? {} : { deviceIds: [which] };
      await guard(() => http.post<RevokeTrustedDevicesResult>(`/account/${id}/trusted-devices/revoke`, body, { securityToken: true }));
      toast(t(which === 'all' ? 'section.revokedAll' : 'section.revoked'), 'success');
      await load();
      changed(); // the overview's count, and any card that reads it
    } catch (error) {
      // A refused security token has locked the page again; the lock panel says so.
      if (toApiError(error).code !== ERROR_CODES.tokenFailure) handleError(error);
    } finally {
      setRevoking(null);
      setConfirmAll(false);
    }
  };

  const lockedHint = unlocked ? undefined : 'trusted-devices-locked';

  return (
    <PageCard id="trusted-devices" title={t('section.title')} intro={t('section.intro')}>
      {!devices && !failure && (
        <LoadingLine label={t('section.loading')} />
      )}
      {failure && (
        <LoadFailed message={errorMessage(failure, t)} retryLabel={t('section.retry')} onRetry={() => void load()} />
      )}
      {devices && devices.length === 0 && <p css={{ margin: 0 }}>{t('section.none')}</p>}
      {devices && devices.length > 0 && (
        <>
          <ul css={{ listStyle: 'none', padding: 0, margin: `0 0 ${theme.space(4)}` }} aria-label={t('section.list')}>
            {devices.map((d) => {
              const { family: browser, os } = readUserAgent(d.userAgent);
              const label = browser && os ? t('section.deviceOn', { browser, os }) : (browser ?? os ?? t('section.unknownDevice'));
              return (
                <li
                  key={d.deviceId}
                  aria-current={d.current ? 'true' : undefined}
                  css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3), padding: `${theme.space(3)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}
                >
                  <div css={{ flex: '1 1 220px', minWidth: 0 }}>
                    <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2), alignItems: 'center' }}>
                      <span css={{ fontWeight: 600 }}>{label}</span>
                      {d.current && (
                        <span css={{ padding: `0 ${theme.space(2)}`, borderRadius: theme.radius.sm, background: theme.colors.background, fontSize: theme.font.sizeSm, fontWeight: 600 }}>
                          {t('section.current')}
                        </span>
                      )}
                    </div>
                    <div css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm, overflowWrap: 'anywhere' }}>
                      {t('section.until', { time: time(d.expiresAt) })} · {t('section.lastUsed', { time: time(d.lastUsedAt) })}
                    </div>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={!unlocked || revoking !== null}
                    loading={revoking === d.deviceId}
                    aria-describedby={lockedHint}
                    aria-label={t('section.revokeOf', { device: label })}
                    onClick={() => void revoke(d.deviceId)}
                  >
                    {t('section.revoke')}
                  </Button>
                </li>
              );
            })}
          </ul>
          <Button variant="danger" disabled={!unlocked || revoking !== null} aria-describedby={lockedHint} onClick={() => setConfirmAll(true)}>
            {t('section.revokeAll')}
          </Button>
          <Modal
            open={confirmAll}
            kind="confirm"
            title={t('section.revokeAllTitle')}
            description={t('section.revokeAllConfirm')}
            okLabel={t('section.revokeAll')}
            okLoading={revoking === 'all'}
            onOk={() => void revoke('all')}
            onClose={() => setConfirmAll(false)}
          />
        </>
      )}
      {!unlocked && <VisuallyHidden id="trusted-devices-locked">{t('section.lockedHint')}</VisuallyHidden>}
    </PageCard>
  );
}
