import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KindIcon, kindColor } from '../ui/kindIcons';
import { Spinner } from '../ui/Spinner';

/** How a state reads at a glance: fine, worth a look, or neither. Never by colour alone: each has its icon, and the words say it. */
export type SecuritySummaryTone = 'good' | 'attention' | 'neutral';

const KIND = { good: 'success', attention: 'warning', neutral: 'info' } as const;

/**
 * The state of one overview line ("On", "7 of 10 left") with its tone's icon, marked `data-summary-tone`.
 * `loading` says so with a spinner while the line's data comes; `failed` says the state is not known
 * now (its card below says why and offers the retry). Both in the core's words.
 */
export function SecuritySummaryState({ tone = 'neutral', loading = false, failed = false, children }: { tone?: SecuritySummaryTone; loading?: boolean; failed?: boolean; children?: ReactNode }) {
  const theme = useTheme();
  const { t } = useTranslation('core');
  const shown: SecuritySummaryTone = failed ? 'neutral' : tone;
  return (
    <span
      data-summary-tone={loading ? undefined : shown}
      css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2), minWidth: 0, color: loading || failed ? theme.colors.textMuted : theme.colors.text }}
    >
      <span aria-hidden="true" css={{ display: 'inline-flex', flexShrink: 0 }}>
        {loading ? <Spinner size={16} /> : <KindIcon kind={KIND[shown]} color={shown === 'neutral' ? theme.colors.textMuted : kindColor(theme, KIND[shown])} size={16} />}
      </span>
      <span css={{ overflowWrap: 'anywhere' }}>{loading ? t('ui.loading') : failed ? t('ui.summaryFailed') : children}</span>
    </span>
  );
}
