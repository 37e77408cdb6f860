import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextArea } from './TextArea';

const meta = {
  title: 'UI/TextArea',
  component: TextArea,
  args: { label: 'Redirect URIs', hint: 'One a line.' },
  decorators: [(Story) => <div css={{ maxWidth: 400 }}>{Story()}</div>],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithValue: Story = { args: { dir: 'ltr', defaultValue: 'https://travel.example/callback\nhttps://travel.example/silent' } };
export const WithError: Story = { args: { required: true, defaultValue: 'https://travel.example/callback#here', error: 'An address must not end with a # part.' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'https://travel.example/callback' } };
