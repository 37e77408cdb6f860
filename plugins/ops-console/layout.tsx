import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { cardCss } from '@portal/plugin-api';

/** The sign-in and enrolment pages: one card in the middle, the console's name above it. */
export function ConsoleCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const theme = useTheme();
  return (
    <main css={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: theme.space(4), boxSizing: 'border-box', background: theme.colors.background }}>
      <section aria-labelledby="ops-card-heading" css={{ ...cardCss(theme), width: '100%', maxWidth: 420 }}>
        <p css={{ margin: 0, color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>Unified ID</p>
        <h1 id="ops-card-heading" css={{ margin: `${theme.space(1)} 0 ${theme.space(4)}`, fontSize: theme.font.sizeXl }}>
          {title}
        </h1>
        {intro && <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted }}>{intro}</p>}
        {children}
      </section>
    </main>
  );
}
