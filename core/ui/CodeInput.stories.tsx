import type { Meta, StoryObj } from '@storybook/react-vite';
import { CodeInput } from './CodeInput';

const meta = {
  title: 'UI/CodeInput',
  component: CodeInput,
  decorators: [(Story) => <div css={{ maxWidth: 400 }}>{Story()}</div>],
} satisfies Meta<typeof CodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Partial: Story = { args: { defaultValue: '123' } };
export const Complete: Story = { args: { defaultValue: '123456' } };
export const WithError: Story = { args: { defaultValue: '123456', error: 'The verification code is incorrect.' } };
export const Disabled: Story = { args: { defaultValue: '12', disabled: true } };
export const FourDigits: Story = { args: { length: 4, label: 'PIN' } };
export const HiddenLabel: Story = { args: { hideLabel: true } };

export const Focused: Story = {
  args: { defaultValue: '12' },
  play: ({ canvasElement }) => canvasElement.querySelectorAll('input')[2]?.focus(),
};

/** The boxes stay left to right: codes read that way in every language. */
export const RightToLeft: Story = {
  args: { defaultValue: '1234', label: 'رمز التحقق' },
  parameters: { dir: 'rtl' },
};
