import { definePlugin, localeFile, MFA_STEP_PART_POINT, SECURITY_SECTION_POINT, SECURITY_SUMMARY_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/recovery-codes.json';

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
      // Only an account that has unused codes is offered the way in: the result's count, read as
      // codesLeft reads it. Written out here, as an import shared with the views would be a chunk
      // of its own, one more request before the sign-in form.
      offered: ({ recoveryCodes }) => typeof recoveryCodes === 'number' && Number.isInteger(recoveryCodes) && recoveryCodes > 0,
      view: () => import('./RecoveryCodeStep'),
    });
    ctx.contribute(SECURITY_SECTION_POINT, { after: 'twoFactor', order: 10, view: () => import('./RecoveryCodesSection') });
    ctx.contribute(SECURITY_SUMMARY_POINT, { order: 20, labelKey: 'recovery-codes:section.title', headingId: 'recovery-codes-heading', view: () => import('./RecoveryCodesSummary') });
  },
});

declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'recovery-codes': typeof messages;
  }
}
