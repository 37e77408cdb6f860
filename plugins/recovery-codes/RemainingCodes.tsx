import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@portal/plugin-api';
import { FEW_CODES } from './codesLeft';

/**
 * What the recovery step says before a code is used: how many unused codes the account has, how
 * many this one leaves and, when that is few (FEW_CODES) or none, to make new ones after signing in.
 * Static text, not a live region: the field is described by it (`countId`, `warningId`), so a
 * screen reader reads it with the field that takes focus, after the heading.
 */
export function RemainingCodes({ available, countId, warningId }: { available: number; countId: string; warningId: string }) {
  const theme = useTheme();
  const { t } = useTranslation('recovery-codes');
  const after = available - 1;
  return (
    <>
      <p id={countId} css={{ margin: `0 0 ${theme.space(4)}`, lineHeight: 1.5 }}>
        {t('step.counts', { available: t('step.available', { count: available }), after: after > 0 ? t('step.remaining', { count: after }) : t('step.last') })}
      </p>
      {warns(available) && (
        <Notice kind="warning">
          <span id={warningId}>{after === 0 ? t('step.lastWarning') : t('step.fewWarning')}</span>
        </Notice>
      )}
    </>
  );
}

/** This code leaves few or none: time to make new ones. */
const warns = (available: number) => available > 0 && available - 1 <= FEW_CODES;

/** The ids the field is described by: the count, and the warning when there is one. */
export function remainingCodesIds(available: number, countId: string, warningId: string): string | undefined {
  if (available < 1) return undefined;
  return warns(available) ? `${countId} ${warningId}` : countId;
}
