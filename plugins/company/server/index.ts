import { defineServerPlugin } from '@portal/server-api';
import { companyFacts } from './accountFacts';
import { mayReadLicense } from './companies';
import { acceptInvite, checkInviteForRegistration } from './invitations';
import { COMPANY_MAILS } from './notifications';
import { companyRoutes } from './routes';
import { eraseCompanyData } from './erasure';
import { applicationsOfAccount, companyMigrations, personalDataOfCompany } from './tables';
import { seedCompanies } from './demo';
import { companyDirectory } from './directory';

/**
 * The company feature's server half: companies, their members and applications, and the
 * invitations a company sends (their acceptance answers where the `invite` plugin is on).
 */
export default defineServerPlugin({
  id: 'company',
  migrations: { regional: companyMigrations },
  mails: COMPANY_MAILS,
  setup(host) {
    host.contribute('personalData', { ...personalDataOfCompany, erase: eraseCompanyData });
    host.contribute('demoData', { seed: seedCompanies });
    host.contribute('accountData', applicationsOfAccount);
    host.contribute('accountFacts', { facts: companyFacts });
    host.contribute('companyDirectory', companyDirectory);
    // A business licence is company data: its uploader and the company's members may read it.
    host.contribute('fileReader', { kind: 'license', mayRead: (ctx, file, reader) => mayReadLicense(ctx, file.region, file.id, file.uploaderId, reader) });
    host.contribute('registrationInvitation', { check: checkInviteForRegistration, accept: acceptInvite }, { plugin: 'invite' });
  },
  routes: (api, ctx) => companyRoutes(ctx)(api),
});
