import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, SecuritySummaryState, type SecuritySummaryProps, useHttp, useLoaded } from '@portal/plugin-api';
import { passkeyApi } from './api';

/** The Security overview's passkeys line: how many the account has. */
export default function PasskeysSummary({ user, reloadKey }: SecuritySummaryProps) {
  const { t, i18n } = useTranslation('passkeys');
  const http = useHttp();
  const api = useMemo(() => passkeyApi(http, user.accountId), [http, user.accountId]);
  const { data: passkeys, failure } = useLoaded(useCallback(async () => (await api.list()).passkeys, [api]), reloadKey);
  if (failure && !passkeys) return <SecuritySummaryState failed />;
  if (!passkeys) return <SecuritySummaryState loading />;
  if (passkeys.length === 0) return <SecuritySummaryState>{t('summary.none')}</SecuritySummaryState>;
  return <SecuritySummaryState tone="good">{formatNumber(passkeys.length, i18n.language)}</SecuritySummaryState>;
}
