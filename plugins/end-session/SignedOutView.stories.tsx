import type { Meta, StoryObj } from '@storybook/react-vite';
import { type Registry } from '@portal/plugin-api';
import { cannedHttp, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import endSession from './index';
import SignedOutView from './SignedOutView';

type Loaded = { registry: Registry };

/** Signed out at a service's request, with no page of the service to return to. */
const meta: Meta = {
  title: 'Plugins/EndSession/SignedOutView',
  parameters: { layout: 'fullscreen' },
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([endSession]) })],
  render: (_args, { loaded }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={cannedHttp({})} path="/signed-out">
      <SignedOutView />
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

export const SignedOut: Story = {};

export const DarkTheme: Story = { parameters: { theme: 'midnight' } };
