import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';

/** Buttons in a row that wraps on narrow screens. */
export function Actions({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), marginTop: theme.space(6) }}>{children}</div>;
}
