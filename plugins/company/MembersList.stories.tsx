import { inArabic } from '@portal/plugin-api/testing';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { asRole, company, members } from './fixtures';
import { MembersList } from './MembersList';
import { companyDecorator, failing, http, loaders, pendingHttp, portal, waitForText } from './storyKit';

const noop = async () => undefined;
const listed = http({ '/orgs/org-1/members': { members } });
/** The page column the account shell leaves beside its menu on a 1024 px screen. */
const accountColumn: Decorator = (Story) => (
  <div style={{ maxWidth: 732 }}>
    <Story />
  </div>
);
/** Wide enough for the members table, too narrow for a row's three buttons on one line. */
const menuColumn: Decorator = (Story) => (
  <div style={{ maxWidth: 940 }}>
    <Story />
  </div>
);

const meta: Meta = {
  title: 'Plugins/Company/MembersList',
  loaders,
  decorators: [companyDecorator],
  parameters: { sub: '/members', http: listed },
  render: (_args, { parameters }) => <MembersList company={company} onChanged={noop} {...(parameters.props as object)} />,
};
export default meta;
type Story = StoryObj;

/** Owner: invite, re-invite (pending and expired), change role and remove; long names cut at 25 characters. */
export const AsOwner: Story = { play: () => waitForText('Invitation expired') };

/** Admin: acts on plain members only. */
export const AsAdmin: Story = { parameters: { props: { company: asRole('admin') } }, play: () => waitForText('Invitation expired') };

/** Member: the list only. */
export const AsMember: Story = { parameters: { props: { company: asRole('member') } }, play: () => waitForText('Invitation expired') };

export const Loading: Story = { parameters: { http: pendingHttp } };

export const LoadFailed: Story = { parameters: { http: http({ '/orgs/org-1/members': failing(-40005) }) }, play: () => waitForText('could not be loaded') };

/** The invite dialog (emails, role, the company's region only). */
export const InviteDialog: Story = {
  parameters: { ...portal, props: { initialDialog: { kind: 'invite' } } },
  play: () => waitForText('Send invitations'),
};

/** Addresses as chips, a malformed one marked: it will be left out, the others invited. */
export const InviteDialogChips: Story = {
  parameters: { ...portal, props: { initialDialog: { kind: 'invite', emails: 'new.colleague@partner-example.com second.hire@partner-example.com not-an-address maximiliana.alexandrina.hohenzollern@partner-example.com' } } },
  play: () => waitForText('will not be invited'),
};

/** The chips in Arabic: the addresses keep their left-to-right order inside the mirrored field. */
export const ArabicChips: Story = inArabic(InviteDialogChips, { play: () => waitForText('not-an-address') });

/** A batch's results: the valid addresses were invited, the others say why in the inviter's words. */
export const InviteReport: Story = {
  parameters: {
    ...portal,
    props: {
      initialDialog: {
        kind: 'invite',
        report: {
          invited: ['new.colleague@partner-example.com', 'second.hire@partner-example.com'],
          refused: [
            { email: 'member@example.com', errorCode: -40007 },
            { email: 'not-an-address', errorCode: -20200 },
            { email: 'waiting@partner-example.com', errorCode: -40011 },
            { email: 'cancelled@partner-example.com', errorCode: -40021 },
          ],
        },
      },
    },
  },
  play: () => waitForText('Invitation results'),
};

/** Changing a role, as the owner (who may also hand over ownership). */
export const ChangeRoleDialog: Story = {
  parameters: { ...portal, props: { initialDialog: { kind: 'role', member: members[1] } } },
  play: () => waitForText('Change the role of'),
};

export const RemoveConfirm: Story = {
  parameters: { ...portal, props: { initialDialog: { kind: 'remove', member: members[2] } } },
  play: () => waitForText('from the company?'),
};

export const RightToLeft: Story = { parameters: { dir: 'rtl' }, play: () => waitForText('Invitation expired') };

/** In Arabic: the members table (stacked below 1024 px) mirrored. */
export const Arabic: Story = inArabic(RightToLeft, { play: () => waitForText('انتهت صلاحية الدعوة') });

/** Beside the account menu a 1024 px screen leaves the page 732 px: too narrow for this table, its rows stack; nothing is cut off. */
export const InTheAccountColumn: Story = { decorators: [accountColumn], play: () => waitForText('Invitation expired') };

/** A column wide enough for the table but not for each row's buttons on one line: one actions menu per row (one open). */
export const ActionsMenuOpen: Story = { decorators: [menuColumn], parameters: { props: { openMenuFor: members[3]!.email } }, play: () => waitForText('Invitation expired') };

/** In Arabic, in the account column: the menus mirrored. */
export const ArabicMenus: Story = inArabic(ActionsMenuOpen, { play: () => waitForText('انتهت صلاحية الدعوة') });
