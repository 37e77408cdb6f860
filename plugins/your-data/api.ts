/** "Your data"'s calls from the browser: the copy (state, ask, delete, download) and closing the ID (and restoring it). */
import type { HttpClient } from '@portal/plugin-api';
import type { ClosedResult, ClosureFacts, DataExportResult, RestoreInfo } from './contract';

const path = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/data-export`;

export const yourDataApi = (http: HttpClient) => ({
  state: (accountId: string, signal?: AbortSignal) => http.get<DataExportResult>(path(accountId), { scope: 'regional', ...(signal ? { signal } : {}) }),
  request: (accountId: string) => http.post<DataExportResult>(path(accountId), undefined, { scope: 'regional' }),
  remove: (accountId: string) => http.delete<DataExportResult>(path(accountId), undefined, { scope: 'regional' }),
  /** The ZIP; a large copy on a slow line may take a while. */
  download: (accountId: string, password: string) => http.post<Blob>(`${path(accountId)}/download`, { password }, { scope: 'regional', responseType: 'blob', timeoutMs: 120_000 }),
  closure: (accountId: string, signal?: AbortSignal) => http.get<ClosureFacts>(closurePath(accountId), { scope: 'regional', ...(signal ? { signal } : {}) }),
  close: (accountId: string, password: string) => http.post<ClosedResult>(closurePath(accountId), { password }, { scope: 'regional' }),
  /** The restore link's page: signed out, on the global host (the token names its region). */
  checkRestore: (token: string) => http.post<RestoreInfo>('/account-restore/check', { token }),
  restore: (token: string) => http.post<RestoreInfo>('/account-restore', { token }),
});

const closurePath = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/closure`;

export type YourDataApi = ReturnType<typeof yourDataApi>;
