import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { atLeast } from '@portal/plugin-api';

/** The white card every company screen sits on; wider on large screens (breakpoints 1024/1366). */
export function Card({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const theme = useTheme();
  return (
    <section
      aria-labelledby={labelledBy}
      css={{
        background: theme.colors.surface,
        borderRadius: theme.radius.lg,
        padding: theme.space(6),
        boxShadow: theme.shadow.card,
        maxWidth: 880,
        [atLeast(theme.breakpoints.xlarge)]: { maxWidth: 1080 },
      }}
    >
      {children}
    </section>
  );
}

export function Heading({ id, children }: { id: string; children: ReactNode }) {
  const theme = useTheme();
  return (
    <h1 id={id} css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(4)}` }}>
      {children}
    </h1>
  );
}

/** Buttons in a row that wraps on narrow screens. */
export function Actions({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), marginTop: theme.space(6) }}>{children}</div>;
}

/** Table styles shared by members and applications: scrolls sideways instead of breaking the layout. */
export const tableCss = {
  width: '100%',
  borderCollapse: 'collapse' as const,
  'th, td': { textAlign: 'start' as const, padding: '10px 8px', borderBottom: '1px solid rgba(127,127,127,0.25)', verticalAlign: 'middle' as const },
  'thead th': { fontWeight: 600, fontSize: '0.875rem' },
  'tbody th': { fontWeight: 400 },
  caption: { textAlign: 'start' as const, paddingBottom: 8, fontSize: '0.875rem' },
};
