import { useTheme, type CSSObject } from '@emotion/react';
import { forwardRef, type ComponentPropsWithoutRef, type MouseEvent } from 'react';
import type { ThemeTokens } from '../../themes/tokens';
import { focusRing } from './focusRing';
import { atLeast } from './media';
import { Spinner } from './Spinner';

/** How a Button looks: primary, secondary, text or danger. */
export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';
/** How big a Button is. */
export type ButtonSize = 'sm' | 'md' | 'lg';

/** Props of Button: a native button's, and its look, size and loading state. */
export interface ButtonProps extends ComponentPropsWithoutRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner over the (still laid out) label and ignores clicks. */
  loading?: boolean;
}

const heights: Record<ButtonSize, number> = { sm: 32, md: 40, lg: 48 };

function variantStyle(theme: ThemeTokens, variant: ButtonVariant): CSSObject {
  const c = theme.colors;
  switch (variant) {
    case 'primary':
      return { background: c.primary, color: c.primaryText, borderColor: c.primary, '&:hover:enabled': { background: c.primaryHover } };
    case 'danger':
      return { background: c.danger, color: c.primaryText, borderColor: c.danger, '&:hover:enabled': { filter: 'brightness(0.92)' } };
    case 'secondary':
      return { background: c.surface, color: c.primary, borderColor: c.border, '&:hover:enabled': { borderColor: c.primary } };
    case 'text':
      return { background: 'transparent', color: c.primary, borderColor: 'transparent', '&:hover:enabled': { textDecoration: 'underline' } };
  }
}

/**
 * The portal's button. `type` defaults to "button" so a button inside a form never
 * submits by accident. While loading it stays focusable (aria-disabled, not
 * disabled) so keyboard focus is not lost mid-request, and the label keeps its
 * place (opacity 0, which unlike visibility keeps it as the accessible name) so the width does not jump.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', fullWidth = false, loading = false, type = 'button', disabled, onClick, children, ...rest },
  ref,
) {
  const theme = useTheme();
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // preventDefault also stops the implicit form submission a submit button would do.
    if (loading) return event.preventDefault();
    onClick?.(event);
  };
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={handleClick}
      css={{
        position: 'relative',
        display: fullWidth ? 'flex' : 'inline-flex',
        width: fullWidth ? '100%' : undefined,
        alignItems: 'center',
        justifyContent: 'center',
        gap: theme.space(2),
        minHeight: heights[size],
        padding: `0 ${theme.space(size === 'sm' ? 3 : 5)}`,
        border: '1px solid',
        borderRadius: theme.radius.md,
        font: 'inherit',
        fontSize: size === 'lg' ? theme.font.sizeLg : size === 'sm' ? theme.font.sizeSm : theme.font.sizeMd,
        fontWeight: 600,
        lineHeight: 1.2,
        // From 768 px a label never breaks over two lines ("Confirm and sign in"): a row of buttons
        // wraps instead. On a phone a label longer than the column may wrap rather than overflow.
        maxWidth: '100%',
        textAlign: 'center',
        [atLeast(theme.breakpoints.mobile)]: { whiteSpace: 'nowrap' },
        cursor: loading ? 'progress' : 'pointer',
        ...variantStyle(theme, variant),
        ...focusRing(theme),
        '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
      }}
      {...rest}
    >
      <span css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2), opacity: loading ? 0 : undefined }}>
        {children}
      </span>
      {loading && (
        <span css={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spinner size={size === 'lg' ? 24 : 18} />
        </span>
      )}
    </button>
  );
});
