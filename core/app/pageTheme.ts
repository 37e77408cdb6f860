import { atom, useAtomValue } from 'jotai';
import type { ThemeTokens } from '../../themes/tokens';

/**
 * A page's own theme over the deployment's: the login page sets its client's theme here for
 * as long as it shows, so the toasts, modals and title drawn outside the page follow it too.
 * Null: the deployment theme.
 */
export const pageThemeAtom = atom<ThemeTokens | null>(null);

/** The theme everything renders with now. */
export function useActiveTheme(deployment: ThemeTokens): ThemeTokens {
  return useAtomValue(pageThemeAtom) ?? deployment;
}
