import type { Meta, StoryObj } from '@storybook/react-vite';
import { StrengthMeter } from './StrengthMeter';

/** The four levels of spec section 5 (under 40, 40-59, 60-79, 80 and over). */
const meta = {
  title: 'UI/StrengthMeter',
  component: StrengthMeter,
  decorators: [(Story) => <div style={{ maxWidth: 400, padding: 16, paddingTop: 24 }}>{Story()}</div>],
} satisfies Meta<typeof StrengthMeter>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Weak: Story = { args: { id: 'meter', password: 'mqzvkwpr' } };
export const Medium: Story = { args: { id: 'meter', password: 'Xyz-12345' } };
export const Strong: Story = { args: { id: 'meter', password: 'Demo-pass-2024' } };
export const VeryStrong: Story = { args: { id: 'meter', password: 'xK#9mQ!2vL@7' } };

/** A commonly used password: weak whatever it is made of, and the label says why. */
export const Common: Story = { args: { id: 'meter', password: 'Password123!' } };
/** The server refused it as common (its list is longer than the meter's): weak as well. */
export const RefusedAsCommon: Story = { args: { id: 'meter', password: 'Left4dead', refusedAsCommon: true } };

export const AllLevels: Story = {
  args: { id: 'meter', password: '' },
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      {['mqzvkwpr', 'Xyz-12345', 'Demo-pass-2024', 'xK#9mQ!2vL@7'].map((p) => (
        <StrengthMeter key={p} id={`meter-${p.length}`} password={p} />
      ))}
    </div>
  ),
};
