import { useTheme } from '@emotion/react';
import type { Slide } from './slides';

/**
 * One banner slide: the picture, and its description and link when it has them. Their text comes
 * from the deployment or the client, in whatever language: `dir="auto"` sets each one's direction
 * from its own words, so an English caption on an Arabic page keeps its full stop at the end.
 */
export function SlideContent({ slide, hidden = false }: { slide: Slide; hidden?: boolean }) {
  const theme = useTheme();
  return (
    <figure css={{ margin: 0, position: 'absolute', inset: 0 }} aria-hidden={hidden || undefined}>
      <img src={slide.imageUrl} alt="" css={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      {slide.description || slide.link ? (
        <figcaption
          css={{
            position: 'absolute', insetInline: 0, bottom: 0, padding: `${theme.space(8)} ${theme.space(8)} ${theme.space(14)}`,
            color: '#fff', background: 'linear-gradient(transparent, rgba(0,0,0,0.65))', fontSize: theme.font.sizeLg,
          }}
        >
          {slide.description ? <p dir="auto" css={{ margin: 0 }}>{slide.description}</p> : null}
          {slide.link ? (
            <a dir="auto" href={slide.link} target="_blank" rel="noopener noreferrer" tabIndex={hidden ? -1 : undefined} css={{ color: '#fff', fontWeight: 600, display: 'inline-block', marginTop: theme.space(2) }}>
              {slide.linkText || slide.link}
            </a>
          ) : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
