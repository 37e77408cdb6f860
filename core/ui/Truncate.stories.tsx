import type { Meta, StoryObj } from '@storybook/react-vite';
import { Truncate } from './Truncate';

const meta = {
  title: 'UI/Truncate',
  component: Truncate,
  args: { text: 'Northwind Traders International Holdings' },
  decorators: [(Story) => <div css={{ padding: '64px 24px 24px' }}>{Story()}</div>],
} satisfies Meta<typeof Truncate>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Truncated: Story = {};
export const ShortTextPlain: Story = { args: { text: 'Contoso' } };
export const CustomMax: Story = { args: { max: 10 } };

/** Focus shows the full text (the same tooltip as hover). */
export const FullTextOnFocus: Story = {
  play: ({ canvasElement }) => canvasElement.querySelector<HTMLElement>('[tabindex="0"]')?.focus(),
};

export const RightToLeft: Story = {
  args: { text: 'شركة الشرق الأوسط للتجارة والاستثمار المحدودة' },
  parameters: { dir: 'rtl' },
  play: ({ canvasElement }) => canvasElement.querySelector<HTMLElement>('[tabindex="0"]')?.focus(),
};
