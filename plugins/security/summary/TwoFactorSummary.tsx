import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type MfaFeatureStatus, SecuritySummaryState, type SecuritySummaryProps, useHttp, useLoaded } from '@portal/plugin-api';
import { METHOD_KEY } from '../TwoFactorSection';

/** The overview's two-factor line: on (with the primary method) or off, the first thing to check. */
export default function TwoFactorSummary({ user, reloadKey }: SecuritySummaryProps) {
  const { t } = useTranslation('security');
  const http = useHttp();
  const id = encodeURIComponent(user.accountId);
  const { data: status, failure } = useLoaded(useCallback(() => http.get<MfaFeatureStatus>(`/account/${id}/mfa/getMfaFeatureStatus`), [http, id]), reloadKey);
  if (failure && !status) return <SecuritySummaryState failed />;
  if (!status) return <SecuritySummaryState loading />;
  if (!status.enabled) return <SecuritySummaryState tone="attention">{t('overview.mfaOff')}</SecuritySummaryState>;
  const primary = status.primaryMFAType === null ? null : METHOD_KEY[status.primaryMFAType];
  return <SecuritySummaryState tone="good">{primary ? t('overview.mfaOnWith', { method: t(`mfa.method.${primary}`) }) : t('overview.mfaOn')}</SecuritySummaryState>;
}
