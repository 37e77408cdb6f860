import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  type AcceptInviteResult,
  type HttpClient,
  type InviteInfo,
  type Registry,
} from '@portal/plugin-api';
import { cannedHttp, inArabic, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import invite from './index';
import InvitePage from './InvitePage';
import { InviteView, type InviteState } from './InviteView';

const CODE = 'Euw.demo-invite-code';

const demoInvite: InviteInfo = {
  invitedEmail: 'invitee@example.com',
  inviteCode: CODE,
  orgRegion: 'Euw',
  status: 'registered',
  orgId: 'org-1',
  orgName: 'Contoso Demo Ltd',
  inviterName: 'Olivia Owner',
  role: 'member',
  expiresAt: 1_900_000_000_000,
};
const demoJoined: AcceptInviteResult = { orgId: 'org-1', orgName: 'Contoso Demo Ltd', role: 'member' };
const noop = () => {};

/**
 * The states drawn from props (InviteView): deterministic, no calls and no timers. The
 * two page stories below go through the real InvitePage with the HTTP client mocked.
 */
const meta = {
  title: 'Plugins/Invite/InvitePage',
  component: InviteView,
  args: { state: { kind: 'loading' }, onSignIn: noop, onRetry: noop, onJoin: noop, onCompany: noop, onAccount: noop },
} satisfies Meta<typeof InviteView>;
export default meta;
type Story = StoryObj<typeof meta>;

const state = (s: InviteState) => ({ args: { state: s } });

export const Loading: Story = state({ kind: 'loading' });
export const RedirectingToRegistration: Story = state({ kind: 'redirecting', to: 'register' });
export const Expired: Story = state({ kind: 'invalid', invite: { ...demoInvite, status: 'expired' } });
export const LookupFailed: Story = state({ kind: 'lookupFailed', message: 'Network error. Check your connection and try again.' });
export const JoinOffer: Story = state({ kind: 'offer', invite: demoInvite, joining: false, error: null });
export const JoinOfferWithoutInviter: Story = state({ kind: 'offer', invite: { ...demoInvite, inviterName: '' }, joining: false, error: null });
export const Joining: Story = state({ kind: 'offer', invite: demoInvite, joining: true, error: null });
export const Joined: Story = state({ kind: 'joined', invite: demoInvite, result: demoJoined });
export const AcceptError: Story = state({
  kind: 'offer',
  invite: demoInvite,
  joining: false,
  error: { code: -40024, message: 'Your account information conflicts with another account.', final: true },
});
export const AlreadyInCompany: Story = state({
  kind: 'offer',
  invite: demoInvite,
  joining: false,
  error: { code: -40007, message: 'You already belong to a company. To join Contoso Demo Ltd, leave your current company first.', final: true },
});
/** A refusal another press cannot change, in the invitee's words: Join is disabled. */
export const CannotJoinOtherRegion: Story = state({
  kind: 'offer',
  invite: demoInvite,
  joining: false,
  error: {
    code: -40014,
    message: "Your account's data is kept in another region than Contoso Demo Ltd's (Europe (eu-west-1)), so your account cannot join it. Ask the person who invited you to invite an address whose account is in that region.",
    final: true,
  },
});
/** Signed in, a dead invitation (expired, used or revoked): what happened, and the way on to the account. */
export const ExpiredSignedIn: Story = state({ kind: 'invalid', invite: { ...demoInvite, status: 'expired' }, signedIn: true });
export const UnknownCodeSignedIn: Story = state({ kind: 'invalid', signedIn: true });
export const ArabicExpired: Story = inArabic(ExpiredSignedIn);
export const AlreadyAccepted: Story = state({ kind: 'accepted', invite: { ...demoInvite, status: 'accepted' }, signedIn: false });
export const AlreadyAcceptedSignedIn: Story = state({ kind: 'accepted', invite: { ...demoInvite, status: 'accepted' }, signedIn: true });
export const LongValues: Story = state({
  kind: 'offer',
  invite: {
    ...demoInvite,
    orgName: 'Internationale Handels- und Vertriebsgesellschaft für Netzwerktechnik mbH & Co. KG',
    inviterName: 'Maximiliana Alexandrina von Hohenzollern-Sigmaringen',
    invitedEmail: 'maximiliana.alexandrina.hohenzollern@very-long-partner-company-name.example.com',
    role: 'admin',
  },
  joining: false,
  error: null,
});
export const DarkTheme: Story = { ...JoinOffer, parameters: { theme: 'midnight' } };
export const RightToLeft: Story = { ...Joined, parameters: { dir: 'rtl' } };

/** The real page, mocked at the HTTP boundary. */
type Loaded = { registry: Registry };
function pageStory(http: HttpClient): Story {
  return {
    loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([invite]) })],
    render: (_args, { loaded }) => (
      <StoryPortal registry={(loaded as Loaded).registry} http={http} user={null} path={`/invite?inviteCode=${CODE}`}>
        <InvitePage />
      </StoryPortal>
    ),
  };
}

/** The look-up never answers: the loading image stays. */
const pending = new Promise<never>(() => {});
export const PageLoading: Story = pageStory({ get: () => pending, post: () => pending } as unknown as HttpClient);

/** The look-up says the invitation has expired: the invalid-invitation state (an unknown code goes to sign-in). */
export const PageExpired: Story = pageStory(cannedHttp({ [`/orgs/members/invitations/${encodeURIComponent(CODE)}`]: { ...demoInvite, status: 'expired' } }));
