import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@portal/plugin-api';
import { inArabic, press, until, untilShown, untilText } from '@portal/plugin-api/testing';
import ConsoleApp from './ConsoleApp';
import { OPS_CALLS as C } from './contract';
import { loaders, opsDecorator, portal } from './storyKit';
import { ADMIN_ME, AUDIT, cannedOps, OPERATORS, VIEWER_ME } from './testing';

/*
 * `/ops/operators` signed in: the whole console (it reads `/me` first, then shows its shell and
 * the section), with the console's calls canned. A desktop tool: shot at 1024 and 1366.
 */

const answers = { [`GET ${C.me}`]: ADMIN_ME, [`GET ${C.operators}`]: OPERATORS, [`GET ${C.audit}`]: { items: AUDIT, next: null } };
const LONG = 'old.operator.with.a.long.address@regional-operations.vendor.example';
const listed = (root: HTMLElement) => untilText(root, LONG);

const meta: Meta = {
  title: 'Plugins/OpsConsole/OperatorsView',
  parameters: { layout: 'fullscreen', path: '/ops/operators', ops: cannedOps(answers) },
  loaders,
  decorators: [opsDecorator],
  render: () => <ConsoleApp />,
};
export default meta;
type Story = StoryObj;

/** An admin: every operator (one invited, one disabled with a long address), Change on all but the disabled one, and the invitation form. */
export const AsAdmin: Story = { play: ({ canvasElement }) => listed(canvasElement) };

/** A viewer: the list only, no Change buttons and no invitation form. */
export const AsViewer: Story = {
  parameters: { ops: cannedOps({ ...answers, [`GET ${C.me}`]: VIEWER_ME }) },
  play: ({ canvasElement }) => listed(canvasElement),
};

/** The list is on its way (the shell is there already). */
export const Loading: Story = {
  parameters: { ops: cannedOps({ ...answers, [`GET ${C.operators}`]: () => new Promise(() => undefined) }) },
  // 'Loading…' shows first in the console's own card (while `/me` and the section's chunk come): wait for the section.
  play: async ({ canvasElement }) => {
    await until(() => canvasElement.querySelector('#ops-operators-heading'), 'the operators section');
    await untilShown(canvasElement, 'Send invitation');
  },
};

/** The list did not come (no answer): Try again. */
export const LoadFailed: Story = {
  parameters: { ops: cannedOps({ ...answers, [`GET ${C.operators}`]: new ApiError(0, undefined, 0) }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Try again'),
};

/** An admin changes an operator: the role, or disabled, and why. */
export const ChangeDialog: Story = {
  parameters: portal,
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Change sam.support@vendor.example');
    await until(() => document.querySelector('[role="dialog"]'), 'the change dialog');
  },
};

/** In Arabic: the shell and the table mirrored, the addresses kept left to right. */
export const Arabic: Story = inArabic(AsAdmin);
