import type { CSSObject } from '@emotion/react';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * Hides content visually while keeping it in the accessibility tree, so screen
 * readers still announce labels that the design shows only as icons.
 */
export const visuallyHiddenStyle: CSSObject = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

export type VisuallyHiddenProps = ComponentPropsWithoutRef<'span'>;

/** Text for screen readers only: hidden on screen, still read. */
export function VisuallyHidden(props: VisuallyHiddenProps) {
  return <span css={visuallyHiddenStyle} {...props} />;
}
