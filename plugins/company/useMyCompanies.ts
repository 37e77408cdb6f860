import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { type MyCompaniesResult, useErrorHandler, useHttp } from '@portal/plugin-api';
import { companyApi } from './api';

export type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: MyCompaniesResult };

/** GET /accounts/{id}/orgs, with reload; a failed first load shows a retry, a failed reload keeps what is shown. */
export function useMyCompanies(accountId: string | undefined) {
  const http = useHttp();
  const handleError = useErrorHandler();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const reload = useCallback(async () => {
    if (!accountId) return;
    try {
      const data = await companyApi(http).mine(accountId);
      if (live.current) setState({ status: 'ready', data: { orgs: data?.orgs ?? [], applications: data?.applications ?? [] } });
    } catch (err) {
      handleError(err);
      if (live.current) setState((s) => (s.status === 'ready' ? s : { status: 'failed' }));
    }
  }, [accountId, http, handleError]);

  // Load once per account; later calls come from reload().
  const loadFirst = useEffectEvent(() => void reload());
  useEffect(() => loadFirst(), [accountId]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  return { state, reload, retry };
}
