/** Pure geometry for the draggable modal, kept apart so it is tested without a layout engine. */

export interface Offset {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Pixels of the panel that must stay on screen, so its title bar can always be grabbed again. */
export const KEEP_VISIBLE = 48;

/**
 * Limits a drag offset so the title bar stays reachable: the top never leaves
 * the top edge, and at least KEEP_VISIBLE px stay inside the other edges.
 * `base` is the panel's untranslated box.
 */
export function clampOffset(offset: Offset, base: Box, viewport: { width: number; height: number }): Offset {
  const keepX = Math.min(KEEP_VISIBLE, base.width);
  const keepY = Math.min(KEEP_VISIBLE, base.height);
  const minX = keepX - base.left - base.width;
  const maxX = viewport.width - keepX - base.left;
  const minY = -base.top;
  const maxY = viewport.height - keepY - base.top;
  return {
    x: Math.round(Math.min(Math.max(offset.x, minX), Math.max(minX, maxX))),
    y: Math.round(Math.min(Math.max(offset.y, minY), Math.max(minY, maxY))),
  };
}

/** Outer margin between the panel and the window edge, top and bottom. */
export const MODAL_MARGIN = 24;
/** Content never gets shorter than this, even in a very short window (it scrolls instead). */
export const MIN_CONTENT_HEIGHT = 120;

/** Max height of the modal's scrolling content: window minus header, footer and margins. */
export function contentMaxHeight(windowHeight: number, headerHeight: number, footerHeight: number, margin = MODAL_MARGIN): number {
  return Math.max(MIN_CONTENT_HEIGHT, Math.floor(windowHeight - headerHeight - footerHeight - 2 * margin));
}

/** Keyboard step for the drag handle: 10 px, 50 px with Shift. Null for keys that do not move. */
export function keyStep(key: string, shift: boolean): Offset | null {
  const step = shift ? 50 : 10;
  switch (key) {
    case 'ArrowLeft':
      return { x: -step, y: 0 };
    case 'ArrowRight':
      return { x: step, y: 0 };
    case 'ArrowUp':
      return { x: 0, y: -step };
    case 'ArrowDown':
      return { x: 0, y: step };
    default:
      return null;
  }
}
