import { useTheme } from '@emotion/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { media, focusTargetCss } from '@portal/plugin-api';

/** The one card both sign-out pages use: a heading that takes focus (read first) and the content. */
export function EndSessionCard({ title, children }: { title: string; children: ReactNode }) {
  const theme = useTheme();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <main css={{ boxSizing: 'border-box', maxWidth: 460, margin: '12vh auto 0', width: '100%', padding: theme.space(6), background: theme.colors.surface, borderRadius: theme.radius.lg, boxShadow: theme.shadow.card, [media(theme).mobile]: { margin: 0, minHeight: '100vh', borderRadius: 0, boxShadow: 'none' } }}>
      <h1 ref={heading} tabIndex={-1} css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(4)}`, ...focusTargetCss }}>
        {title}
      </h1>
      {children}
    </main>
  );
}
