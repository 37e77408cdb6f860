import { useTheme } from '@emotion/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, errorMessage, readUserAgent, toast, useErrorHandler, useFormatMoment, useLoaded } from '@portal/plugin-api';
import { isSecurityTokenError, type SecurityApi } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { Actions, Badge, Loading, LockedHint, Notice, Section } from './parts';
import { useLock } from './useSecurityLock';

/**
 * The account's signed-in sessions (GET /account/{id}/sessions), this device first and marked;
 * log out one other session or all others (POST /account/{id}/logout).
 */
export function SessionsSection({ api, reloadKey, timeZone, onEndedOthers }: { api: SecurityApi; reloadKey: number; timeZone?: string; onEndedOthers?: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['security', 'core']);
  const moment = useFormatMoment(timeZone);
  const lock = useLock();
  const handleError = useErrorHandler();
  const [confirmAll, setConfirmAll] = useState(false);
  const [endingOne, setEndingOne] = useState<string | null>(null);
  const loadSessions = useCallback(async () => {
    const result = await api.sessions();
    return [...result.sessions].sort((a, b) => Number(b.current) - Number(a.current));
  }, [api]);
  const { data: sessions, failure, reload } = useLoaded(loadSessions, reloadKey);

  const endOne = async (sessionId: string) => {
    setEndingOne(sessionId);
    try {
      await lock.guard(() => api.logoutSessions([sessionId]));
      toast(t('sessions.endedOne'), 'success');
      await reload();
    } catch (error) {
      if (!isSecurityTokenError(error)) handleError(error);
    } finally {
      setEndingOne(null);
    }
  };

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  const lockedHint = lock.unlocked ? undefined : 'security-sessions-locked';

  return (
    <Section id="security-sessions" title={t('sessions.title')} intro={t('sessions.intro')}>
      {!sessions && !failure && <Loading label={t('sessions.loading')} />}
      {failure && (
        <>
          <Notice kind="error" role="alert">
            {errorMessage(failure, t)}
          </Notice>
          <Button variant="secondary" onClick={() => void reload()}>
            {t('retry')}
          </Button>
        </>
      )}
      {sessions && (
        <>
          <ul css={{ listStyle: 'none', padding: 0, margin: `0 0 ${theme.space(4)}` }} aria-label={t('sessions.list')}>
            {sessions.map((s) => {
              const device = readUserAgent(s.userAgent);
              const label = device.browser && device.os ? t('sessions.deviceOn', { browser: device.browser, os: device.os }) : (device.browser ?? device.os ?? t('sessions.unknownDevice'));
              return (
                <li
                  key={s.sessionId}
                  aria-current={s.current ? 'true' : undefined}
                  css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3), padding: `${theme.space(3)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}
                >
                  <div css={{ flex: '1 1 220px', minWidth: 0 }}>
                    <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2), alignItems: 'center' }}>
                      <span css={{ fontWeight: 600 }}>{label}</span>
                      {s.current && <Badge>{t('sessions.current')}</Badge>}
                    </div>
                    <div css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm, overflowWrap: 'anywhere' }}>
                      {t('sessions.ip', { ip: s.ip ?? t('sessions.unknownIp') })} · {t('sessions.lastActive', { time: moment(s.lastActiveAt) })}
                    </div>
                  </div>
                  {!s.current && (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={!lock.unlocked || endingOne !== null}
                      loading={endingOne === s.sessionId}
                      aria-describedby={lockedHint}
                      aria-label={t('sessions.endOneOf', { device: label })}
                      onClick={() => void endOne(s.sessionId)}
                    >
                      {t('sessions.endOne')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <Actions>
            <Button variant="danger" disabled={!lock.unlocked || others === 0} aria-describedby={lockedHint} onClick={() => setConfirmAll(true)}>
              {t('sessions.endOthers')}
            </Button>
            {!lock.unlocked && <LockedHint id="security-sessions-locked" />}
            {lock.unlocked && others === 0 && <span css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('sessions.noOthers')}</span>}
          </Actions>
        </>
      )}
      {confirmAll && (
        <ConfirmDialog
          title={t('sessions.endOthersTitle')}
          message={t('sessions.endOthersConfirm', { count: others })}
          okLabel={t('sessions.endOthers')}
          action={() => api.logoutSessions()}
          onClose={() => setConfirmAll(false)}
          onDone={() => {
            setConfirmAll(false);
            toast(t('sessions.endedOthers'), 'success');
            if (onEndedOthers) onEndedOthers();
            else void reload();
          }}
        />
      )}
    </Section>
  );
}
