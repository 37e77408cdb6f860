import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';

/** Joins the ids an input should be described by, dropping the absent ones. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter((id): id is string => Boolean(id));
  return list.length ? list.join(' ') : undefined;
}

/** True when an error/hint prop holds something to show (react-hook-form passes undefined, callers may pass ''). */
export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

/** Hint under a field; linked to the input through aria-describedby. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  const theme = useTheme();
  return (
    <p id={id} css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
      {children}
    </p>
  );
}

/**
 * Inline validation error. role=alert makes screen readers announce it the moment
 * it appears (rules run on blur), and aria-describedby re-reads it on focus.
 */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  const theme = useTheme();
  return (
    <p id={id} role="alert" css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.danger }}>
      {children}
    </p>
  );
}

/** Label text with a decorative asterisk; the input itself carries aria-required. */
export function LabelText({ children, required }: { children: ReactNode; required?: boolean }) {
  const theme = useTheme();
  return (
    <>
      {children}
      {required && (
        <span aria-hidden="true" css={{ color: theme.colors.danger, marginInlineStart: 2 }}>
          *
        </span>
      )}
    </>
  );
}
