import type { CSSObject } from '@emotion/react';
import type { ThemeTokens } from '../../themes/tokens';

/**
 * The one visible keyboard focus style. Only :focus-visible, so mouse users do
 * not see rings after clicking while keyboard users always do.
 */
export const focusRing = (theme: ThemeTokens): CSSObject => ({
  outline: 'none',
  '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
});
