import { useTheme } from '@emotion/react';
import type { ReactNode, Ref } from 'react';
import { focusRing } from './focusRing';
import { KindIcon, kindColor, type MessageKind } from './kindIcons';

/** Props of Notice: its kind, role, title and content. */
export interface NoticeProps {
  kind: MessageKind;
  /** `alert` for problems (announced at once), `status` for news; none for a static hint. */
  role?: 'alert' | 'status';
  /** A ref makes the box focusable, so a view can move focus to a message that just appeared. */
  boxRef?: Ref<HTMLDivElement>;
  /** Focusable without a ref (a message focused by other means). */
  focusable?: boolean;
  children: ReactNode;
}

/** An inline message: icon and text in a box edged in the kind's colour. */
export function Notice({ kind, role, boxRef, focusable, children }: NoticeProps) {
  const theme = useTheme();
  const color = kindColor(theme, kind);
  return (
    <div
      ref={boxRef}
      role={role}
      tabIndex={(focusable ?? Boolean(boxRef)) ? -1 : undefined}
      css={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: theme.space(2),
        padding: theme.space(3),
        marginBottom: theme.space(4),
        border: `1px solid ${color}`,
        borderInlineStartWidth: 4,
        borderRadius: theme.radius.md,
        background: theme.colors.surface,
        color: theme.colors.text,
        fontSize: theme.font.sizeSm,
        lineHeight: 1.5,
        ...focusRing(theme),
      }}
    >
      <KindIcon kind={kind} color={color} size={20} />
      {/* A div, so a notice may hold paragraphs and lists as well as a sentence. */}
      <div css={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}
