import { useTheme } from '@emotion/react';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint } from './FieldMessages';

/** Props of TextArea: a native textarea's, a label, a hint and an error. */
export interface TextAreaProps extends ComponentPropsWithoutRef<'textarea'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A labelled textarea in TextField's style: several lines (lists of addresses, a pasted document). */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, hint, error, id, required, ...props }, ref) {
  const theme = useTheme();
  const autoId = useId();
  const fieldId = id ?? `ta-${autoId}`;
  const hasError = error !== undefined && error !== null && error !== '';
  return (
    <div css={{ display: 'flex', flexDirection: 'column', marginBottom: theme.space(4) }}>
      <label htmlFor={fieldId} css={{ fontSize: theme.font.sizeSm, fontWeight: 600, color: theme.colors.text, marginBottom: theme.space(1) }}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <textarea
        {...props}
        ref={ref}
        id={fieldId}
        rows={props.rows ?? 3}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(hasError && `${fieldId}-error`, hint !== undefined && `${fieldId}-hint`)}
        css={{
          font: 'inherit',
          fontSize: theme.font.sizeMd,
          color: theme.colors.text,
          background: theme.colors.surface,
          border: `1px solid ${hasError ? theme.colors.danger : theme.colors.border}`,
          borderRadius: theme.radius.md,
          padding: theme.space(2),
          resize: 'vertical',
          '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 0 },
        }}
      />
      {hint !== undefined && <FieldHint id={`${fieldId}-hint`}>{hint}</FieldHint>}
      {hasError && <FieldError id={`${fieldId}-error`}>{error}</FieldError>}
    </div>
  );
});
