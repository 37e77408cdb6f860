import type { Meta, StoryObj } from '@storybook/react-vite';
import { lazy } from 'react';
import { NotAvailable } from './NotAvailable';
import { PluginBoundary } from './PluginBoundary';

function Broken(): never {
  throw new Error('a view bug');
}
/** A view whose code never arrives: the boundary's loading state. */
const NeverLoads = lazy(() => new Promise<{ default: () => null }>(() => {}));

const meta: Meta = { title: 'Core/PluginBoundary' };
export default meta;
type Story = StoryObj;

export const ViewFailed: Story = {
  render: () => (
    <PluginBoundary pluginId="company">
      <Broken />
    </PluginBoundary>
  ),
};

export const ViewLoading: Story = {
  render: () => (
    <PluginBoundary pluginId="company">
      <NeverLoads />
    </PluginBoundary>
  ),
};

export const EntryNotAvailable: Story = { render: () => <NotAvailable /> };

/** A guard could not reach the server (busy, offline): the same page, with a way to try again. */
export const EntryCouldNotCheck: Story = { render: () => <NotAvailable onRetry={() => {}} /> };
