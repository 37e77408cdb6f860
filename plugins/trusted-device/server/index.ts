import { defineServerPlugin } from '@portal/server-api';
import { trustedDeviceFacts } from './accountFacts';
import { currentTrustedDevice, deviceCookieHeader, revokeTrustedDevices, skipsSecondFactor, trustDevice, trustedDaysOffered } from './trustedDevices';
import { trustedDeviceRoutes } from './routes';
import { trustedDevicesOfAccount, trustedDeviceMigrations, personalDataOfTrustedDevice } from './tables';

/**
 * Trusted devices (beyond the spec, issue 18): "don't ask again" on the MFA step lets this browser
 * skip the second factor for a while (the sign-in's `trustedBrowser` point); the Security card lists
 * and revokes them. The cookie is bound to its browser family and rotates on each skip; a copy of it
 * revokes the device (issue 26, trustedDevices.ts).
 */
export default defineServerPlugin({
  id: 'trusted-device',
  migrations: { regional: trustedDeviceMigrations },
  setup(host) {
    host.contribute('personalData', personalDataOfTrustedDevice);
    host.contribute('accountData', trustedDevicesOfAccount);
    host.contribute('accountFacts', { facts: trustedDeviceFacts });
    host.contribute('trustedBrowser', {
      offeredDays: trustedDaysOffered,
      skips: skipsSecondFactor,
      remember: async (ctx, region, accountId, client) => deviceCookieHeader(ctx, await trustDevice(ctx, region, accountId, client)),
      current: currentTrustedDevice,
      forget: async (ctx, region, accountId, except) => (await revokeTrustedDevices(ctx, region, accountId, 'all', except)).length,
    });
  },
  routes: (api, ctx) => trustedDeviceRoutes(ctx)(api),
});
