import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

/** The id of the login shell the server writes over the root on /login (server/http/loginShell.ts). */
export const BOOT_SHELL_ID = 'boot-shell';
/** The page the shell is written for; the login layout releases it when its frame commits. */
const SHELL_PAGE = '/login';
/** If the login page never shows its frame (a plugin's bug), the shell still goes. */
const SAFETY_MS = 10_000;

/**
 * Removes the server's login shell. The login layout calls it in the commit that shows its own
 * frame, before that frame is painted, so the visitor goes from the shell straight to the page,
 * never through a spinner. Also called when the app fails to start, so the error shows.
 */
export function releaseBootShell(doc: Document = document): void {
  doc.getElementById(BOOT_SHELL_ID)?.remove();
}

/**
 * Beside the router inside the app's Suspense boundary: once the app shows anything, the shell goes
 * unless the address is still the login page (whose layout releases it), and at the latest after a while.
 */
export function BootShellRelease() {
  const [location] = useLocation();
  useLayoutEffect(() => {
    if (location !== SHELL_PAGE) return releaseBootShell();
    const timer = window.setTimeout(() => releaseBootShell(), SAFETY_MS);
    return () => window.clearTimeout(timer);
  }, [location]);
  return null;
}
