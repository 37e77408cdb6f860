import { defineServerPlugin } from '@portal/server-api';
import { HELPDESK_MAILS, helpdeskRoutes } from './routes';

/**
 * The ops console's help desk (issue 28, section 4): finds an account in whichever region it lives,
 * shows its state (with what each installed feature says through the `accountFacts` point) and
 * acts for its owner: unlock, resend the activation mail, sign out everywhere, remove two-step
 * verification, revoke trusted browsers. Its calls live under /api/ops/helpdesk.
 */
export default defineServerPlugin({
  id: 'ops-helpdesk',
  mails: HELPDESK_MAILS,
  opsRoutes: (api, ctx) => helpdeskRoutes(ctx)(api),
  // The section's page: fetched by signed-in operators only.
  operatorAssets: ['HelpdeskView'],
});
