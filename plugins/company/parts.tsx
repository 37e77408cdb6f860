import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { cardCss } from '@portal/plugin-api';

/** The account area's card (themes/design.md), which every company screen sits on. */
export function Card({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const theme = useTheme();
  return (
    <section
      aria-labelledby={labelledBy}
      css={cardCss(theme)}
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
