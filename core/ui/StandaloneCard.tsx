import { useTheme } from '@emotion/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { media } from './media';
import { focusTargetCss } from './focusRing';
import { PortalHeader } from './PortalHeader';

/**
 * A page of its own outside the login and account areas (sign-out, a hand-off back to an app):
 * the portal's header and one card, whose heading takes focus so it is read first, again
 * whenever it changes (the page's state did).
 */
export function StandaloneCard({ title, children }: { title: string; children: ReactNode }) {
  const theme = useTheme();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <>
      <PortalHeader />
      <main css={{ boxSizing: 'border-box', maxWidth: 460, margin: '8vh auto 0', width: '100%', padding: theme.space(6), background: theme.colors.surface, borderRadius: theme.radius.lg, boxShadow: theme.shadow.card, [media(theme).mobile]: { margin: 0, borderRadius: 0, boxShadow: 'none' } }}>
        <h1 ref={heading} tabIndex={-1} css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(4)}`, ...focusTargetCss }}>
          {title}
        </h1>
        {children}
      </main>
    </>
  );
}
