import { defineServerPlugin, pruneExpired } from '@portal/server-api';
import { refreshSamlMetadata } from './connections';
import { completeProof, PROOF_PREFIX, proofAccount, requiredFor } from './flows';
import { enterpriseIdentities } from './linkedIdentities';
import { enterpriseRoutes } from './routes';
import { enterpriseMigrations, ssoStore, personalDataOfEnterpriseSso } from './tables';
import { enterpriseDevStandIns, seedEnterpriseDemo } from './dev/standIns';

/**
 * Enterprise sign-in per company: a certified company's owner or admin connects its OpenID Connect
 * provider and proves its domains; an address of those domains signs in there (no password field),
 * its identity linked to the ID by the provider's subject; the company may require it of members.
 */
export default defineServerPlugin({
  id: 'enterprise-sso',
  migrations: { global: enterpriseMigrations },
  setup(host) {
    host.contribute('personalData', personalDataOfEnterpriseSso);
    host.contribute('externalSignIn', { proofPrefix: PROOF_PREFIX, proofAccount, complete: completeProof, required: requiredFor });
    host.contribute('linkedIdentities', enterpriseIdentities);
    host.contribute('demoData', { seed: seedEnterpriseDemo });
    host.contribute('devStandIns', enterpriseDevStandIns);
  },
  routes: (api, ctx) => enterpriseRoutes(ctx)(api),
  jobs: [
    // A SAML provider's certificates roll over: its metadata URL is read again every six hours.
    { name: 'SAML providers metadata', everyMs: 6 * 3_600_000, run: (ctx) => refreshSamlMetadata(ctx) },
    {
      name: 'ended enterprise sign-ins',
      everyMs: 3_600_000,
      run: (ctx) => pruneExpired(ssoStore(ctx), 'enterprise_sso_flows', 'id', ctx.now() - 86_400_000),
    },
  ],
});
