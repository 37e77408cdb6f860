import { act, renderHook } from '@testing-library/react';
import { defaultTheme } from '../../themes/default.theme';
import { atLeast, below, media, useViewportWidth, viewportClass } from './media';

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

describe('media', () => {
  const bp = defaultTheme.breakpoints;

  it('classifies widths at the spec breakpoints 768 / 1024 / 1366', () => {
    expect(viewportClass(375, bp)).toBe('mobile');
    expect(viewportClass(767, bp)).toBe('mobile');
    expect(viewportClass(768, bp)).toBe('large');
    expect(viewportClass(1023, bp)).toBe('large');
    expect(viewportClass(1024, bp)).toBe('xlarge');
    expect(viewportClass(1365, bp)).toBe('xlarge');
    expect(viewportClass(1366, bp)).toBe('wide');
  });

  it('builds non-overlapping media queries from the theme', () => {
    const m = media(defaultTheme);
    expect(m.mobile).toBe('@media (max-width: 767.98px)');
    expect(m.large).toBe('@media (max-width: 1023.98px)');
    expect(m.xlarge).toBe('@media (max-width: 1365.98px)');
    expect(m.tabletUp).toBe('@media (min-width: 768px)');
    expect(below(500)).toBe('@media (max-width: 499.98px)');
    expect(atLeast(500)).toBe('@media (min-width: 500px)');
  });

  it('follows white-label breakpoints', () => {
    expect(media({ breakpoints: { mobile: 600, large: 900, xlarge: 1200 } }).mobile).toBe('@media (max-width: 599.98px)');
  });

  it('useViewportWidth re-renders on resize', () => {
    resizeTo(1024);
    const { result } = renderHook(() => useViewportWidth());
    expect(result.current).toBe(1024);
    resizeTo(375);
    expect(result.current).toBe(375);
  });
});
