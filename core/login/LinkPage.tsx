import { useTheme } from '@emotion/react';
import { useId, type ReactNode } from 'react';
import { Spinner } from '../ui/Spinner';

/**
 * The frame of a page a mailed link opens (activation, new password): a heading that names the
 * section, a line of text (announced when it reports a result), then the page's own content.
 */
export function LinkSection({ title, text, announce = false, muted = false, children }: { title: string; text?: string; announce?: boolean; muted?: boolean; children: ReactNode }) {
  const theme = useTheme();
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-heading`} css={{ display: 'flex', flexDirection: 'column', gap: theme.space(4) }}>
      <h1 id={`${ids}-heading`} css={{ fontSize: theme.font.sizeXl, margin: 0 }}>
        {title}
      </h1>
      {text ? (
        <p role={announce ? 'status' : undefined} css={{ margin: 0, lineHeight: 1.5, ...(muted ? { color: theme.colors.textMuted } : {}) }}>
          {text}
        </p>
      ) : null}
      {children}
    </section>
  );
}

/** While the link is checked with the server. */
export function LinkChecking({ label }: { label: string }) {
  const theme = useTheme();
  return (
    <div role="status" aria-live="polite" css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: theme.space(3), padding: `${theme.space(8)} 0` }}>
      <Spinner size={24} />
      <span>{label}</span>
    </div>
  );
}
