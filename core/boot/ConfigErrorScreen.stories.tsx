import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfigErrorScreen } from './ConfigErrorScreen';

const meta: Meta<typeof ConfigErrorScreen> = {
  title: 'Core/ConfigErrorScreen',
  component: ConfigErrorScreen,
};
export default meta;
type Story = StoryObj<typeof ConfigErrorScreen>;

export const PluginField: Story = { args: { detail: "Plugin 'account': config field 'unifiedIdHomeUrl': must be an https URL" } };
export const DeploymentField: Story = { args: { detail: "Deployment config: field 'api.regions.Euw': is required" } };
