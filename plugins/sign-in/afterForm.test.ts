import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { METHODS_AFTER_MS, useAfterForm } from './afterForm';

/**
 * Other sign-in methods (passkey sign-in and its autofill) wait until the form has had the page to
 * itself: they must never add their code, texts or calls to the form's first paint (issue 17's
 * 12 requests), and they must not wait on a visitor who is already using the page.
 */
describe('useAfterForm', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`turns true ${METHODS_AFTER_MS} ms after the form showed, not before`, () => {
    const { result } = renderHook(() => useAfterForm());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(METHODS_AFTER_MS - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it.each(['keydown', 'pointerdown', 'pointermove', 'touchstart'])('turns true at once on the first %s', (name) => {
    const { result } = renderHook(() => useAfterForm());
    act(() => {
      window.dispatchEvent(new Event(name));
    });
    expect(result.current).toBe(true);
  });

  it('leaves no listener or timer behind when the form goes first', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useAfterForm());
    unmount();
    expect(remove.mock.calls.map(([name]) => name)).toEqual(expect.arrayContaining(['keydown', 'pointerdown', 'pointermove', 'touchstart']));
    expect(vi.getTimerCount()).toBe(0);
  });
});
