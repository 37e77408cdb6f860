import { useTheme } from '@emotion/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { focusTargetCss } from '@portal/plugin-api';

/**
 * The frame of the app variant's own screens: one column sized for a phone's web view, no
 * header, footer or language menu (the app around it has its own), focus on the heading so
 * a screen reader announces where the user landed.
 */
export function AppScreen({ heading, children }: { heading: string; children: ReactNode }) {
  const theme = useTheme();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main
      id="main"
      css={{
        minHeight: '100vh',
        boxSizing: 'border-box',
        padding: theme.space(6),
        background: theme.colors.background,
        color: theme.colors.text,
        fontFamily: theme.font.family,
      }}
    >
      <div css={{ maxWidth: 480, margin: '8vh auto 0', background: theme.colors.surface, borderRadius: theme.radius.lg, padding: theme.space(6), boxShadow: theme.shadow.card }}>
        <h1 ref={headingRef} tabIndex={-1} css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(4)}`, ...focusTargetCss }}>
          {heading}
        </h1>
        {children}
      </div>
    </main>
  );
}
