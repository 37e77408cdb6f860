/**
 * The calls of the Company pages' "Sign-in" tab (plugins/enterprise-sso/server/routes.ts): the
 * company's connection to its identity provider and its claimed domains. Each answers the whole
 * ConnectionResult, so the screen shows the server's state after every change. On the account's
 * regional host, like the company's other calls.
 */
import type { HttpClient } from '@portal/plugin-api';
import type { ConnectionInput, ConnectionResult } from './contract';

const R = { scope: 'regional' } as const;

export function companySignInApi(http: HttpClient, companyId: string) {
  const base = `/orgs/${encodeURIComponent(companyId)}/enterprise-sso`;
  const domainCall = (path: string) => (domain: string) => http.post<ConnectionResult>(`${base}/domains${path}`, { domain }, R);
  return {
    read: () => http.get<ConnectionResult>(base, R),
    /** The secret is kept by the server when `clientSecret` is left out. */
    save: (input: ConnectionInput) => http.put<ConnectionResult>(base, input, R),
    disconnect: () => http.delete<ConnectionResult>(base, undefined, R),
    addDomain: domainCall(''),
    verifyDomain: domainCall('/verify'),
    removeDomain: domainCall('/remove'),
  };
}

export type CompanySignInApi = ReturnType<typeof companySignInApi>;
