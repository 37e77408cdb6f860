import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { ApplicationsList } from './ApplicationsList';
import { applications, company } from './fixtures';
import { companyDecorator, http, loaders, portal, waitForText } from './storyKit';

const noop = async () => undefined;
/** A narrow column: accept and reject do not fit side by side, so each row has one actions menu. */
const narrowColumn: Decorator = (Story) => (
  <div style={{ maxWidth: 560 }}>
    <Story />
  </div>
);

const meta: Meta = {
  title: 'Plugins/Company/ApplicationsList',
  loaders,
  decorators: [companyDecorator],
  parameters: { sub: '/applications', http: http({ '/orgs/org-1/members/unaudited': { applications } }) },
  render: (_args, { parameters }) => <ApplicationsList company={company} onChanged={noop} {...(parameters.props as object)} />,
};
export default meta;
type Story = StoryObj;

export const Pending: Story = { play: () => waitForText('Jan Dvořák') };

export const Empty: Story = { parameters: { http: http({ '/orgs/org-1/members/unaudited': { applications: [] } }) }, play: () => waitForText('no open applications') };

/** Accepting: the role is chosen in a dialog. */
export const AcceptDialog: Story = { parameters: { ...portal, props: { initialDialog: { kind: 'accept', application: applications[0] } } }, play: () => waitForText('Role in the company') };

export const RejectConfirm: Story = { parameters: { ...portal, props: { initialDialog: { kind: 'reject', application: applications[1] } } }, play: () => waitForText('Reject the application') };

export const RightToLeft: Story = { parameters: { dir: 'rtl' }, play: () => waitForText('Jan Dvořák') };

/** Where accept and reject do not fit side by side: one actions menu per row, shown open. */
export const ActionsMenuOpen: Story = { decorators: [narrowColumn], parameters: { props: { openMenuFor: applications[0]!.applicant.email } }, play: () => waitForText('Jan Dvořák') };
