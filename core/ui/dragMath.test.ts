import { clampOffset, contentMaxHeight, keyStep, KEEP_VISIBLE, MIN_CONTENT_HEIGHT } from './dragMath';

describe('dragMath', () => {
  const viewport = { width: 1024, height: 768 };
  const base = { left: 312, top: 200, width: 400, height: 300 };

  it('leaves offsets inside the window alone', () => {
    expect(clampOffset({ x: 50, y: -100 }, base, viewport)).toEqual({ x: 50, y: -100 });
  });

  it('keeps the title bar reachable', () => {
    // top edge never above the window
    expect(clampOffset({ x: 0, y: -500 }, base, viewport).y).toBe(-200);
    // at least KEEP_VISIBLE px on screen on the other sides
    expect(clampOffset({ x: 5000, y: 0 }, base, viewport).x).toBe(1024 - KEEP_VISIBLE - 312);
    expect(clampOffset({ x: -5000, y: 0 }, base, viewport).x).toBe(KEEP_VISIBLE - 312 - 400);
    expect(clampOffset({ x: 0, y: 5000 }, base, viewport).y).toBe(768 - KEEP_VISIBLE - 200);
  });

  it('derives the content height from the window', () => {
    expect(contentMaxHeight(800, 60, 70, 24)).toBe(800 - 60 - 70 - 48);
    expect(contentMaxHeight(200, 60, 70, 24)).toBe(MIN_CONTENT_HEIGHT);
  });

  it('maps arrow keys to steps, Shift for bigger ones', () => {
    expect(keyStep('ArrowLeft', false)).toEqual({ x: -10, y: 0 });
    expect(keyStep('ArrowDown', true)).toEqual({ x: 0, y: 50 });
    expect(keyStep('Enter', false)).toBeNull();
  });
});
