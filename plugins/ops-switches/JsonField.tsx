import { useTheme } from '@emotion/react';
import { useId, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, focusRing } from '@portal/plugin-api';

interface JsonFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  value: string;
  readOnly?: boolean;
  onChange: (text: string) => void;
}

/** A labelled textarea for JSON, left to right in every language, its hint and error tied to it for screen readers. */
export function JsonField({ label, hint, error, value, readOnly, onChange }: JsonFieldProps) {
  const theme = useTheme();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div css={{ display: 'grid', gap: theme.space(1) }}>
      <label htmlFor={id} css={{ fontWeight: 600 }}>
        {label}
      </label>
      <textarea
        id={id}
        dir="ltr"
        spellCheck={false}
        rows={10}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error ? errorId : undefined)}
        onChange={(e) => onChange(e.target.value)}
        css={{
          font: `${theme.font.sizeSm}/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace`,
          padding: theme.space(2),
          border: `1px solid ${error ? theme.colors.danger : theme.colors.border}`,
          borderRadius: theme.radius.sm,
          background: theme.colors.background,
          color: theme.colors.text,
          resize: 'vertical',
          ...focusRing(theme),
        }}
      />
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
