import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/plugin-api';

/** A hand-off that could not finish: what happened and a fresh start. */
export function AuthorizeProblem({ message }: { message: string }) {
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
      <Button fullWidth onClick={() => window.location.assign('/')}>
        {t('startAgain')}
      </Button>
    </main>
  );
}
