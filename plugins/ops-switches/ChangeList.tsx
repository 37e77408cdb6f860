import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { longValueCss } from '@portal/plugin-api';
import type { JsonChange } from '@portal/plugin-api/contract';

/** A value as the operator reads it: JSON, one line. React renders it as text. */
function Value({ value }: { value: unknown }) {
  return (
    <code dir="ltr" css={[longValueCss, { fontSize: '0.9em' }]}>
      {JSON.stringify(value)}
    </code>
  );
}

/** The fields a version changes, each with its values before and after. */
export function ChangeList({ changes }: { changes: readonly JsonChange[] }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-switches');
  return (
    <ul css={{ margin: 0, paddingInlineStart: theme.space(5), display: 'grid', gap: theme.space(2) }}>
      {changes.map((change) => (
        <li key={change.path}>
          <code dir="ltr" css={[longValueCss, { fontWeight: 600 }]}>
            {change.path}
          </code>
          {': '}
          {!('before' in change) ? (
            <>
              {t('review.added')} <Value value={change.after} />
            </>
          ) : !('after' in change) ? (
            <>
              {t('review.removed')} <Value value={change.before} />
            </>
          ) : (
            <>
              {t('review.from')} <Value value={change.before} /> {t('review.to')} <Value value={change.after} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
