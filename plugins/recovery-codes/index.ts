import { definePlugin, localeFile, MFA_STEP_PART_POINT, SECURITY_SECTION_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/recovery-codes.json';
import { codesLeft } from './codesLeft';

/**
 * Recovery codes (beyond the spec, issue 18): ten single-use codes, made on the Security page
 * behind its lock and shown once, that pass the MFA step when the usual method is out of reach.
 */
export default definePlugin({
  id: 'recovery-codes',
  locales: { 'recovery-codes': localeFile('recovery-codes') },
  register(ctx) {
    ctx.contribute(MFA_STEP_PART_POINT, {
      kind: 'alternative',
      order: 20,
      labelKey: 'recovery-codes:step.link',
      // Only an account that has unused codes is offered the way in.
      offered: (challenge) => codesLeft(challenge) > 0,
      view: () => import('./RecoveryCodeStep'),
    });
    ctx.contribute(SECURITY_SECTION_POINT, { after: 'twoFactor', order: 10, view: () => import('./RecoveryCodesSection') });
  },
});

declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'recovery-codes': typeof messages;
  }
}
