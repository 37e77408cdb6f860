import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '@portal/plugin-api';

/**
 * The portal's header on the invite page, as the login pages have it: the brand's logo (or its
 * name) and the language menu. The logo's text is the brand's name, so the header names the portal
 * either way.
 */
export function InviteHeader() {
  const theme = useTheme();
  const { t } = useTranslation('core');
  const title = theme.brand.title || t('app.name');
  return (
    <header css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: theme.space(3), padding: `${theme.space(4)} ${theme.space(5)}` }}>
      {theme.brand.logoUrl ? (
        <img
          src={theme.brand.logoUrl}
          alt={title}
          width={200}
          height={32}
          css={{ display: 'block', flex: '0 1 auto', minWidth: 0, width: 200, maxWidth: '100%', height: 32, objectFit: 'contain', objectPosition: 'left center', '[dir="rtl"] &': { objectPosition: 'right center' } }}
        />
      ) : (
        <span css={{ fontWeight: 700, fontSize: theme.font.sizeLg, color: theme.colors.text }}>{title}</span>
      )}
      <LanguageMenu />
    </header>
  );
}
