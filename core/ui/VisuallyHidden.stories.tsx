import type { Meta, StoryObj } from '@storybook/react-vite';
import { VisuallyHidden } from './VisuallyHidden';

const meta = {
  title: 'UI/VisuallyHidden',
  component: VisuallyHidden,
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Only the icon shows; screen readers hear "Close". */
export const IconButtonLabel: Story = {
  render: () => (
    <button type="button" css={{ display: 'inline-flex', padding: 8 }}>
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
      <VisuallyHidden>Close</VisuallyHidden>
    </button>
  ),
};
