import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingImage } from './LoadingImage';

const meta = {
  title: 'UI/LoadingImage',
  component: LoadingImage,
} satisfies Meta<typeof LoadingImage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Medium: Story = {};
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg', label: 'Loading invitation' } };
export const CustomPixels: Story = { args: { size: 28 } };
export const FullPage: Story = { args: { fullPage: true } };
