import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@portal/plugin-api';
import { inArabic, press, typeInto, until, untilText } from '@portal/plugin-api/testing';
import { HELPDESK_CALLS as C } from './contract';
import HelpdeskView from './HelpdeskView';
import { helpdeskDecorator, loaders, lookUp, portal } from './storyKit';
import { cannedOps, LOCKED, PENDING, VIEWER_ME } from './testing';

/*
 * The help desk's section of the ops console (/ops/helpdesk): the search, an account's state and
 * the actions, with the console's calls canned. A desktop tool, also shot at a phone's width.
 */

const found = (account = LOCKED) => cannedOps({ [`POST ${C.lookup}`]: { account } });
const shown = (email: string, text: string) => async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await lookUp(canvasElement, email, until, typeInto);
  await untilText(canvasElement, text);
};
const lockedShown = shown(LOCKED.email, 'Contoso Engineering');

const meta: Meta = {
  title: 'Plugins/OpsHelpdesk/HelpdeskView',
  parameters: { layout: 'fullscreen', ops: found() },
  loaders,
  decorators: [helpdeskDecorator],
  render: () => <HelpdeskView />,
};
export default meta;
type Story = StoryObj;

/** Before a look-up: the address field and Find account. */
export const Empty: Story = {};

/** The look-up is on its way: the button busy. */
export const Looking: Story = {
  parameters: { ops: cannedOps({ [`POST ${C.lookup}`]: () => new Promise(() => undefined) }) },
  play: async ({ canvasElement }) => {
    await lookUp(canvasElement, LOCKED.email, until, typeInto);
    await until(() => canvasElement.querySelector('section[aria-busy="true"]'), 'the busy search');
  },
};

/** No account has the address, in any region. */
export const NoAccount: Story = {
  parameters: { ops: cannedOps({ [`POST ${C.lookup}`]: { account: null } }) },
  play: shown('nobody@example.com', 'No account has the address'),
};

/** The look-up got no answer: said, and the address stays. */
export const LookupFailed: Story = {
  parameters: { ops: cannedOps({ [`POST ${C.lookup}`]: new ApiError(0, undefined, 0) }) },
  play: shown(LOCKED.email, 'The console did not answer.'),
};

/** A support operator: a locked account with two-factor authentication, a passkey, trusted browsers, sessions, a company, and the actions that apply. */
export const LockedAccount: Story = { play: lockedShown };

/** A pending account in another region with a long address: Resend activation mail is its one action. */
export const PendingAccount: Story = {
  parameters: { ops: found(PENDING) },
  play: shown(PENDING.email, 'Resend activation mail'),
};

/** A viewer reads the same account: no actions, and which role acts. */
export const AsViewer: Story = {
  parameters: { me: VIEWER_ME },
  play: lockedShown,
};

/** Unlock's dialog: what it does, and the reason asked. */
export const UnlockDialog: Story = {
  parameters: portal,
  play: async (context) => {
    await lockedShown(context);
    await press(context.canvasElement, 'Unlock');
    await until(() => document.querySelector('[role="dialog"]'), 'the unlock dialog');
  },
};

/** Removing two-factor authentication: the warning that a second factor confirms it. */
export const RemoveTwoFactorDialog: Story = {
  parameters: portal,
  play: async (context) => {
    await lockedShown(context);
    await press(context.canvasElement, 'Remove two-factor authentication');
    await until(() => document.querySelector('[role="dialog"]'), 'the dialog');
  },
};

/** An action that failed: the dialog stays with its error and the reason typed. */
export const ActionFailed: Story = {
  parameters: { ...portal, ops: cannedOps({ [`POST ${C.lookup}`]: { account: LOCKED }, [`POST ${C.signOut}`]: new ApiError(0, undefined, 0) }) },
  play: async (context) => {
    await lockedShown(context);
    await press(context.canvasElement, 'Sign out all sessions');
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    typeInto(dialog.querySelector('input')!, 'Lost laptop, ticket 12');
    await press(dialog, 'Sign out all sessions');
    await until(() => dialog.querySelector('[role="alert"]'), 'the error');
  },
};

/** In Arabic: mirrored, the addresses and devices kept left to right. */
export const Arabic: Story = inArabic(LockedAccount);
