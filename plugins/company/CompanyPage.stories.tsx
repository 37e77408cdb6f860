import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import CompanyPage from './CompanyPage';
import { asRole, certifiedCompany, noCompany, pendingApplication, withCompany } from './fixtures';
import { companyDecorator, failing, http, loaders, MINE_PATH, pendingHttp, waitForText } from './storyKit';

const meta: Meta = {
  title: 'Plugins/Company/CompanyPage',
  loaders,
  decorators: [companyDecorator],
  render: () => <CompanyPage />,
};
export default meta;
type Story = StoryObj;

/** No company yet: create one or join one. */
export const NoCompany: Story = { parameters: { http: http({ [MINE_PATH]: noCompany }) }, play: () => waitForText('You are not in a company yet') };

/** No company, one application waiting for approval. */
export const PendingApplication: Story = { parameters: { http: http({ [MINE_PATH]: pendingApplication }) }, play: () => waitForText('waiting for approval') };

/** The owner's view of an uncertified company: every field, edit, and the applications tab. */
export const InfoAsOwner: Story = { parameters: { http: http({ [MINE_PATH]: withCompany() }) }, play: () => waitForText('Company info') };

/** Certified: the badge and no edit button (read-only). */
export const Certified: Story = { parameters: { http: http({ [MINE_PATH]: withCompany(certifiedCompany) }) }, play: () => waitForText('Certified') };

/** A plain member: no edit, no applications tab, may leave. */
/** A member leaving: the confirm dialog's title says what it confirms. */
export const LeaveConfirm: Story = {
  parameters: { loki: { chromeSelector: '#headlessui-portal-root' }, http: http({ [MINE_PATH]: withCompany(asRole('member')) }) },
  play: async () => {
    await waitForText('Leave company');
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Leave company')?.click();
    await waitForText('Leave this company?');
  },
};

export const InfoAsMember: Story = { parameters: { http: http({ [MINE_PATH]: withCompany(asRole('member')) }) }, play: () => waitForText('Leave company') };

export const Loading: Story = { parameters: { http: pendingHttp } };

/** The first load failed: a message and a retry. */
export const LoadFailed: Story = { parameters: { http: http({ [MINE_PATH]: failing(-1) }) }, play: () => waitForText('could not be loaded') };

/** The choice screen routed to /create: the empty form. */
export const CreateRoute: Story = { parameters: { sub: '/create', http: http({ [MINE_PATH]: noCompany }) }, play: () => waitForText('Create company') };

export const RightToLeft: Story = { parameters: { dir: 'rtl', http: http({ [MINE_PATH]: withCompany() }) }, play: () => waitForText('Company info') };

export const DarkTheme: Story = { parameters: { theme: 'midnight', http: http({ [MINE_PATH]: withCompany() }) }, play: () => waitForText('Company info') };

/** Conflicting account information: the message, and neither create nor join is possible. */
export const ConflictingAccount: Story = {
  parameters: { http: http({ [MINE_PATH]: noCompany, '/accounts/conflictInfo': { conflict: true, errorCode: -40025, reasons: ['regionUnconfirmed'] } }) },
  play: () => waitForText('conflicts with another account'),
};

export const Arabic: Story = inArabic(RightToLeft, { play: () => waitForText('معلومات الشركة') });
