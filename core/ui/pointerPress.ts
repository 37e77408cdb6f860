/**
 * Whether a pointer press is under way, and a way to run something once it is over.
 *
 * A field's error goes away when the field is left, and a field is left when the pointer goes
 * down on the next thing, often the form's button. If the page shrank then, the button would
 * move out from under the pointer before it comes up and the click would land elsewhere. So a
 * field message that goes away during a press keeps its room until the press has ended
 * (`useHeldMessage` in FieldMessages.tsx).
 */

/**
 * On a touch screen the pointer comes up before the compatibility mousedown (which moves focus,
 * so the blur) and the click: a press counts as under way that long after the pointer lifts.
 */
export const RELEASE_GRACE_MS = 600;

let down = false;
let releasedAt = Number.NEGATIVE_INFINITY;
let installed = false;
let graceTimer: ReturnType<typeof setTimeout> | undefined;
const waiting = new Set<() => void>();

function flush(): void {
  if (down) return;
  const run = [...waiting];
  waiting.clear();
  for (const callback of run) callback();
}

function onDown(): void {
  down = true;
  clearTimeout(graceTimer);
}

function onUp(): void {
  down = false;
  releasedAt = performance.now();
  clearTimeout(graceTimer);
  // No click follows a press that ended off any target: give up waiting after the grace.
  graceTimer = setTimeout(flush, RELEASE_GRACE_MS);
}

function onClick(): void {
  releasedAt = Number.NEGATIVE_INFINITY;
  // After the click's own handlers: the layout may change once it has landed.
  setTimeout(flush, 0);
}

/** Starts listening (once per page, capture phase, before any handler can stop the event). */
export function watchPointerPresses(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('pointerdown', onDown, true);
  window.addEventListener('pointerup', onUp, true);
  window.addEventListener('pointercancel', onUp, true);
  window.addEventListener('click', onClick, true);
}

/** True while a pointer is down, or just came up and its click has not come yet. */
export function pressUnderWay(): boolean {
  return down || performance.now() - releasedAt < RELEASE_GRACE_MS;
}

/** Runs `callback` once the current press is over (its click has landed); returns a cancel. */
export function afterPress(callback: () => void): () => void {
  waiting.add(callback);
  if (!pressUnderWay()) setTimeout(flush, 0);
  return () => {
    waiting.delete(callback);
  };
}

/** Tests: forget every press and waiting callback. */
export function resetPointerPresses(): void {
  down = false;
  releasedAt = Number.NEGATIVE_INFINITY;
  clearTimeout(graceTimer);
  waiting.clear();
}
