import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { usePortal } from '../app/context';
import { type Namespace, namespaceOf } from '../i18n/resources';
import { useErrorHandler } from '../errors/useErrorHandler';
import type { LanguageCode } from '../i18n/languages';
import { keepAccountLanguage } from '../session/accountLanguage';
import { signOut } from '../session/signOut';
import { userAtom } from '../session/session';
import { Button } from '../ui/Button';
import { iconButtonStyle } from '../ui/iconButton';
import { LanguageMenu } from '../ui/LanguageMenu';
import { VisuallyHidden } from '../ui/VisuallyHidden';
import { CONTENT_WIDTH } from '../ui/page';
import { EmailAddress } from '../ui/EmailAddress';
import { TOAST_ANCHOR_ATTRIBUTE } from '../ui/ToastHost';
import { useViewportWidth } from '../ui/media';
import { resolveMenu, type MenuLink } from './menu';

/** The menu column beside the content from 768 px. */
const NAV_WIDTH = 220;

function MenuItem({ link, current, onNavigate }: { link: MenuLink; current: string; onNavigate: () => void }) {
  const { t } = useTranslation([namespaceOf(link.entry.labelKey)]);
  const theme = useTheme();
  const active = link.kind !== 'external' && (current === link.href || current.startsWith(`${link.href}/`));
  const style = {
    display: 'block',
    padding: `${theme.space(2)} ${theme.space(4)}`,
    borderRadius: theme.radius.md,
    color: active ? theme.colors.primary : theme.colors.text,
    background: active ? theme.colors.surface : 'transparent',
    borderInlineStart: `3px solid ${active ? theme.colors.primary : 'transparent'}`,
    fontWeight: active ? 600 : 400,
    textDecoration: 'none',
    '&:hover': { background: theme.colors.surface },
    '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
  } as const;
  const label = t(link.entry.labelKey);
  if (link.kind === 'external') {
    return (
      <a href={link.href} css={style} rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  return (
    <Link href={`~${link.href}`} css={style} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      {label}
    </Link>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/**
 * The /accountSetting frame (themes/design.md): a header with the brand's logo and title, the
 * signed-in user, the language menu and sign-out; the plugins' menu entries beside (below 768 px:
 * behind an icon button) one centred content column for the current child page.
 */
export function AccountShell({ children, menuInitiallyOpen = false }: { children: ReactNode; menuInitiallyOpen?: boolean }) {
  const { registry, http, config } = usePortal();
  const user = useAtomValue(userAtom);
  const width = useViewportWidth();
  const links = resolveMenu(registry.menu, { user, config, viewportWidth: width });
  // Menu labels live in their plugins' namespaces; load those before the menu renders.
  const namespaces: Namespace[] = ['core', ...new Set(links.map((l) => namespaceOf(l.entry.labelKey)))];
  const { t } = useTranslation(namespaces);
  const theme = useTheme();
  const [relative, navigate] = useLocation();
  const [menuOpen, setMenuOpen] = useState(menuInitiallyOpen);
  const [signingOut, setSigningOut] = useState(false);
  const mobile = width < theme.breakpoints.mobile;
  const current = `/accountSetting${relative}`;
  const title = theme.brand.title || t('core:app.name');
  const wordmark = Boolean(theme.brand.logoUrl) && theme.brand.logoIncludesTitle;

  // The language chosen here is the account's (the Account page says it; mails use it), not this browser's alone.
  const handleError = useErrorHandler();
  function chooseAccountLanguage(language: LanguageCode) {
    if (user) keepAccountLanguage(http, user, language).catch(handleError);
  }

  async function handleSignOut() {
    setSigningOut(true);
    await signOut(registry, http);
    navigate(`~${config.signInPath}`, { replace: true });
  }

  return (
    <div css={{ minHeight: '100vh', background: theme.colors.background, color: theme.colors.text, fontFamily: theme.font.family, fontSize: theme.font.sizeMd }}>
      <header
        css={{
          display: 'flex',
          alignItems: 'center',
          gap: theme.space(mobile ? 2 : 4),
          minHeight: 64,
          boxSizing: 'border-box',
          padding: `${theme.space(2)} ${theme.space(mobile ? 3 : 6)}`,
          background: theme.colors.surface,
          borderBottom: `1px solid ${theme.colors.border}`,
        }}
      >
        {mobile && (
          <button
            type="button"
            aria-label={menuOpen ? t('core:menu.closeMenu') : t('core:menu.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="account-menu"
            onClick={() => setMenuOpen((o) => !o)}
            css={{ ...iconButtonStyle(theme, 40), color: theme.colors.text }}
          >
            <MenuIcon open={menuOpen} />
          </button>
        )}
        <div css={{ display: 'flex', alignItems: 'center', gap: theme.space(3), flex: 1, minWidth: 0 }}>
          {theme.brand.logoUrl && (
            // The title names the page; the logo is decoration. Scaled into a fixed box, never cropped; a
            // wordmark is not cut to a square on a phone.
            <img src={theme.brand.logoUrl} alt="" css={{ height: 32, width: mobile && !wordmark ? 32 : 'auto', maxWidth: 140, objectFit: 'contain', objectPosition: 'left center', flex: 'none' }} />
          )}
          {/* A logo that shows the title already: the text would say the brand twice (themes/design.md). */}
          {wordmark ? (
            <VisuallyHidden>{title}</VisuallyHidden>
          ) : (
            <span css={{ fontSize: theme.font.sizeLg, fontWeight: 600, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
          )}
        </div>
        {/* On a phone the address would push Sign out off screen; it shows in the menu panel there. */}
        {user && !mobile && (
          <span css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm, overflowWrap: 'anywhere', maxWidth: 280, textAlign: 'end' }}>
            <EmailAddress value={user.email} />
          </span>
        )}
        {/* Inside a partner app the app chose the language at launch: no menu to contradict it. */}
        {config.variant !== 'app' && <LanguageMenu compact={mobile} onChosen={chooseAccountLanguage} />}
        <Button variant="secondary" size={mobile ? 'sm' : 'md'} loading={signingOut} onClick={() => void handleSignOut()}>
          {t('core:menu.signOut')}
        </Button>
      </header>
      <div
        css={{
          display: 'flex',
          flexDirection: mobile ? 'column' : 'row',
          gap: mobile ? 0 : theme.space(6),
          maxWidth: NAV_WIDTH + CONTENT_WIDTH + 6 * 4 * 3,
          margin: '0 auto',
          padding: mobile ? 0 : `${theme.space(6)} ${theme.space(6)} ${theme.space(12)}`,
          boxSizing: 'border-box',
        }}
      >
        {(!mobile || menuOpen) && (
          <nav
            id="account-menu"
            aria-label={t('core:menu.label')}
            css={
              mobile
                ? { padding: theme.space(3), background: theme.colors.surface, borderBottom: `1px solid ${theme.colors.border}` }
                : { width: NAV_WIDTH, flex: 'none', alignSelf: 'flex-start', position: 'sticky', top: theme.space(6) }
            }
          >
            {user && mobile && <p css={{ margin: `0 0 ${theme.space(3)}`, padding: `0 ${theme.space(4)}`, color: theme.colors.textMuted, fontSize: theme.font.sizeSm, overflowWrap: 'anywhere' }}><EmailAddress value={user.email} /></p>}
            <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space(1) }}>
              {links.map((link) => (
                <li key={`${link.pluginId}:${link.entry.id}`}>
                  <MenuItem link={link} current={current} onNavigate={() => setMenuOpen(false)} />
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" {...{ [TOAST_ANCHOR_ATTRIBUTE]: '' }} css={{ flex: 1, minWidth: 0, maxWidth: CONTENT_WIDTH, padding: mobile ? theme.space(3) : 0, boxSizing: 'border-box' }}>
          {children}
        </main>
      </div>
    </div>
  );
}
