import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField } from './TextField';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: { label: 'Email', placeholder: 'name@company.com' },
  decorators: [(Story) => <div css={{ maxWidth: 400 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithHint: Story = { args: { hint: 'Use your work address.' } };
export const WithValue: Story = { args: { defaultValue: 'ada@example.com' } };
export const WithError: Story = { args: { required: true, defaultValue: 'ada@', error: 'Invalid email address.' } };
export const ErrorAndHint: Story = { args: { hint: 'Use your work address.', error: 'This field is required' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'ada@example.com' } };
export const Password: Story = { args: { label: 'Password', type: 'password', defaultValue: 'correct horse' } };

export const PasswordRevealed: Story = {
  args: { label: 'Password', type: 'password', defaultValue: 'correct horse' },
  play: ({ canvasElement }) => canvasElement.querySelector<HTMLButtonElement>('button[aria-label]')?.click(),
};

export const HiddenLabel: Story = { args: { label: 'Search', hideLabel: true, placeholder: 'Search members' } };

export const Focused: Story = {
  play: ({ canvasElement }) => canvasElement.querySelector('input')?.focus(),
};

export const RightToLeft: Story = {
  args: { label: 'كلمة المرور', type: 'password', defaultValue: 'secret', error: 'هذا الحقل مطلوب' },
  parameters: { dir: 'rtl' },
};
