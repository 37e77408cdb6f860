import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { useLoginPage } from '@portal/plugin-api';

/** Tells the user where this sign-in leads when it is for the help desk. */
export default function HelpdeskNotice() {
  const theme = useTheme();
  const { t } = useTranslation('helpdesk');
  const { query } = useLoginPage();
  if (query.get('source') !== 'zendesk') return null;
  return (
    <p role="note" css={{ margin: `0 0 ${theme.space(4)}`, padding: theme.space(3), borderRadius: theme.radius.md, background: theme.colors.background, color: theme.colors.text }}>
      {t('notice')}
    </p>
  );
}
