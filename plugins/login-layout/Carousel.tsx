import { useTheme } from '@emotion/react';
import { useKeenSlider, type KeenSliderPlugin } from 'keen-slider/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButtonStyle, isLanguageCode, languageByCode } from '@portal/plugin-api';
import { SlideContent } from './SlideContent';
import type { Slide } from './slides';

/** Spec section 9: slides rotate every 6 seconds. */
export const CAROUSEL_DELAY_MS = 6000;

/** Moves on every CAROUSEL_DELAY_MS unless paused (hover, focus inside, or the pause button). */
function autoplay(paused: () => boolean): KeenSliderPlugin {
  return (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!paused()) slider.next();
        schedule();
      }, CAROUSEL_DELAY_MS);
    };
    slider.on('created', schedule);
    slider.on('animationEnded', schedule);
    slider.on('updated', schedule);
    slider.on('destroyed', () => clearTimeout(timer));
  };
}

/** Several slides: loop, fade between them, previous/next arrows, pause for keyboard and pointer users. */
export default function Carousel({ slides }: { slides: Slide[] }) {
  const theme = useTheme();
  const { t, i18n } = useTranslation('login-layout');
  // Right to left, a swipe towards the right shows the next slide (keen-slider's `rtl`).
  const rtl = isLanguageCode(i18n.language) && languageByCode(i18n.language).dir === 'rtl';
  const [opacities, setOpacities] = useState<number[]>(() => slides.map((_, i) => (i === 0 ? 1 : 0)));
  const [current, setCurrent] = useState(0);
  const [pausedByUser, setPausedByUser] = useState(false);
  const hovering = useRef(false);
  const pausedRef = useRef(false);
  pausedRef.current = pausedByUser || hovering.current;

  const [sliderRef, instanceRef] = useKeenSlider<HTMLDivElement>(
    {
      slides: slides.length,
      loop: true,
      rtl,
      defaultAnimation: { duration: 900 },
      detailsChanged(s) {
        setOpacities(s.track.details.slides.map((slide) => slide.portion));
        setCurrent(s.track.details.rel);
      },
    },
    [autoplay(() => pausedRef.current || hovering.current)],
  );

  useEffect(() => {
    // Reduced motion: no automatic rotation at all.
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setPausedByUser(true);
  }, []);

  const arrow = {
    ...iconButtonStyle(theme, 40),
    position: 'absolute' as const,
    top: '50%',
    transform: 'translateY(-50%)',
    color: '#fff',
    background: 'rgba(0,0,0,0.3)',
    // Previous points to the start side: right to left, both arrows turn round.
    '[dir="rtl"] & svg': { transform: 'scaleX(-1)' },
  };
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      css={{ position: 'absolute', inset: 0 }}
      onMouseEnter={() => (hovering.current = true)}
      onMouseLeave={() => (hovering.current = false)}
      onFocus={() => (hovering.current = true)}
      onBlur={() => (hovering.current = false)}
    >
      <div ref={sliderRef} css={{ position: 'absolute', inset: 0, overflow: 'hidden', touchAction: 'pan-y' }}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('carousel.slide', { index: i + 1, count: slides.length })}
            css={{ position: 'absolute', inset: 0, transition: 'none' }}
            style={{ opacity: opacities[i] ?? 0, pointerEvents: i === current ? 'auto' : 'none' }}
          >
            <SlideContent slide={slide} hidden={i !== current} />
          </div>
        ))}
      </div>
      <button type="button" css={{ ...arrow, insetInlineStart: theme.space(4) }} aria-label={t('carousel.previous')} onClick={() => instanceRef.current?.prev()}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20"><path d="M12.5 4 6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      </button>
      <button type="button" css={{ ...arrow, insetInlineEnd: theme.space(4) }} aria-label={t('carousel.next')} onClick={() => instanceRef.current?.next()}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20"><path d="m7.5 4 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      </button>
      <div css={{ position: 'absolute', bottom: theme.space(5), insetInlineStart: theme.space(8), display: 'flex', alignItems: 'center', gap: theme.space(2) }}>
        <button
          type="button"
          css={{ ...iconButtonStyle(theme, 32), color: '#fff', background: 'rgba(0,0,0,0.3)' }}
          aria-label={pausedByUser ? t('carousel.play') : t('carousel.pause')}
          aria-pressed={pausedByUser}
          onClick={() => setPausedByUser((p) => !p)}
        >
          {pausedByUser ? (
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14"><path d="M3 1.5v11l9-5.5z" fill="currentColor" /></svg>
          ) : (
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14"><path d="M3 1.5h3v11H3zM8 1.5h3v11H8z" fill="currentColor" /></svg>
          )}
        </button>
        {slides.map((slide, i) => (
          <span key={slide.id} aria-hidden="true" css={{ width: 8, height: 8, borderRadius: 4, background: '#fff', opacity: i === current ? 1 : 0.45 }} />
        ))}
      </div>
    </section>
  );
}
