import { useTheme } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { below, useViewportWidth } from '@portal/plugin-api';
import { DefaultBanner } from './DefaultBanner';
import { SlideContent } from './SlideContent';
import type { Slide } from './slides';

// keen-slider is fetched only when there is something to rotate, on a screen that shows it.
const Carousel = lazy(() => import('./Carousel'));

/** Default image when there are no slides; one slide stands still; several rotate. */
export function Banner({ slides }: { slides: Slide[] }) {
  const theme = useTheme();
  const width = useViewportWidth();
  if (width < theme.breakpoints.large) return null;
  return (
    <aside
      css={{ flex: '0 0 44%', maxWidth: 720, position: 'relative', overflow: 'hidden', background: theme.colors.primary, [below(theme.breakpoints.large)]: { display: 'none' } }}
    >
      {slides.length === 0 ? (
        <DefaultBanner />
      ) : slides.length === 1 ? (
        <SlideContent slide={slides[0]!} />
      ) : (
        <Suspense fallback={<SlideContent slide={slides[0]!} />}>
          <Carousel slides={slides} />
        </Suspense>
      )}
    </aside>
  );
}
