import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Select, type SelectOption } from './Select';

const regions: SelectOption[] = [
  { value: 'CZ', label: 'Česko', group: 'Europe', hint: 'Data stored in Europe (eu-west-1)' },
  { value: 'DE', label: 'Germany', group: 'Europe', hint: 'Data stored in Europe (eu-west-1)' },
  { value: 'FR', label: 'France', group: 'Europe', hint: 'Data stored in Europe (eu-west-1)' },
  { value: 'SG', label: 'Singapore', group: 'Asia Pacific', hint: 'Data stored in Singapore (ap-southeast-1)' },
  { value: 'KR', label: 'South Korea', group: 'Asia Pacific', hint: 'Data stored in Singapore (ap-southeast-1)' },
  { value: 'US', label: 'United States', group: 'North America', hint: 'Data stored in North America (us-east-1)' },
];

const topics: SelectOption[] = Array.from({ length: 26 }, (_, i) => ({ value: `t${i}`, label: `Topic ${String.fromCharCode(65 + i)}` }));

interface DemoProps {
  multiple?: boolean;
  initial?: string[];
  options?: SelectOption[];
  error?: string;
  hint?: string;
  disabled?: boolean;
  forceOpen?: boolean;
  label?: string;
}

/** Holds the value like a form would; the list needs room below the input to fit in the screenshot. */
function Demo({ multiple = false, initial = [], options = regions, label = 'Country/region', ...rest }: DemoProps) {
  const [single, setSingle] = useState<string | null>(initial[0] ?? null);
  const [many, setMany] = useState<string[]>(initial);
  return (
    <div css={{ maxWidth: 400, minHeight: rest.forceOpen ? 380 : undefined }}>
      {multiple ? (
        <Select multiple label={label} options={options} value={many} onChange={setMany} {...rest} />
      ) : (
        <Select label={label} options={options} value={single} onChange={setSingle} required {...rest} />
      )}
    </div>
  );
}

const meta = {
  title: 'UI/Select',
  component: Demo,
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Selected: Story = { args: { initial: ['SG'] } };
export const OpenWithGroups: Story = { args: { forceOpen: true, initial: ['DE'] } };
export const WithHintAndError: Story = { args: { hint: 'Your data is stored in the chosen region.', error: 'This field is required' } };
export const Disabled: Story = { args: { initial: ['DE'], disabled: true } };
export const Multiple: Story = { args: { multiple: true, label: 'Topics', options: topics, initial: ['t0', 't1', 't2'] } };

/** 26 selected: 20 tags, then "+6 more". */
export const MultipleOverflow: Story = {
  args: { multiple: true, label: 'Topics', options: topics, initial: topics.map((t) => String(t.value)) },
};

export const MultipleOpen: Story = { args: { multiple: true, label: 'Topics', options: topics.slice(0, 6), initial: ['t1'], forceOpen: true } };

export const NoResults: Story = {
  args: { forceOpen: true, options: [] },
};

export const RightToLeft: Story = {
  args: {
    label: 'الدولة/المنطقة',
    forceOpen: true,
    options: [
      { value: 'AE', label: 'الإمارات', group: 'أوروبا', hint: 'تخزين البيانات في أوروبا' },
      { value: 'SA', label: 'السعودية', group: 'أوروبا' },
    ],
    initial: ['AE'],
  },
  parameters: { dir: 'rtl' },
};
