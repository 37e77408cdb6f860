import { defineServerPlugin, pruneExpired } from '@portal/server-api';
import { socialDevStandIns, seedSocialDemo } from './dev/standIn';
import { completeProof, PROOF_PREFIX, proofAccount } from './flows';
import { socialIdentities } from './identities';
import { socialRoutes } from './routes';
import { socialMigrations, socialStore, personalDataOfSocialSignIn } from './tables';

/**
 * Social sign-in, where the deployment offers it per region: Google, Microsoft and Apple, each an
 * OpenID Connect client (openid-client). A first sign-in makes an ID (its person picks the
 * country/region and accepts the policy) or links the ID of the vouched address after that ID's
 * own proof; the Security page lists every linked sign-in and links or unlinks them (from a partner
 * app, in the device's browser: appLink.ts).
 */
export default defineServerPlugin({
  id: 'social-sign-in',
  migrations: { global: socialMigrations },
  mails: ['signInLinked', 'signInUnlinked'],
  setup(host) {
    host.contribute('personalData', personalDataOfSocialSignIn);
    // A social provider never stands for the portal's second factor: the account's own is asked.
    host.contribute('externalSignIn', { proofPrefix: PROOF_PREFIX, proofAccount, complete: completeProof, required: async () => null });
    host.contribute('linkedIdentities', socialIdentities);
    host.contribute('demoData', { seed: seedSocialDemo });
    host.contribute('devStandIns', socialDevStandIns);
  },
  routes: (api, ctx) => socialRoutes(ctx)(api),
  jobs: [
    { name: 'ended social sign-ins', everyMs: 3_600_000, run: (ctx) => pruneExpired(socialStore(ctx), 'social_sign_in_flows', 'id', ctx.now()) },
    { name: 'ended app hand-offs', everyMs: 3_600_000, run: (ctx) => pruneExpired(socialStore(ctx), 'social_app_links', 'id', ctx.now()) },
  ],
});
