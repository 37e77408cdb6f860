import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type MfaFeatureStatus, type RecoveryCodesStatus, SecuritySummaryState, type SecuritySummaryProps, useHttp, useLoaded } from '@portal/plugin-api';
import { FEW_CODES } from './codesLeft';

/** The Security overview's recovery codes line: how many are left of the set; few (or none while two-step is on) wants a look. */
export default function RecoveryCodesSummary({ user, reloadKey }: SecuritySummaryProps) {
  const { t } = useTranslation('recovery-codes');
  const http = useHttp();
  const id = encodeURIComponent(user.accountId);
  const load = useCallback(async () => {
    const [codes, mfa] = await Promise.all([http.get<RecoveryCodesStatus>(`/account/${id}/recovery-codes`), http.get<MfaFeatureStatus>(`/account/${id}/mfa/getMfaFeatureStatus`)]);
    return { ...codes, mfaOn: mfa.enabled };
  }, [http, id]);
  const { data: status, failure } = useLoaded(load, reloadKey);
  if (failure && !status) return <SecuritySummaryState failed />;
  if (!status) return <SecuritySummaryState loading />;
  if (status.total === 0) return <SecuritySummaryState tone={status.mfaOn ? 'attention' : 'neutral'}>{t('summary.none')}</SecuritySummaryState>;
  const tone = status.remaining <= FEW_CODES ? 'attention' : 'good';
  return <SecuritySummaryState tone={tone}>{t('summary.left', { remaining: status.remaining, total: status.total })}</SecuritySummaryState>;
}
