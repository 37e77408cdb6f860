import { useTheme, type CSSObject } from '@emotion/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ThemeTokens } from '../../themes/tokens';
import { afterPress, pressUnderWay, watchPointerPresses } from './pointerPress';

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
 * What a field's message line shows in place of a message that just went away: that message,
 * while a pointer press is under way (see pointerPress.ts), so the field keeps its height until
 * the click has landed; then null. While `message` has content, null.
 */
export function useHeldMessage(message: ReactNode): ReactNode {
  const present = hasContent(message);
  const [last, setLast] = useState<ReactNode>(present ? message : null);
  const [held, setHeld] = useState<ReactNode>(null);
  // Adjusted while rendering, so the held copy is in the same commit as the message's removal.
  if (present && last !== message) {
    setLast(message);
    if (held !== null) setHeld(null);
  } else if (!present && last !== null) {
    setLast(null);
    if (pressUnderWay()) setHeld(last);
  }
  useEffect(() => {
    if (present) watchPointerPresses();
  }, [present]);
  useEffect(() => (hasContent(held) ? afterPress(() => setHeld(null)) : undefined), [held]);
  return present ? null : held;
}

const errorCss = (theme: ThemeTokens): CSSObject => ({ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.danger });

/**
 * Inline validation error. role=alert makes screen readers announce it the moment
 * it appears (rules run on blur), and aria-describedby re-reads it on focus.
 * Render it whether or not there is an error: empty, it shows nothing, except while a press
 * that removed it is under way (`useHeldMessage`): then an invisible copy keeps its room.
 */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  const theme = useTheme();
  const held = useHeldMessage(children);
  if (hasContent(children)) {
    return (
      <p id={id} role="alert" css={errorCss(theme)}>
        {children}
      </p>
    );
  }
  if (!hasContent(held)) return null;
  return (
    <p aria-hidden="true" data-held-message="" css={{ ...errorCss(theme), visibility: 'hidden' }}>
      {held}
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
