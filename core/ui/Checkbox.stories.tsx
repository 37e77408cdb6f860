import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { label: 'Send me product news' },
  decorators: [(Story) => <div css={{ maxWidth: 400 }}>{Story()}</div>],
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };

export const WithLinkAndError: Story = {
  args: {
    label: (
      <>
        I have read and accept the <a href="#terms">Terms of Use</a>.
      </>
    ),
    error: 'Please read and accept the Terms of Use.',
  },
};

export const Focused: Story = {
  play: ({ canvasElement }) => canvasElement.querySelector('input')?.focus(),
};

export const RightToLeft: Story = {
  args: { label: 'أوافق على شروط الاستخدام', error: 'يرجى قبول شروط الاستخدام.' },
  parameters: { dir: 'rtl' },
};
