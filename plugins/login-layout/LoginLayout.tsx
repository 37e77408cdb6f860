import { useTheme } from '@emotion/react';
import { type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { atLeast, type LoginPageInfo, releaseBootShell, usePluginConfig } from '@portal/plugin-api';
import { loginLayoutConfig } from './config';
import { Banner } from './Banner';
import { FooterLinks } from './FooterLinks';
import { LanguageMenu } from './LanguageMenu';
import { safeImageUrl } from './pageInfo';
import { Slots } from './Slots';
import { slidesFrom } from './slides';

/**
 * The logo boxes. A client's logo can have any shape: it is scaled to fit its box
 * (object-fit: contain, never cropped), and the box's size is set before the image loads
 * (width/height attributes), so nothing moves when it arrives.
 */
export const HEADER_LOGO = { width: 200, height: 32 } as const;
export const TITLE_LOGO = { width: 280, height: 40 } as const;

/**
 * The header's brand: the logo (the client's, else the deployment's) and the name written out
 * beside it, so the service a person signs in to is named in words on every width. The logo is
 * then decorative (the name is read once); a logo that carries the name itself stands alone.
 */
function LoginBrand({ logo, title, nameShown }: { logo: string | null; title: string; nameShown: boolean }) {
  const theme = useTheme();
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: theme.space(3), minWidth: 0, flex: '0 1 auto' }}>
      {logo ? (
        <img
          src={logo}
          alt={nameShown ? '' : title}
          width={HEADER_LOGO.width}
          height={HEADER_LOGO.height}
          // The page's largest paint on a phone: fetched ahead of the view's chunks.
          fetchPriority="high"
          css={{
            display: 'block',
            flex: '0 1 auto',
            minWidth: 0,
            // Beside the name a logo takes at most its box's height in width on a phone.
            width: nameShown ? 'auto' : HEADER_LOGO.width,
            maxWidth: nameShown ? `min(${HEADER_LOGO.width}px, 40vw)` : '100%',
            height: HEADER_LOGO.height,
            objectFit: 'contain',
            objectPosition: 'left center',
            '[dir="rtl"] &': { objectPosition: 'right center' },
          }}
        />
      ) : null}
      {nameShown ? (
        <span
          title={title}
          css={{ fontWeight: 700, fontSize: theme.font.sizeLg, color: theme.colors.text, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {title}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Banner on the left from 1024 px (spec breakpoints), the form card on the right; below
 * 1024 the card stands alone so phones load no banner at all.
 */
export function LoginLayout({ info, children }: { info: LoginPageInfo | null; children: ReactNode }) {
  const theme = useTheme();
  const { t, i18n } = useTranslation(['login-layout', 'core']);
  const config = usePluginConfig(loginLayoutConfig);
  const logo = safeImageUrl(info?.logoUrl) ?? safeImageUrl(theme.brand.logoUrl);
  const titleLogo = safeImageUrl(info?.titleLogoUrl);
  const title = info?.title || theme.brand.title || t('core:app.name');
  // A client's name is written out beside its logo; the deployment's own logo may carry its title as its wordmark.
  const nameShown = Boolean(info?.title) || !logo || !theme.brand.logoIncludesTitle;
  // The slides speak the page's language where they have texts in it (a German page, German captions).
  const slides = slidesFrom(info, config.slides, i18n.language);
  // The server painted this frame before any script ran (server/http/loginShell.ts): it goes in the
  // commit that shows the real one, so the visitor never sees a spinner in between.
  useLayoutEffect(() => releaseBootShell(), []);

  return (
    <div css={{ minHeight: '100vh', display: 'flex', background: theme.colors.background }}>
      <Banner slides={slides} />
      {/* The form's column: a toast shows over it, not across the banner (core/ui/ToastHost.tsx). */}
      <div data-toast-anchor="" css={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <header
          css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: theme.space(3), padding: `${theme.space(4)} ${theme.space(5)}` }}
        >
          <LoginBrand logo={logo} title={title} nameShown={nameShown} />
          <LanguageMenu />
        </header>
        <main
          id="main"
          css={{ flex: '1 0 auto', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: `${theme.space(2)} ${theme.space(4)} ${theme.space(8)}` }}
        >
          <div
            css={{
              width: '100%',
              maxWidth: 440,
              background: theme.colors.surface,
              borderRadius: theme.radius.lg,
              boxShadow: theme.shadow.card,
              padding: `${theme.space(8)} ${theme.space(6)}`,
              [atLeast(theme.breakpoints.large)]: { marginTop: theme.space(10) },
            }}
          >
            {titleLogo ? (
              <img
                src={titleLogo}
                alt={title}
                width={TITLE_LOGO.width}
                height={TITLE_LOGO.height}
                css={{ display: 'block', width: '100%', maxWidth: TITLE_LOGO.width, height: TITLE_LOGO.height, objectFit: 'contain', margin: `0 auto ${theme.space(4)}` }}
              />
            ) : null}
            <Slots area="aboveForm" />
            {children}
            <Slots area="belowForm" />
          </div>
        </main>
        <FooterLinks links={config.links} />
      </div>
    </div>
  );
}
