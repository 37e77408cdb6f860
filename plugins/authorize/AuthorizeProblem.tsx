import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/plugin-api';

/**
 * A hand-off that could not finish: what happened and the way on, back to the service where its
 * address is known and allowed (`serviceUrl`), else a fresh start; and support where configured.
 */
export function AuthorizeProblem({ message, serviceUrl, supportUrl }: { message: string; serviceUrl?: string | null; supportUrl?: string }) {
  const theme = useTheme();
  const { t } = useTranslation('authorize');
  return (
    <main
      css={{
        boxSizing: 'border-box',
        // On a phone the card keeps a margin from the screen's edges.
        width: `calc(100% - 2 * ${theme.space(4)})`,
        maxWidth: 440,
        margin: '15vh auto 0',
        padding: theme.space(6),
        background: theme.colors.surface,
        borderRadius: theme.radius.lg,
        boxShadow: theme.shadow.card,
      }}
    >
      <h1 css={{ fontSize: theme.font.sizeXl, margin: 0 }}>{t('problemTitle')}</h1>
      <p role="alert" css={{ margin: `${theme.space(4)} 0 ${theme.space(6)}` }}>
        {message}
      </p>
      {serviceUrl ? (
        <Button fullWidth onClick={() => window.location.assign(serviceUrl)}>
          {t('backToService')}
        </Button>
      ) : (
        <Button fullWidth onClick={() => window.location.assign('/')}>
          {t('startAgain')}
        </Button>
      )}
      {supportUrl && (
        <p css={{ margin: `${theme.space(4)} 0 0`, textAlign: 'center' }}>
          <a href={supportUrl} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.primary, fontWeight: 600 }}>
            {t('contactSupport')}
          </a>
        </p>
      )}
    </main>
  );
}
