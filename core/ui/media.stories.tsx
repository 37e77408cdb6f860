import { useTheme } from '@emotion/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { media, useViewportClass } from './media';

/** Shows which breakpoint class is active: Loki's 375 / 1024 / 1366 widths give mobile / xlarge / wide. */
function BreakpointProbe() {
  const theme = useTheme();
  const m = media(theme);
  const current = useViewportClass();
  const cell = { padding: 8, border: `1px solid ${theme.colors.border}`, borderRadius: 4 };
  return (
    <div css={{ display: 'grid', gap: 8, maxWidth: 480, color: theme.colors.text }}>
      <strong>Viewport class: {current}</strong>
      <div css={{ ...cell, background: theme.colors.surface, [m.mobile]: { background: theme.colors.warning, color: '#fff' } }}>mobile (&lt; 768)</div>
      <div css={{ ...cell, background: theme.colors.surface, [m.large]: { background: theme.colors.info, color: '#fff' } }}>large (&lt; 1024)</div>
      <div css={{ ...cell, background: theme.colors.surface, [m.xlarge]: { background: theme.colors.success, color: '#fff' } }}>xlarge (&lt; 1366)</div>
      <div css={{ ...cell, background: theme.colors.surface, [m.wide]: { background: theme.colors.primary, color: '#fff' } }}>wide (≥ 1366)</div>
    </div>
  );
}

const meta = {
  title: 'UI/Media',
  component: BreakpointProbe,
} satisfies Meta<typeof BreakpointProbe>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Breakpoints: Story = {};
