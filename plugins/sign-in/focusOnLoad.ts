/**
 * Whether the sign-in form may put the cursor in its first field on load: only on a screen used
 * with a mouse or trackpad (a fine pointer that can hover) and at least the mobile breakpoint wide.
 * On phones and tablets focusing a field opens the on-screen keyboard, which covers half the page
 * (the heading, any alert, the language menu) before the user has read it; there the user taps
 * the field. A narrow desktop window is treated like a phone: its page is as cramped.
 */
export function mayFocusOnLoad(win: Pick<Window, 'matchMedia'>, mobileBreakpoint: number): boolean {
  if (typeof win.matchMedia !== 'function') return false;
  return win.matchMedia(`(hover: hover) and (pointer: fine) and (min-width: ${mobileBreakpoint}px)`).matches;
}
