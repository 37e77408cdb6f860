import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

/**
 * A whole page saying an entry cannot be shown (no plugin provides it, or its guard broke). With
 * `onRetry` (a guard that could not reach the server) it offers to try again: no dead end.
 */
export function NotAvailable({ onRetry }: { onRetry?: () => void } = {}) {
  const { t } = useTranslation('core');
  const theme = useTheme();
  return (
    <main id="main" css={{ maxWidth: 560, margin: '12vh auto', padding: theme.space(6), textAlign: 'center' }}>
      <h1 css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(3)}` }}>{theme.brand.title || t('app.name')}</h1>
      <p role="alert" css={{ color: theme.colors.textMuted }}>
        {t('routes.notAvailable')}
      </p>
      {onRetry && (
        <Button onClick={onRetry} css={{ marginTop: theme.space(4) }}>
          {t('boundary.retry')}
        </Button>
      )}
    </main>
  );
}
