import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type SecurityEventsResult, SecuritySummaryState, type SecuritySummaryProps, useFormatMoment, useHttp, useLoaded } from '@portal/plugin-api';
import { eventDevice } from '../activityText';

/** The overview's last sign-in: when and from which device, from the newest page of the activity. */
export default function LastSignInSummary({ user, reloadKey, timeZone }: SecuritySummaryProps) {
  const { t, i18n } = useTranslation(['security', 'core']);
  const http = useHttp();
  const moment = useFormatMoment(timeZone);
  const id = encodeURIComponent(user.accountId);
  const { data: page, failure } = useLoaded(useCallback(() => http.get<SecurityEventsResult>(`/account/${id}/security-events`), [http, id]), reloadKey);
  if (failure && !page) return <SecuritySummaryState failed />;
  if (!page) return <SecuritySummaryState loading />;
  const last = page.events.find((e) => e.kind === 'sign_in_success' || e.kind === 'passkey_sign_in');
  if (!last) return <SecuritySummaryState>{t('overview.noSignIn')}</SecuritySummaryState>;
  const device = eventDevice(last, i18n.language, t);
  const time = moment(last.at);
  return <SecuritySummaryState>{device ? `${time} · ${device}` : time}</SecuritySummaryState>;
}
