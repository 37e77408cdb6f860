import { HttpClient } from '../../../core/http/client';
import type { DeploymentConfig } from '../../../core/config/types';
import { createSessionPort } from '../../../core/session/session';

/**
 * Bundled into a page of the running portal by tests/support/probe.ts: the portal's own HTTP
 * client and session port (the same modules the app uses: refresh coalescing, the Web Lock or
 * the storage lease), so an e2e test can fire several calls at once in each tab.
 */
declare global {
  interface Window {
    portalProbe: { parallelCalls(count: number): Promise<{ ok: number; failed: string[]; expired: string[] }> };
  }
}

const injected = document.getElementById('portal-config')?.textContent;
const api: DeploymentConfig['api'] = injected
  ? (JSON.parse(injected) as DeploymentConfig).api
  : { global: '/api', regions: { Use: '/api/region/use', Aps: '/api/region/aps', Euw: '/api/region/euw' }, defaultRegion: 'Euw' };
const config = { api } as DeploymentConfig; // the client reads only `api`

const expired: string[] = [];
const port = createSessionPort(() => http);
const http: HttpClient = new HttpClient({ config: () => config, session: { ...port, expire: (reason) => void expired.push(reason) } });

window.portalProbe = {
  async parallelCalls(count) {
    const results = await Promise.allSettled(Array.from({ length: count }, () => http!.get('/user-info')));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    return { ok: results.length - failed.length, failed, expired: [...expired] };
  },
};
