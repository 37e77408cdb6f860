import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@portal/plugin-api';
import { inArabic, until, untilText } from '@portal/plugin-api/testing';
import { OPS_CALLS as C } from './contract';
import { EnrolView } from './EnrolView';
import { loaders, opsDecorator } from './storyKit';
import { cannedOps, ENROLMENT, pendingOps, TOTP_SECRET } from './testing';

/*
 * `/ops/enrol#<token>`: an invited operator sets up the account. The view takes the invitation's
 * token from the address's fragment, so every story opens with one there (the loader puts it in);
 * what the link is worth is the canned `POST /enrol/check`. A card: shot at a phone width too.
 */

const withToken = async () => {
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#story-invitation-token`);
  return {};
};

const ready = cannedOps({ [`POST ${C.enrolCheck}`]: ENROLMENT, [`POST ${C.enrolTotp}`]: TOTP_SECRET });
const formShown = (root: HTMLElement) => until(() => root.querySelector<HTMLInputElement>('input[type="radio"][value="totp"]'), 'the enrolment form');

const meta: Meta = {
  title: 'Plugins/OpsConsole/EnrolView',
  parameters: { layout: 'fullscreen', path: '/ops/enrol' },
  loaders: [...loaders, withToken],
  decorators: [opsDecorator],
  render: () => <EnrolView onEnrolled={() => undefined} />,
};
export default meta;
type Story = StoryObj;

/** The link is being checked. */
export const CheckingLink: Story = { parameters: { ops: pendingOps } };

/** -20651: the link is used, expired or made up. */
export const InvalidLink: Story = {
  parameters: { ops: cannedOps({ [`POST ${C.enrolCheck}`]: new ApiError(-20651, 'invalid token', 400) }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'This invitation link is not valid any more.'),
};

/** A good link: the password twice and the second factor, a passkey by default. */
export const Ready: Story = {
  parameters: { ops: ready },
  play: async ({ canvasElement }) => {
    await formShown(canvasElement);
  },
};

/** Submitted empty: the password's rule under the field. */
export const PasswordTooShort: Story = {
  parameters: { ops: ready },
  play: async ({ canvasElement }) => {
    await formShown(canvasElement);
    canvasElement.querySelector('form')!.requestSubmit();
    await until(() => canvasElement.querySelector('input[aria-invalid="true"]'), 'the password field marked');
  },
};

/** The authenticator app chosen: its key to type or open, and the field for its first code. */
export const AuthenticatorApp: Story = {
  parameters: { ops: ready },
  play: async ({ canvasElement }) => {
    (await formShown(canvasElement)).click();
    await until(() => canvasElement.querySelector('[data-testid="totp-secret"]'), 'the key');
  },
};

/** In Arabic: the form mirrored, the address in the intro kept left to right. */
export const Arabic: Story = inArabic(Ready);

/** The key in Arabic: it stays left to right inside the mirrored card. */
export const ArabicAuthenticatorApp: Story = inArabic(AuthenticatorApp);
