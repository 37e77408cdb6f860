import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError, type ConflictInfoResult, errorMessage, Notice, usePortal } from '@portal/plugin-api';

/**
 * The account's information conflicts (POST /accounts/conflictInfo): the catalogue message of
 * the -4002x code, and what causes it. While it lasts the user cannot join or create a company.
 */
export function ConflictNotice({ conflict }: { conflict: ConflictInfoResult }) {
  const theme = useTheme();
  const { t } = useTranslation(['profile', 'core']);
  const message = errorMessage(new ApiError(conflict.errorCode ?? -40024, undefined, 200), t);
  // The merge screen belongs to the migration plugin: linked by its path, only when it runs.
  const { registry } = usePortal();
  const canMerge = conflict.reasons.includes('unmergedAccounts') && registry.routes.some((r) => r.value.parent === 'accountSetting' && r.value.path === 'mergeAccounts');
  // The notice follows the page's intro, which has no bottom margin.
  return (
    <div css={{ marginTop: theme.space(4) }}>
      <Notice kind="warning" role="status">
        <p css={{ margin: 0, fontWeight: 600 }}>{message}</p>
        {conflict.reasons.length > 0 && (
          <ul css={{ margin: `${theme.space(2)} 0 0`, paddingInlineStart: theme.space(5) }}>
            {conflict.reasons.map((reason) => (
              <li key={reason}>
                {t(`profile:conflict.${reason}`)}
                {reason === 'unmergedAccounts' && canMerge && (
                  <>
                    {' '}
                    <Link href="~/accountSetting/mergeAccounts" css={{ color: theme.colors.primary, fontWeight: 600 }}>
                      {t('profile:conflict.mergeAction')}
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <p css={{ margin: `${theme.space(2)} 0 0`, color: theme.colors.textMuted }}>{t('profile:conflict.consequence')}</p>
      </Notice>
    </div>
  );
}
