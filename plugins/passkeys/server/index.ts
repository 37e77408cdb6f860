import { defineServerPlugin } from '@portal/server-api';
import { passkeyFacts } from './accountFacts';
import { hasPasskey } from './passkeys';
import { completePasskeySignIn, passkeyProofAccount } from './passkeySignIn';
import { passkeyRoutes } from './routes';
import { passkeysOfAccount, passkeyMigrations, personalDataOfPasskeys } from './tables';

/**
 * Passkeys (WebAuthn, SimpleWebAuthn): the Security card's list, registration, rename and removal,
 * the login page's ceremonies, and the sign-in's use of their proofs (the `passkeys` point).
 */
export default defineServerPlugin({
  id: 'passkeys',
  migrations: { regional: passkeyMigrations },
  setup(host) {
    host.contribute('personalData', personalDataOfPasskeys);
    host.contribute('accountData', passkeysOfAccount);
    host.contribute('accountFacts', { facts: passkeyFacts });
    host.contribute('passkeys', { has: hasPasskey, proofAccount: passkeyProofAccount, complete: completePasskeySignIn });
  },
  routes: (api, ctx) => passkeyRoutes(ctx)(api),
});
