import type { Meta, StoryObj } from '@storybook/react-vite';
import { until } from '@portal/plugin-api/testing';
import { ConfirmDialog } from './ConfirmDialog';
import type { OperatorMe } from './contract';
import { loaders, opsDecorator, portal } from './storyKit';
import { ADMIN_ME, cannedOps, VIEWER_ME } from './testing';

/*
 * A dangerous change (an invitation, a role, disabling) asks for the second factor again: the
 * dialog open, rendered with the operator whose factors it offers. A desktop tool: shot at 1024 and 1366.
 */

const meta: Meta = {
  title: 'Plugins/OpsConsole/ConfirmDialog',
  parameters: { ...portal, layout: 'fullscreen', ops: cannedOps({}) },
  loaders,
  decorators: [opsDecorator],
  render: (_args, { parameters }) => <ConfirmDialog me={parameters.me as OperatorMe} open onDone={() => undefined} />,
  play: async () => {
    await until(() => document.querySelector('[role="dialog"] input[autocomplete="one-time-code"]'), 'the confirmation dialog');
  },
};
export default meta;
type Story = StoryObj;

/** An admin with a passkey and an authenticator app: the passkey first, the code below. */
export const PasskeyAndCode: Story = { parameters: { me: ADMIN_ME } };

/** An operator with an authenticator app only. */
export const CodeOnly: Story = { parameters: { me: VIEWER_ME } };
