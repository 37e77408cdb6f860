import { useTheme } from '@emotion/react';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { FieldError, describedBy, hasContent } from './FieldMessages';

/** Props of Checkbox: a native checkbox's, a label and an error. */
export interface CheckboxProps extends Omit<ComponentPropsWithoutRef<'input'>, 'type'> {
  /** May contain links (e.g. the terms of use); clicking the text toggles the box. */
  label: ReactNode;
  error?: ReactNode;
}

/**
 * Native checkbox (keyboard and screen-reader behaviour for free) with a label and
 * the same inline error wiring as TextField. The ref goes to the <input> for
 * react-hook-form's register().
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, error, id, className, 'aria-describedby': extraDescribedBy, ...inputProps },
  ref,
) {
  const theme = useTheme();
  const autoId = useId();
  const inputId = id ?? `cb-${autoId}`;
  const errorId = `${inputId}-error`;
  const hasError = hasContent(error);
  return (
    <div className={className} css={{ marginBottom: theme.space(3) }}>
      <div css={{ display: 'flex', alignItems: 'flex-start', gap: theme.space(2) }}>
        <input
          {...inputProps}
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy(hasError && errorId, extraDescribedBy)}
          css={{
            flex: 'none',
            width: 18,
            height: 18,
            margin: '2px 0 0',
            accentColor: theme.colors.primary,
            cursor: 'pointer',
            outline: 'none',
            '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
            '&:disabled': { cursor: 'not-allowed' },
          }}
        />
        <label htmlFor={inputId} css={{ fontSize: theme.font.sizeSm, color: theme.colors.text, lineHeight: 1.5, cursor: 'pointer' }}>
          {label}
        </label>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
});
