import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { Tooltip, type Placement } from './Tooltip';

const placements: Placement[] = ['top', 'bottom', 'left', 'right'];

/** Room around the trigger, so the open tooltip lies inside the screenshot. */
function Stage({ placement, label = placement }: { placement: Placement; label?: string }) {
  return (
    <div css={{ display: 'flex', justifyContent: 'center', alignItems: 'center', padding: '56px 130px', width: 'fit-content' }}>
      <Tooltip content="Stored in the EU" placement={placement} defaultOpen>
        <Button variant="secondary" size="sm">
          {label}
        </Button>
      </Tooltip>
    </div>
  );
}

const meta = {
  title: 'UI/Tooltip',
  component: Stage,
  args: { placement: 'top' },
} satisfies Meta<typeof Stage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Top: Story = {};
export const Bottom: Story = { args: { placement: 'bottom' } };
export const Left: Story = { args: { placement: 'left' } };
export const Right: Story = { args: { placement: 'right' } };

/** In RTL, left and right swap: "left" means towards the start of the line. */
export const RightToLeftLeft: Story = { args: { placement: 'left' }, parameters: { dir: 'rtl' } };
export const RightToLeftRight: Story = { args: { placement: 'right' }, parameters: { dir: 'rtl' } };

export const Closed: Story = {
  render: () => (
    <div css={{ padding: 24 }}>
      <Tooltip content="Hidden until hover or focus">
        <Button variant="secondary">Hover me</Button>
      </Tooltip>
    </div>
  ),
};

/** Keyboard focus opens it too. */
export const OnFocus: Story = {
  render: () => (
    <div css={{ padding: '56px 24px 24px' }}>
      <Tooltip content="Shown on keyboard focus">
        <Button variant="secondary">Focus me</Button>
      </Tooltip>
    </div>
  ),
  play: ({ canvasElement }) => canvasElement.querySelector('button')?.focus(),
};

export const AllPlacements: Story = {
  render: () => (
    <div css={{ display: 'flex', flexWrap: 'wrap' }}>
      {placements.map((p) => (
        <Stage key={p} placement={p} />
      ))}
    </div>
  ),
};
