import { useTheme } from '@emotion/react';
import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  focusTargetCss,
  longValueCss,
  toast,
} from '@portal/plugin-api';

/** Turns a failed call into the text shown beside it; the portal's own handling (session ended, a lost role) still runs. */
export type Report = (error: unknown) => string;

/** One of the page's sections: an h2 under the page's h1, ruled off from the one before. */
export function Part({ id, title, badge, intro, headingRef, children }: { id: string; title: string; badge?: ReactNode; intro?: ReactNode; headingRef?: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  const theme = useTheme();
  return (
    <section aria-labelledby={`${id}-heading`} css={{ borderTop: `1px solid ${theme.colors.border}`, paddingTop: theme.space(5), marginTop: theme.space(5), minWidth: 0 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(2), marginBottom: intro ? theme.space(1) : theme.space(4) }}>
        <h2 id={`${id}-heading`} ref={headingRef} css={[{ fontSize: theme.font.sizeLg, lineHeight: 1.3, fontWeight: 600, margin: 0, overflowWrap: 'anywhere' }, focusTargetCss]}>
          {title}
        </h2>
        {badge}
      </div>
      {intro && <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{intro}</p>}
      {children}
    </section>
  );
}

/** A short state beside a name: good (success), waiting (warning) or plain (muted). */
export function Badge({ tone, children }: { tone: 'good' | 'waiting' | 'plain'; children: ReactNode }) {
  const theme = useTheme();
  const color = tone === 'good' ? theme.colors.success : tone === 'waiting' ? theme.colors.warning : theme.colors.textMuted;
  return (
    <span css={{ display: 'inline-block', padding: '1px 10px', borderRadius: 999, border: `1px solid ${color}`, color, fontSize: theme.font.sizeSm, fontWeight: 600, whiteSpace: 'nowrap' }}>
      {tone === 'good' && <span aria-hidden="true">✓ </span>}
      {children}
    </span>
  );
}

/** A value to copy elsewhere (the redirect URI, a DNS record): monospace, wrapping anywhere, with a Copy button. */
export function CopyValue({ label, value, copyLabel, hint }: { label: string; value: string; copyLabel: string; hint?: string }) {
  const { t } = useTranslation('enterprise-sso-company');
  const theme = useTheme();
  const id = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast(t('copied'), 'success');
    } catch {
      // No clipboard permission: the value stays on screen to select.
      toast(t('copyFailed'), 'error');
    }
  }
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={hint ? `${id}-hint` : undefined} css={{ marginBottom: theme.space(3), minWidth: 0 }}>
      <div id={`${id}-label`} css={{ fontSize: theme.font.sizeSm, fontWeight: 600, marginBottom: theme.space(1) }}>
        {label}
      </div>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: theme.space(2) }}>
        <code
          dir="ltr"
          css={{
            flex: '1 1 14rem',
            minWidth: 0,
            padding: `${theme.space(2)} ${theme.space(3)}`,
            borderRadius: theme.radius.md,
            background: theme.colors.background,
            color: theme.colors.text,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace',
            fontSize: theme.font.sizeSm,
            lineHeight: 1.5,
            textAlign: 'start',
            ...longValueCss,
          }}
        >
          {value}
        </code>
        <Button size="sm" variant="secondary" aria-label={copyLabel} onClick={() => void copy()} css={{ marginTop: 2 }}>
          {t('copy')}
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
          {hint}
        </p>
      )}
    </div>
  );
}
