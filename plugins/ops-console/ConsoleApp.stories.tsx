import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@portal/plugin-api';
import { untilText } from '@portal/plugin-api/testing';
import ConsoleApp from './ConsoleApp';
import { OPS_CALLS as C } from './contract';
import { loaders, opsDecorator } from './storyKit';
import { cannedOps, pendingOps } from './testing';

/*
 * `/ops` before a section shows: the console asks who is signed in (`GET /me`) first. Its
 * signed-in sections are the OperatorsView and AuditView stories, the sign-in the SignInView's.
 */

const meta: Meta = {
  title: 'Plugins/OpsConsole/ConsoleApp',
  parameters: { layout: 'fullscreen', path: '/ops' },
  loaders,
  decorators: [opsDecorator],
  render: () => <ConsoleApp />,
};
export default meta;
type Story = StoryObj;

/** `/me` is on its way. */
export const Loading: Story = { parameters: { ops: pendingOps } };

/** `/me` did not come (no answer): Try again. */
export const LoadFailed: Story = {
  parameters: { ops: cannedOps({ [`GET ${C.me}`]: new ApiError(0, undefined, 0) }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Try again'),
};

/** 401: no console session, so the sign-in. */
export const SignedOut: Story = {
  parameters: { ops: cannedOps({ [`GET ${C.me}`]: new ApiError(-3092, 'signed out', 401) }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Sign in to the ops console'),
};
