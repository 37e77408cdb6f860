import { useEffect, useState } from 'react';

/** How long after the form shows other sign-in methods start on their own. */
export const METHODS_AFTER_MS = 1000;

/**
 * True once the form has had the page to itself: at the visitor's first pointer or key, or
 * METHODS_AFTER_MS after the form showed. Other sign-in methods (their chunks, texts and calls)
 * start then, so they never stand in the form's own way to the screen.
 */
export function useAfterForm(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const go = () => setReady(true);
    const events = ['pointerdown', 'pointermove', 'keydown', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, go, { once: true, passive: true });
    const timer = window.setTimeout(go, METHODS_AFTER_MS);
    return () => {
      for (const name of events) window.removeEventListener(name, go);
      window.clearTimeout(timer);
    };
  }, [ready]);
  return ready;
}
