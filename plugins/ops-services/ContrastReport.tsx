import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button, Notice, type ContrastProblem, formatNumber, currentLanguage } from '@portal/plugin-api';
import type { ColorToken } from './serviceForm';

/**
 * Colours below WCAG AA, as the operator types and as the server refused them: each pair with
 * its measured ratio, and the nearby colour that passes, one click away. A live region, so a
 * screen reader hears a new failure as it appears.
 */
export function ContrastReport({ problems, onUse }: { problems: ContrastProblem[]; onUse?: (token: string, color: string) => void }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-services');
  const language = currentLanguage();
  return (
    <div aria-live="polite" data-testid="contrast-report">
      {problems.length === 0 ? (
        <Notice kind="success">{t('contrast.allPass')}</Notice>
      ) : (
        <Notice kind="error">
          <strong>{t('contrast.failTitle')}</strong>
          <ul css={{ margin: `${theme.space(1)} 0 0`, paddingInlineStart: theme.space(5), display: 'grid', gap: theme.space(2) }}>
            {problems.map((p) => {
              const token = (p.suggestionFor === 'fg' ? p.fg : p.bg) as ColorToken;
              return (
                <li key={p.pair}>
                  {p.ratio === null
                    ? t('contrast.unmeasurable', { pair: t(`contrast.pairs.${p.pair}`), fg: p.fgColor, bg: p.bgColor })
                    : t('contrast.problem', { pair: t(`contrast.pairs.${p.pair}`), ratio: formatNumber(p.ratio, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), fg: p.fgColor, bg: p.bgColor })}
                  {p.suggestion && (
                    <>
                      {' '}
                      <span css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(1) }}>
                        <span aria-hidden="true" css={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, border: `1px solid ${theme.colors.border}`, background: p.suggestion }} />
                        <span dir="ltr">{t('contrast.suggestion', { token: t(`tokens.${token}`), color: p.suggestion })}</span>
                      </span>
                      {onUse && (
                        <Button size="sm" variant="secondary" css={{ marginInlineStart: theme.space(2) }} onClick={() => onUse(token, p.suggestion!)} aria-label={t('contrast.useLabel', { token: t(`tokens.${token}`), color: p.suggestion })}>
                          {t('contrast.use')}
                        </Button>
                      )}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </Notice>
      )}
    </div>
  );
}
