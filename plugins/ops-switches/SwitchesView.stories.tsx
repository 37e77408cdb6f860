import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, ERROR_CODES as E } from '@portal/plugin-api';
import { inArabic, press, typeInto, until, untilText } from '@portal/plugin-api/testing';
import { SWITCHES_CALLS as C } from './contract';
import { portal, switchesDecorator, loaders, toggle } from './storyKit';
import SwitchesView from './SwitchesView';
import { cannedOps, LOADED, MFA_OFF_IN_APS, REFUSED, VIEWER_ME } from './testing';

/*
 * The switches section of the ops console (/ops/switches): each config's plugins per region, a
 * change previewed and applied, the history, with the console's calls canned. A desktop tool:
 * shot at 1024 and 1366.
 */

const ready = (root: HTMLElement) => untilText(root, 'Company pages are not offered in North America yet');
const withPreview = (answer: unknown) => cannedOps({ ...LOADED, [`POST ${C.preview('web')}`]: answer });
const mfaOffInAps = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await ready(canvasElement);
  await toggle(canvasElement, 'mfa in Aps', until);
};

const meta: Meta = {
  title: 'Plugins/OpsSwitches/SwitchesView',
  parameters: { layout: 'fullscreen' },
  loaders,
  decorators: [switchesDecorator],
  render: () => <SwitchesView />,
};
export default meta;
type Story = StoryObj;

/** An operator: the web's plugins per region (company off in Use, marked as the region's own), the other configs, the history with Restore. */
export const AsOperator: Story = { play: ({ canvasElement }) => ready(canvasElement) };

/** A viewer: the same, read only: no switch to turn, no Restore. */
export const AsViewer: Story = { parameters: { me: VIEWER_ME }, play: ({ canvasElement }) => ready(canvasElement) };

/** The configs are on their way. */
export const Loading: Story = { parameters: { ops: cannedOps({ [`GET ${C.overview}`]: () => new Promise(() => undefined) }) } };

/** No answer: Try again. */
export const LoadFailed: Story = {
  parameters: { ops: cannedOps({ [`GET ${C.overview}`]: new ApiError(0, undefined, 0) }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Try again'),
};

/** mfa turned off in Aps: the change, its effect, the reason and Apply. */
export const Previewed: Story = {
  parameters: { ops: withPreview(MFA_OFF_IN_APS) },
  play: async (context) => {
    await mfaOffInAps(context);
    await untilText(context.canvasElement, 'mfa disappears in Aps');
  },
};

/** A change the config check refuses: its problems, no Apply. */
export const Refused: Story = {
  parameters: { ops: withPreview(REFUSED) },
  play: async (context) => {
    await mfaOffInAps(context);
    await untilText(context.canvasElement, 'The change cannot be applied:');
  },
};

/** Another operator applied a version meanwhile: said, with the way to load it. */
export const Conflict: Story = {
  parameters: { ops: cannedOps({ ...LOADED, [`POST ${C.preview('web')}`]: MFA_OFF_IN_APS, [`POST ${C.apply('web')}`]: new ApiError(E.invalidParameter, undefined, 409, { field: 'baseVersion', current: 4 }) }) },
  play: async (context) => {
    await mfaOffInAps(context);
    await untilText(context.canvasElement, 'mfa disappears in Aps');
    typeInto(context.canvasElement.querySelector<HTMLInputElement>('form input')!, 'Rolled out later in Aps');
    await press(context.canvasElement, 'Apply');
    await untilText(context.canvasElement, 'Load the newest version');
  },
};

/** A change that also edits the redirect allow-list: said before Apply, and an operator's Apply is refused naming it. */
export const DeploymentFields: Story = {
  parameters: {
    ops: cannedOps({
      ...LOADED,
      [`POST ${C.preview('web')}`]: { ...MFA_OFF_IN_APS, deploymentFields: ['allowedRedirects'] },
      [`POST ${C.apply('web')}`]: new ApiError(E.permissionDenied, undefined, 403, { needs: 'deployment', role: 'operator', fields: ['allowedRedirects'] }),
    }),
  },
  play: async (context) => {
    await mfaOffInAps(context);
    await untilText(context.canvasElement, 'Only an admin may apply it.');
    typeInto(context.canvasElement.querySelector<HTMLInputElement>('form input')!, 'Partner site goes live');
    await press(context.canvasElement, 'Apply');
    await untilText(context.canvasElement, 'Only an admin may change allowedRedirects.');
  },
};

/** A plugin's settings: written for every region or one, and what each region's page gets now. */
export const SettingsDialog: Story = {
  parameters: portal,
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await press(canvasElement, 'Settings of account');
    await until(() => document.querySelector('[role="dialog"]'), 'the settings dialog');
  },
};

/** Restoring version 2: what it does, and the reason asked. */
export const RestoreDialog: Story = {
  parameters: portal,
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await press(canvasElement, 'Restore version 2');
    await until(() => document.querySelector('[role="dialog"]'), 'the restore dialog');
  },
};

/** In Arabic: mirrored, the plugin ids, region codes and JSON kept left to right. */
export const Arabic: Story = inArabic(AsOperator);
