import { useTheme } from '@emotion/react';
import { forwardRef, useId, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, FieldHint, LabelText, describedBy, hasContent } from './FieldMessages';
import { focusRing } from './focusRing';
import { iconButtonStyle } from './iconButton';
import { visuallyHiddenStyle } from './VisuallyHidden';

/** Props of TextField: a native input's, a label, a hint and an error. */
export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Inline error text; when set the input is aria-invalid and described by it. */
  error?: ReactNode;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  /**
   * While `readOnly`, look like a value rather than an input: tinted ground, no border
   * (themes/design.md, "read-only value"). For account forms; the login views keep their own look.
   */
  valueWhenReadOnly?: boolean;
}

/** Addresses and numbers read left to right in every language (an Arabic page included). */
const LEFT_TO_RIGHT_TYPES = new Set(['email', 'tel', 'url']);

/**
 * Label + input + hint + inline error. The ref goes to the <input>, so
 * `<TextField {...register('email')} />` from react-hook-form works unchanged.
 * `required` only marks the field (aria-required + asterisk): validation is the
 * form's job, so the browser's own bubbles never compete with the inline error.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, hideLabel = false, valueWhenReadOnly = false, id, type = 'text', required, disabled, className, dir, 'aria-describedby': extraDescribedBy, ...inputProps },
  ref,
) {
  const theme = useTheme();
  const { t } = useTranslation('core');
  const autoId = useId();
  const inputId = id ?? `tf-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const isPassword = type === 'password';
  const [revealed, setRevealed] = useState(false);
  const hasError = hasContent(error);

  return (
    <div className={className} css={{ display: 'flex', flexDirection: 'column', marginBottom: theme.space(4) }}>
      <label
        htmlFor={inputId}
        css={[
          { fontSize: theme.font.sizeSm, fontWeight: 600, color: theme.colors.text, marginBottom: theme.space(1) },
          hideLabel && visuallyHiddenStyle,
        ]}
      >
        <LabelText required={required}>{label}</LabelText>
      </label>
      <div css={{ position: 'relative', display: 'flex' }}>
        <input
          {...inputProps}
          ref={ref}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          dir={dir ?? (LEFT_TO_RIGHT_TYPES.has(type) ? 'ltr' : undefined)}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy(hasError && errorId, hasContent(hint) && hintId, extraDescribedBy)}
          css={{
            flex: 1,
            minWidth: 0,
            minHeight: 40,
            padding: `0 ${theme.space(3)}`,
            paddingInlineEnd: isPassword ? 44 : undefined,
            font: 'inherit',
            fontSize: theme.font.sizeMd,
            color: theme.colors.text,
            background: theme.colors.surface,
            border: `1px solid ${hasError ? theme.colors.danger : theme.colors.border}`,
            borderRadius: theme.radius.md,
            ...focusRing(theme),
            '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 0 },
            '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
            ...(valueWhenReadOnly && { '&:read-only': { background: theme.colors.background, borderColor: 'transparent', cursor: 'default' } }),
          }}
        />
        {isPassword && (
          <button
            type="button"
            disabled={disabled}
            aria-label={revealed ? t('ui.hidePassword') : t('ui.showPassword')}
            aria-controls={inputId}
            onClick={() => setRevealed((v) => !v)}
            css={{
              ...iconButtonStyle(theme, 40),
              position: 'absolute',
              insetInlineEnd: 2,
              top: 2,
              bottom: 2,
              height: 'auto',
              '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: -2 },
            }}
          >
            <EyeIcon crossed={revealed} />
          </button>
        )}
      </div>
      {hasContent(hint) && <FieldHint id={hintId}>{hint}</FieldHint>}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
});

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" strokeLinecap="round" />}
    </svg>
  );
}
