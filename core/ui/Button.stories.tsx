import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, type ButtonSize, type ButtonVariant } from './Button';

const variants: ButtonVariant[] = ['primary', 'secondary', 'text', 'danger'];
const sizes: ButtonSize[] = ['sm', 'md', 'lg'];

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Sign in' },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = { args: { variant: 'primary' } };
export const Secondary: Story = { args: { variant: 'secondary', children: 'Back' } };
export const Text: Story = { args: { variant: 'text', children: 'Forgot password?' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Remove member' } };

/** Every variant in every state, side by side. */
export const Matrix: Story = {
  render: () => (
    <div css={{ display: 'grid', gap: 12 }}>
      {variants.map((variant) => (
        <div key={variant} css={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
          {sizes.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
          <Button variant={variant} disabled>
            Disabled
          </Button>
          <Button variant={variant} loading>
            Loading
          </Button>
        </div>
      ))}
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true } };

/** The label keeps its width under the spinner. */
export const Loading: Story = { args: { loading: true, children: 'Registration complete' } };

export const FullWidth: Story = { args: { fullWidth: true } };

export const FocusRing: Story = {
  play: ({ canvasElement }) => canvasElement.querySelector('button')?.focus(),
};

export const RightToLeft: Story = {
  render: () => (
    <div css={{ display: 'flex', gap: 12 }}>
      <Button>تسجيل الدخول</Button>
      <Button variant="secondary">رجوع</Button>
    </div>
  ),
  parameters: { dir: 'rtl' },
};
