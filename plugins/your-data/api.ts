/** "Your data"'s calls from the browser: the copy's state, asking for one, deleting it, and its download. */
import type { HttpClient } from '@portal/plugin-api';
import type { DataExportResult } from './contract';

const path = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/data-export`;

export const yourDataApi = (http: HttpClient) => ({
  state: (accountId: string, signal?: AbortSignal) => http.get<DataExportResult>(path(accountId), { scope: 'regional', ...(signal ? { signal } : {}) }),
  request: (accountId: string) => http.post<DataExportResult>(path(accountId), undefined, { scope: 'regional' }),
  remove: (accountId: string) => http.delete<DataExportResult>(path(accountId), undefined, { scope: 'regional' }),
  /** The ZIP; a large copy on a slow line may take a while. */
  download: (accountId: string, password: string) => http.post<Blob>(`${path(accountId)}/download`, { password }, { scope: 'regional', responseType: 'blob', timeoutMs: 120_000 }),
});

export type YourDataApi = ReturnType<typeof yourDataApi>;
