import { keyframes, useTheme } from '@emotion/react';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export interface SpinnerProps {
  /** Diameter in pixels. */
  size?: number;
  /** Stroke colour; defaults to the current text colour so it fits any button. */
  color?: string;
}

/**
 * Decorative spinning arc (aria-hidden): the caller supplies the accessible
 * status. Under prefers-reduced-motion the arc stands still instead of spinning.
 */
export function Spinner({ size = 20, color = 'currentColor' }: SpinnerProps) {
  const theme = useTheme();
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      css={{
        display: 'block',
        flex: 'none',
        animation: `${spin} 0.8s linear infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke={theme.colors.border} strokeOpacity={0.35} strokeWidth="3" />
      <path d="M12 3a9 9 0 0 1 9 9" fill="none" stroke={color} strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
