import { useTheme } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, Button, errorMessage, isAbortError, type SecurityEvent, toApiError, useFormatMoment, useLoaded } from '@portal/plugin-api';
import type { SecurityApi } from './api';
import { eventDevice, eventPlace, eventTitle, mayDisown } from './activityText';
import { NotMeDialog } from './NotMeDialog';
import { Badge, Loading, Notice, Section } from './parts';

interface Page {
  events: SecurityEvent[];
  nextCursor: string | null;
  timeZone: string | null;
}


/**
 * "Recent activity" (GET /account/{id}/security-events): the account's sign-ins and security
 * changes, newest first, more on request. Times by the one clock (useFormatMoment: a pinned
 * `timeZone`, else the profile's, else the browser's; named). "This wasn't me" opens the dialog that changes
 * the password and logs out every other device.
 */
export function ActivitySection({ api, reloadKey, timeZone, onSecured }: { api: SecurityApi; reloadKey: number; timeZone?: string; onSecured: () => void }) {
  const theme = useTheme();
  const { t, i18n } = useTranslation(['security', 'core']);
  const { data: page, failure, reload, replace: setPage } = useLoaded(useCallback((): Promise<Page> => api.securityEvents(), [api]), reloadKey);
  const [moreFailure, setMoreFailure] = useState<ApiError | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [disowned, setDisowned] = useState<SecurityEvent | null>(null);
  const firstNewRef = useRef<HTMLLIElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  const more = async () => {
    if (!page?.nextCursor) return;
    setLoadingMore(true);
    setMoreFailure(null);
    try {
      const next = await api.securityEvents(page.nextCursor);
      setFocusFrom(page.events.length);
      setPage({ ...next, events: [...page.events, ...next.events] });
    } catch (error) {
      if (!isAbortError(error)) setMoreFailure(toApiError(error)); // the list loaded so far stays
    } finally {
      setLoadingMore(false);
    }
  };
  // A keyboard user who asked for more continues at the first older event, not at the top.
  useEffect(() => {
    if (focusFrom !== null) firstNewRef.current?.focus();
  }, [focusFrom]);

  // The one clock: a pinned zone, else the profile's (the server names it with the page, as /user-info does).
  const moment = useFormatMoment(timeZone ?? page?.timeZone ?? undefined);
  const when = (event: SecurityEvent) => moment(event.at);

  return (
    <Section id="security-activity" title={t('activity.title')} intro={t('activity.intro')}>
      {!page && !failure && <Loading label={t('activity.loading')} />}
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
      {page && page.events.length === 0 && <p css={{ margin: 0, color: theme.colors.textMuted }}>{t('activity.empty')}</p>}
      {page && page.events.length > 0 && (
        <ul css={{ listStyle: 'none', padding: 0, margin: `0 0 ${theme.space(4)}` }} aria-label={t('activity.list')}>
          {page.events.map((event, index) => {
            const title = eventTitle(event, t);
            const device = eventDevice(event, i18n.language, t);
            const place = eventPlace(event, i18n.language, t);
            const time = when(event);
            const failed = event.kind === 'sign_in_failure' || event.kind === 'security_unlock_failed' || event.kind === 'account_locked';
            return (
              <li
                key={event.id}
                ref={index === focusFrom ? firstNewRef : undefined}
                tabIndex={index === focusFrom ? -1 : undefined}
                css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3), padding: `${theme.space(3)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}
              >
                <div css={{ flex: '1 1 240px', minWidth: 0 }}>
                  <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2), alignItems: 'center' }}>
                    <span css={{ fontWeight: 600, color: failed ? theme.colors.danger : undefined }}>{title}</span>
                    {event.detail?.newDevice && <Badge>{t('activity.newDevice')}</Badge>}
                  </div>
                  <div css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm, overflowWrap: 'anywhere' }}>
                    <time dateTime={new Date(event.at).toISOString()}>{time}</time>
                    {[device, place, event.ip ? t('sessions.ip', { ip: event.ip }) : null]
                      .filter((part): part is string => Boolean(part))
                      .map((part) => ` · ${part}`)
                      .join('')}
                  </div>
                </div>
                {mayDisown(event) && (
                  <Button variant="secondary" size="sm" aria-label={t('activity.notMeOf', { event: title, time })} onClick={() => setDisowned(event)}>
                    {t('activity.notMe')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {moreFailure && (
        <Notice kind="error" role="alert">
          {errorMessage(moreFailure, t)}
        </Notice>
      )}
      {page?.nextCursor && (
        <Button variant="secondary" loading={loadingMore} onClick={() => void more()}>
          {t('activity.more')}
        </Button>
      )}
      {disowned && (
        <NotMeDialog
          api={api}
          onClose={(secured) => {
            setDisowned(null);
            if (secured) onSecured();
          }}
        />
      )}
    </Section>
  );
}
