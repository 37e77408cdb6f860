import { useTheme } from '@emotion/react';
import { useSyncExternalStore } from 'react';
import type { ThemeTokens } from '../../themes/tokens';

/** Viewport classes of spec section 9: mobile < 768, large < 1024, xlarge < 1366, wide beyond. */
export type ViewportClass = 'mobile' | 'large' | 'xlarge' | 'wide';
type Breakpoints = ThemeTokens['breakpoints'];

/** `@media` rule for widths strictly below `px` (0.02 px under, so it never overlaps `atLeast(px)`). */
export const below = (px: number) => `@media (max-width: ${px - 0.02}px)`;
/** `@media` rule for widths of `px` and more. */
export const atLeast = (px: number) => `@media (min-width: ${px}px)`;

/** Ready-made emotion media keys for a theme, e.g. `css={{ [media(theme).mobile]: { display: 'none' } }}`. */
export function media(theme: Pick<ThemeTokens, 'breakpoints'>) {
  const { mobile, large, xlarge } = theme.breakpoints;
  return {
    /** width < 768 */
    mobile: below(mobile),
    /** width < 1024 */
    large: below(large),
    /** width < 1366 */
    xlarge: below(xlarge),
    /** width >= 768 */
    tabletUp: atLeast(mobile),
    /** width >= 1024 */
    desktopUp: atLeast(large),
    /** width >= 1366 */
    wide: atLeast(xlarge),
  } as const;
}

/** Pure classification of a width, shared by hooks and guards (e.g. the company route on mobile). */
export function viewportClass(width: number, bp: Breakpoints): ViewportClass {
  if (width < bp.mobile) return 'mobile';
  if (width < bp.large) return 'large';
  if (width < bp.xlarge) return 'xlarge';
  return 'wide';
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

/** Current window.innerWidth, re-rendering on resize (0 outside the browser). */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth, () => 0);
}

/** Current window.innerHeight, re-rendering on resize (used for the modal's max content height). */
export function useViewportHeight(): number {
  return useSyncExternalStore(subscribe, () => window.innerHeight, () => 0);
}

/** Viewport class of the current width against the active theme's breakpoints. */
export function useViewportClass(): ViewportClass {
  const theme = useTheme();
  return viewportClass(useViewportWidth(), theme.breakpoints);
}
