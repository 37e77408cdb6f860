import { type RefCallback, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How a table shows: as it is, with each row's actions behind a menu, or stacked (rows as cards). */
export type TableFit = 'wide' | 'menu' | 'stacked';

/**
 * Picks the first of `steps` in which the table fits the width its column leaves it, so the page
 * never scrolls sideways. Measured, not a breakpoint: beside the account menu a 1024 px screen
 * leaves a table 680 px, and the language and the rows decide what it needs. A new width, language
 * or `content` (the rows, as loaded) tries the widest form again; the measuring happens before
 * paint. `steps` must be a constant. Below 1024 px the table stacks by CSS whatever this says
 * (stackedTableCss).
 */
export function useTableFit(steps: readonly TableFit[], content: unknown): { ref: RefCallback<HTMLElement>; fit: TableFit } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [box, setBox] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  const [fit, setFit] = useState<TableFit>(steps[0] ?? 'wide');
  const ref = useCallback((el: HTMLElement | null) => setBox(el), []);

  useEffect(() => {
    if (!box || typeof ResizeObserver === 'undefined') return; // jsdom: no layout, the widest form
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);

  useLayoutEffect(() => setFit(steps[0] ?? 'wide'), [width, content, language, steps]);

  useLayoutEffect(() => {
    if (!box || box.clientWidth === 0 || box.scrollWidth <= box.clientWidth + 1) return;
    const next = steps[steps.indexOf(fit) + 1];
    if (next) setFit(next);
  }, [box, fit, width, content, language, steps]);

  return { ref, fit };
}
