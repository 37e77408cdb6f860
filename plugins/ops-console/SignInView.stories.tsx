import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@portal/plugin-api';
import { inArabic, typeInto, until, untilText } from '@portal/plugin-api/testing';
import { OPS_CALLS as C, type OpsFactor } from './contract';
import { SignInView } from './SignInView';
import { loaders, opsDecorator } from './storyKit';
import { ADMIN_ME, cannedOps } from './testing';

/*
 * `/ops` signed out: the console's sign-in card. The second step is reached as an operator does:
 * the play function types an address and a password and submits (no clicks: Loki disables
 * pointer events). A card: shot at a phone width too.
 */

/** Signs in up to the step that shows `then` (a text, or an element's selector for a story in another language). */
async function signIn(root: HTMLElement, then: string | { selector: string }) {
  const email = await until(() => root.querySelector<HTMLInputElement>('input[type="email"]'), 'the address field');
  typeInto(email, 'ana.admin@vendor.example');
  typeInto(root.querySelector<HTMLInputElement>('input[type="password"]')!, 'correct horse battery');
  root.querySelector('form')!.requestSubmit();
  if (typeof then === 'string') await untilText(root, then);
  else await until(() => root.querySelector(then.selector), then.selector);
}

const secondStep = (methods: OpsFactor[]) => cannedOps({ [`POST ${C.signIn}`]: { methods }, [`POST ${C.signInTotp}`]: ADMIN_ME });

const meta: Meta = {
  title: 'Plugins/OpsConsole/SignInView',
  parameters: { layout: 'fullscreen', path: '/ops' },
  loaders,
  decorators: [opsDecorator],
  render: () => <SignInView onSignedIn={() => undefined} />,
};
export default meta;
type Story = StoryObj;

/** The address and the password. */
export const Empty: Story = { parameters: { ops: cannedOps({}) } };

/** Submitted empty: each field says what it needs. */
export const Required: Story = {
  parameters: { ops: cannedOps({}) },
  play: async ({ canvasElement }) => {
    (await until(() => canvasElement.querySelector('form'), 'the form')).requestSubmit();
    await untilText(canvasElement, 'Enter your password.');
  },
};

/** -20601: the address or the password is wrong (the console does not say which). */
export const WrongPassword: Story = {
  parameters: { ops: cannedOps({ [`POST ${C.signIn}`]: new ApiError(-20601, 'wrong credentials', 401) }) },
  play: ({ canvasElement }) => signIn(canvasElement, 'Wrong email address or password.'),
};

/** The second step of an operator with a passkey and an authenticator app. */
export const SecondStepPasskeyAndCode: Story = {
  parameters: { ops: secondStep(['passkey', 'totp']) },
  play: ({ canvasElement }) => signIn(canvasElement, 'Use passkey'),
};

/** The second step of an operator with an authenticator app only: the code's button is the primary one. */
export const SecondStepCodeOnly: Story = {
  parameters: { ops: secondStep(['totp']) },
  play: ({ canvasElement }) => signIn(canvasElement, 'Verify'),
};

/** The second step of an operator with a passkey only. */
export const SecondStepPasskeyOnly: Story = {
  parameters: { ops: secondStep(['passkey']) },
  play: ({ canvasElement }) => signIn(canvasElement, 'Use passkey'),
};

/** An operator left with no second factor cannot go on. */
export const NoSecondFactor: Story = {
  parameters: { ops: secondStep([]) },
  play: ({ canvasElement }) => signIn(canvasElement, 'This operator has no second factor.'),
};

/** In Arabic: the card mirrored. */
export const Arabic: Story = inArabic(Empty);

/** The second step in Arabic: the code field and its buttons mirrored. */
export const ArabicSecondStep: Story = inArabic(SecondStepPasskeyAndCode, { play: ({ canvasElement }) => signIn(canvasElement, { selector: 'input[autocomplete="one-time-code"]' }) });
