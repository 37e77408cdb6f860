import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from './LanguageMenu';
import { VisuallyHidden } from './VisuallyHidden';

/**
 * The portal's header on a page of its own outside the login page and the account area (the
 * sign-out question, the sign-in problem page): the deployment's brand at the start, the language
 * menu at the end, as on the login page. The brand shows once (themes/design.md): a logo that carries
 * the title as its wordmark stands alone (the title stays for screen readers), else the title is
 * written beside the logo, which is then decoration.
 */
export function PortalHeader() {
  const theme = useTheme();
  const { t } = useTranslation('core');
  const title = theme.brand.title || t('app.name');
  const logo = theme.brand.logoUrl;
  const wordmark = Boolean(logo) && theme.brand.logoIncludesTitle;
  return (
    <header css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: theme.space(3), padding: `${theme.space(4)} ${theme.space(5)}` }}>
      <div css={{ display: 'flex', alignItems: 'center', gap: theme.space(3), minWidth: 0 }}>
        {logo ? (
          // Scaled into a 32 px high box, never cropped.
          <img src={logo} alt="" height={32} css={{ display: 'block', height: 32, width: 'auto', maxWidth: 200, objectFit: 'contain', flex: 'none' }} />
        ) : null}
        {wordmark ? (
          <VisuallyHidden>{title}</VisuallyHidden>
        ) : (
          <span css={{ fontWeight: 700, fontSize: theme.font.sizeLg, color: theme.colors.text, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</span>
        )}
      </div>
      <LanguageMenu />
    </header>
  );
}
