import { useCallback, useState } from 'react';

export interface BoxSize {
  height: number;
  /** True when the content is taller than the box (it scrolls). */
  overflows: boolean;
}

/**
 * Callback ref + the element's height, kept current with a ResizeObserver. A
 * callback ref (not an effect) because portalled content, such as a dialog's,
 * mounts after its parent's effects have run.
 */
export function useBoxSize(): [(el: HTMLElement | null) => (() => void) | void, BoxSize] {
  const [size, setSize] = useState<BoxSize>({ height: 0, overflows: false });
  const ref = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const measure = () => {
      const next = { height: el.offsetHeight, overflows: el.scrollHeight > el.clientHeight };
      setSize((prev) => (prev.height === next.height && prev.overflows === next.overflows ? prev : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return; // jsdom
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}
