import { useTheme } from '@emotion/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ERROR_CODES, renewedSessionCode, renewSessionCode, sessionCodeOf, toApiError, useHttp, useLoginPage, usePluginConfig } from '@portal/plugin-api';
import { socialConfig } from './config';
import type { SocialProvider } from './contract';
import { ProviderMark } from './ProviderMark';
import { isProviderAddress, PROVIDER_NAMES, socialApi } from './socialApi';

/**
 * "Continue with Google" (and the other providers the deployment offers here) under the sign-in
 * and registration forms. The page's own call opens the flow (its answer binds it to this browser)
 * and the page leaves for the provider; a failure is said here, and the form stays as it was.
 */
export default function SocialButtons() {
  const theme = useTheme();
  const { t } = useTranslation(['social-sign-in']);
  const http = useHttp();
  const page = useLoginPage();
  const { providers } = usePluginConfig(socialConfig);
  const messageId = useId();
  const [leaving, setLeaving] = useState<SocialProvider | null>(null);
  const [problem, setProblem] = useState<{ provider: SocialProvider; expired: boolean } | null>(null);
  const sessionCode = sessionCodeOf(page.query);
  // Without its login session the server has no sign-in to go on with.
  if (!sessionCode || !page.hasView('social') || providers.length === 0) return null;

  const go = async (provider: SocialProvider, code = sessionCode, renewed = false): Promise<void> => {
    setProblem(null);
    setLeaving(provider);
    try {
      const { location } = await socialApi(http).start(code, provider);
      if (isProviderAddress(location)) {
        window.location.assign(location);
        return; // the button stays busy while the page leaves
      }
      setProblem({ provider, expired: false });
    } catch (error) {
      const apiError = toApiError(error);
      // The page was open too long: the server renewed its login session; go on with the fresh code, once.
      const fresh = renewed ? null : renewedSessionCode(apiError);
      if (fresh) {
        renewSessionCode(code, fresh);
        return go(provider, fresh, true);
      }
      setProblem({ provider, expired: apiError.code === ERROR_CODES.tokenExpired });
    }
    setLeaving(null);
  };

  return (
    // Padding, not margin: the form keeps the block's whole height free while it starts.
    <div css={{ paddingTop: theme.space(4) }}>
      <div aria-hidden="true" css={{ display: 'flex', alignItems: 'center', gap: theme.space(3), color: theme.colors.textMuted, fontSize: theme.font.sizeSm, marginBottom: theme.space(3), '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${theme.colors.border}` } }}>
        {t('buttons.or')}
      </div>
      <div css={{ display: 'grid', gap: theme.space(2) }}>
        {providers.map((provider) => (
          <Button
            key={provider}
            type="button"
            variant="secondary"
            fullWidth
            loading={leaving === provider}
            disabled={leaving !== null && leaving !== provider}
            aria-describedby={problem?.provider === provider ? messageId : undefined}
            onClick={() => void go(provider)}
          >
            <span css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2) }}>
              <ProviderMark provider={provider} />
              {t('buttons.continueWith', { provider: PROVIDER_NAMES[provider] })}
            </span>
          </Button>
        ))}
      </div>
      {problem ? (
        <p id={messageId} role="alert" css={{ margin: `${theme.space(2)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.danger, textAlign: 'center' }}>
          {problem.expired ? t('buttons.expired') : t('buttons.failed', { provider: PROVIDER_NAMES[problem.provider] })}
        </p>
      ) : null}
    </div>
  );
}
