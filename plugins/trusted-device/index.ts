import { definePlugin, localeFile, MFA_STEP_PART_POINT, SECURITY_SECTION_POINT, SECURITY_SUMMARY_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/trusted-device.json';

/**
 * Trusted devices (beyond the spec, issue 18): "don't ask again on this device" at the MFA step
 * (the server sets a signed HttpOnly cookie for the account and browser), and the list of trusted
 * browsers on the Security page, each revocable. What a trusted browser skips is the server's
 * call (server/README.md, *Recovery codes and trusted devices*): never a second factor a service
 * asked for, and at a re-authentication only while TRUSTED_DEVICE_AT_REAUTH is skip; where the
 * factor is demanded the challenge carries no trustDeviceDays, so the option is not shown.
 */
export default definePlugin({
  id: 'trusted-device',
  locales: { 'trusted-device': localeFile('trusted-device') },
  register(ctx) {
    ctx.contribute(MFA_STEP_PART_POINT, {
      kind: 'option',
      order: 50,
      // The server offers it with the deployment's number of days (TRUSTED_DEVICE_DAYS), or not at all.
      offered: (challenge) => typeof challenge.trustDeviceDays === 'number' && challenge.trustDeviceDays > 0,
      view: () => import('./TrustOption'),
    });
    ctx.contribute(SECURITY_SECTION_POINT, { after: 'sessions', order: 10, view: () => import('./TrustedDevicesSection') });
    ctx.contribute(SECURITY_SUMMARY_POINT, { order: 30, labelKey: 'trusted-device:section.title', headingId: 'trusted-devices-heading', view: () => import('./TrustedDevicesSummary') });
  },
});

declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'trusted-device': typeof messages;
  }
}
