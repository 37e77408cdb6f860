import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, SecuritySummaryState, type SecuritySummaryProps, type TrustedDevicesResult, useHttp, useLoaded } from '@portal/plugin-api';

/** The Security overview's trusted devices line: how many browsers skip two-step verification now. */
export default function TrustedDevicesSummary({ user, reloadKey }: SecuritySummaryProps) {
  const { t, i18n } = useTranslation('trusted-device');
  const http = useHttp();
  const id = encodeURIComponent(user.accountId);
  const { data: devices, failure } = useLoaded(useCallback(async () => (await http.get<TrustedDevicesResult>(`/account/${id}/trusted-devices`)).devices, [http, id]), reloadKey);
  if (failure && !devices) return <SecuritySummaryState failed />;
  if (!devices) return <SecuritySummaryState loading />;
  if (devices.length === 0) return <SecuritySummaryState>{t('summary.none')}</SecuritySummaryState>;
  return <SecuritySummaryState>{formatNumber(devices.length, i18n.language)}</SecuritySummaryState>;
}
