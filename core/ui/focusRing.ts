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

/**
 * Elements the page focuses itself, so that a screen reader reads them out: a view's heading
 * after a switch, a result line after a batch (themes/design.md, "focus"). They have tabindex -1,
 * so Tab never reaches them and a keyboard ring would point at nothing the user can act on;
 * Chromium still matches :focus-visible on them after a key press, hence no outline at all.
 */
export const focusTargetCss: CSSObject = { outline: 'none' };

/** For a container whose headings may be focused that way (a view host): the same, for each. */
export const focusTargetHeadingsCss: CSSObject = {
  // '& ' makes it a descendant: stylis reads a nested selector that starts with ':' as the container's own pseudo-class.
  '& :is(h1, h2, h3)[tabindex="-1"]': focusTargetCss,
};

/** Focuses `element` to have it read out, making it focusable by script (only) first. */
export function focusForReading(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus();
}
