import { useTheme } from '@emotion/react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ThemeTokens } from '../../themes/tokens';

/**
 * Smoke stories of the visual pipeline itself (tests/visual/README.md): they prove
 * the theme, RTL and portalled-dialog conventions end to end, whatever else exists.
 */

function Swatch({ name, value }: { name: string; value: string }) {
  const theme = useTheme();
  return (
    <div
      css={{
        display: 'flex',
        alignItems: 'center',
        gap: theme.space(2),
        padding: theme.space(2),
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radius.md,
        background: theme.colors.surface,
      }}
    >
      <span
        aria-hidden
        css={{
          width: 32,
          height: 32,
          flex: '0 0 auto',
          borderRadius: theme.radius.sm,
          background: value,
          border: `1px solid ${theme.colors.border}`,
        }}
      />
      <span css={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <strong css={{ fontSize: theme.font.sizeSm }}>{name}</strong>
        <code css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{value}</code>
      </span>
    </div>
  );
}

function ThemeTokensSheet() {
  const theme = useTheme();
  const colors = Object.entries(theme.colors) as Array<[keyof ThemeTokens['colors'], string]>;
  return (
    <section css={{ maxWidth: 960, color: theme.colors.text }}>
      <h1 css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(4)}` }}>Theme “{theme.name}”</h1>
      <div
        css={{
          display: 'grid',
          gap: theme.space(3),
          gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
        }}
      >
        {colors.map(([name, value]) => (
          <Swatch key={name} name={name} value={value} />
        ))}
      </div>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: theme.space(4), marginTop: theme.space(6) }}>
        <span css={{ fontSize: theme.font.sizeSm }}>Small 13</span>
        <span css={{ fontSize: theme.font.sizeMd }}>Medium 15</span>
        <span css={{ fontSize: theme.font.sizeLg }}>Large 18</span>
        <span css={{ fontSize: theme.font.sizeXl }}>Extra large 24</span>
      </div>
    </section>
  );
}

function Toolbar() {
  const theme = useTheme();
  return (
    <div
      css={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: theme.space(3),
        maxWidth: 480,
        padding: theme.space(4),
        background: theme.colors.surface,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radius.md,
        boxShadow: theme.shadow.card,
      }}
    >
      <span css={{ fontSize: theme.font.sizeLg }}>Start</span>
      <button
        type="button"
        css={{
          padding: `${theme.space(2)} ${theme.space(4)}`,
          border: 0,
          borderRadius: theme.radius.sm,
          background: theme.colors.primary,
          color: theme.colors.primaryText,
          font: 'inherit',
        }}
      >
        End button
      </button>
    </div>
  );
}

function PortalDialog() {
  const theme = useTheme();
  return (
    <Dialog open onClose={() => undefined} css={{ position: 'relative', zIndex: theme.zIndex.modal }}>
      <div aria-hidden css={{ position: 'fixed', inset: 0, background: theme.colors.overlay }} />
      <div css={{ position: 'fixed', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: theme.space(4) }}>
        <DialogPanel
          css={{
            width: '100%',
            maxWidth: 400,
            padding: theme.space(6),
            background: theme.colors.surface,
            color: theme.colors.text,
            borderRadius: theme.radius.lg,
            boxShadow: theme.shadow.modal,
            fontFamily: theme.font.family,
          }}
        >
          <DialogTitle css={{ margin: 0, fontSize: theme.font.sizeLg }}>Portalled dialog</DialogTitle>
          <p css={{ color: theme.colors.textMuted }}>Rendered into #headlessui-portal-root, outside #storybook-root.</p>
          <button
            type="button"
            css={{
              padding: `${theme.space(2)} ${theme.space(4)}`,
              border: 0,
              borderRadius: theme.radius.sm,
              background: theme.colors.primary,
              color: theme.colors.primaryText,
              font: 'inherit',
            }}
          >
            OK
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

const meta = {
  title: 'Visual/Smoke',
  component: ThemeTokensSheet,
} satisfies Meta<typeof ThemeTokensSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DefaultTheme: Story = {};

export const MidnightTheme: Story = {
  parameters: { theme: 'midnight' },
};

export const RightToLeft: Story = {
  render: () => <Toolbar />,
  parameters: { dir: 'rtl' },
};

export const PortalledDialog: Story = {
  render: () => <PortalDialog />,
  parameters: { loki: { chromeSelector: '#headlessui-portal-root' } },
};
