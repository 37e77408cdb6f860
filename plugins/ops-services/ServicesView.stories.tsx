import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@portal/plugin-api';
import { inArabic, press, until, untilText } from '@portal/plugin-api/testing';
import { SERVICES_CALLS as C } from './contract';
import { ServicesView } from './ServicesView';
import { loaders, servicesDecorator } from './storyKit';
import { BASE_ANSWERS, cannedOps, VIEWER_ME } from './testing';

/*
 * The console's Services section (`/ops/services`): the list, as an operator and as a viewer, and
 * its loading, failed and empty states. The form of one service is in ServiceEditor's stories.
 */

const meta: Meta = {
  title: 'Plugins/OpsServices/ServicesView',
  parameters: { layout: 'fullscreen', ops: cannedOps(BASE_ANSWERS) },
  loaders,
  decorators: [servicesDecorator],
  render: () => <ServicesView />,
};
export default meta;
type Story = StoryObj;

const listed = (root: HTMLElement) => untilText(root, 'Field service app with a rather long name');

/** An operator: every service (one confidential mid-rotation, one public with a loopback redirect), Edit, New service. */
export const AsOperator: Story = { play: ({ canvasElement }) => listed(canvasElement) };

/** A viewer: View instead of Edit, no New service. */
export const AsViewer: Story = { parameters: { me: VIEWER_ME }, play: ({ canvasElement }) => listed(canvasElement) };

/** The list is on its way. */
export const Loading: Story = { parameters: { ops: cannedOps({ ...BASE_ANSWERS, [`GET ${C.services}`]: () => new Promise(() => undefined) }) } };

/** The list did not come (no answer): Try again. */
export const LoadFailed: Story = {
  parameters: { ops: cannedOps({ ...BASE_ANSWERS, [`GET ${C.services}`]: new ApiError(0, undefined, 0) }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Try again'),
};

/** No service is connected yet (no stored version either). */
export const Empty: Story = {
  parameters: { ops: cannedOps({ ...BASE_ANSWERS, [`GET ${C.services}`]: { version: null, services: [] } }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'No service is connected yet.'),
};

/** "New service" opens an empty form. */
export const NewFromList: Story = {
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'New service');
    await until(() => canvasElement.querySelector('#ops-service-editor-heading'), 'the form');
  },
};

/** In Arabic: the table mirrored, addresses and ids kept left to right. */
export const Arabic: Story = inArabic(AsOperator, { play: ({ canvasElement }) => untilText(canvasElement, 'Field service app with a rather long name') });
