import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import type { LoginLayoutConfig } from './index';

const ORDER = ['support', 'community', 'termsOfUse', 'privacyPolicy'] as const;

/** Support, community, terms of use, privacy policy (spec section 2); unset links are left out. */
export function FooterLinks({ links }: { links: LoginLayoutConfig['links'] }) {
  const theme = useTheme();
  const { t } = useTranslation('login-layout');
  const present = ORDER.filter((key) => links[key]);
  return (
    <footer css={{ padding: `${theme.space(4)} ${theme.space(5)}`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
      {present.length ? (
        <nav aria-label={t('footer.label')}>
          <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: `${theme.space(2)} ${theme.space(5)}` }}>
            {present.map((key) => (
              <li key={key}>
                <a href={links[key]} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.textMuted }}>
                  {t(`footer.${key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </footer>
  );
}
