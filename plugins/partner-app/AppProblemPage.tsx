import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, type KeyOf, Notice } from '@portal/plugin-api';
import { AppScreen } from './AppScreen';
import { problemReason, useAppState, type ProblemReason } from './state';

const HINT: Record<ProblemReason, KeyOf<'partner-app'>> = {
  missing: 'problem.notFromApp',
  unknown: 'problem.unknownApp',
  mismatch: 'problem.otherApp',
  tokens: 'problem.incompleteSignIn',
  session: 'problem.sessionFailed',
};

/**
 * Shown instead of any page when the launch was refused or the app's session could not be
 * taken over. Nothing here signs anyone in; the way on is back in the app.
 */
export default function AppProblemPage() {
  const { t } = useTranslation(['partner-app', 'core']);
  const theme = useTheme();
  const state = useAppState();
  const reason = problemReason(state) ?? 'missing';
  return (
    <AppScreen heading={t('partner-app:problem.heading')}>
      <Notice kind="error" role="alert">
        {t(`partner-app:${HINT[reason]}`)}
        {reason === 'session' && state.sessionError ? ` ${errorMessage(new ApiError(state.sessionError.code, state.sessionError.serverMessage, 0), t)}` : null}
      </Notice>
      <p css={{ margin: 0, color: theme.colors.textMuted }}>{t('partner-app:problem.whatNext')}</p>
    </AppScreen>
  );
}
