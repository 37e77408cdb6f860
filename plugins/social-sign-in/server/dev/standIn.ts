/**
 * Social sign-in off production: a real OpenID Connect provider on loopback, with people of its
 * own, stands in for Google wherever the secrets file names no Google client, so `npm start` and
 * the tests sign in "with Google" without a network.
 */
import type { FastifyInstance } from 'fastify';
import { randomToken, type DemoSeeding, type ServerContext as Ctx } from '@portal/server-api';
import { startLocalOidcProvider, type LocalOidcUser } from '@portal/server-api/dev';
import { callbackUrl } from '../flows';
import { clientOf, registerStandIn } from '../providers';

export const STAND_IN_CLIENT_ID = 'unified-id-portal.apps.googleusercontent.example';
export const STAND_IN_PASSWORD = 'Google-Stand-In-1';
/** Its people: one without an ID yet, one whose address has a demo ID (linked after its password), one whose address it does not vouch for. */
export const STAND_IN_USERS: LocalOidcUser[] = [
  { sub: '109876543210000000001', email: 'gina@gmail.example', password: STAND_IN_PASSWORD, givenName: 'Gina', familyName: 'Gmail' },
  { sub: '109876543210000000002', email: 'demo@example.com', password: STAND_IN_PASSWORD, givenName: 'Demo', familyName: 'User' },
  { sub: '109876543210000000003', email: 'unverified@gmail.example', password: STAND_IN_PASSWORD, givenName: 'Una', familyName: 'Verified', emailVerified: false },
];

export async function seedSocialDemo(_ctx: Ctx, demo: DemoSeeding): Promise<void> {
  for (const u of STAND_IN_USERS) {
    const state = u.emailVerified === false ? 'the provider does not vouch for this address: refused' : u.email === 'demo@example.com' ? "links to demo@example.com's ID after its password" : 'no ID yet: the first sign-in makes one';
    demo.listUser({ email: u.email, password: `${u.password} (at the Google stand-in)`, state: `Sign in with Google: ${state}` });
  }
}

export const socialDevStandIns = {
  async routes(app: FastifyInstance, ctx: Ctx): Promise<void> {
    // Only where the plugin is on somewhere, and only for Google when no real client is set.
    if (!ctx.switches.onAnywhere('social-sign-in') || clientOf(ctx, 'google')) return;
    const clientSecret = randomToken(24);
    const provider = await startLocalOidcProvider({ name: 'Google (local stand-in)', users: STAND_IN_USERS, clients: [{ client_id: STAND_IN_CLIENT_ID, client_secret: clientSecret, redirect_uris: [callbackUrl(ctx)] }] });
    app.addHook('onClose', () => provider.close());
    registerStandIn(ctx, 'google', { clientId: STAND_IN_CLIENT_ID, clientSecret, issuer: provider.issuer });
    console.log(`Social sign-in: a local stand-in for Google at ${provider.issuer} (${STAND_IN_USERS[0]!.email}, password ${STAND_IN_PASSWORD})`);
  },
};
