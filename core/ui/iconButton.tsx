import type { CSSObject, Theme } from '@emotion/react';
import { focusRing } from './focusRing';

/** The borderless square button behind close, dismiss and show-password icons. */
export function iconButtonStyle(theme: Theme, size: number): CSSObject {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: size,
    height: size,
    flex: 'none',
    padding: 0,
    border: 0,
    borderRadius: theme.radius.sm,
    background: 'transparent',
    color: theme.colors.textMuted,
    cursor: 'pointer',
    ...focusRing(theme),
  };
}

export function CloseIcon({ size = 18 }: { size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
