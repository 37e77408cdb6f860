import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { usePortal } from '../app/context';
import { type Namespace, namespaceOf } from '../i18n/resources';
import { signOut } from '../session/signOut';
import { userAtom } from '../session/session';
import { Button } from '../ui/Button';
import { useViewportWidth } from '../ui/media';
import { resolveMenu, type MenuLink } from './menu';

function MenuItem({ link, current, onNavigate }: { link: MenuLink; current: string; onNavigate: () => void }) {
  const { t } = useTranslation([namespaceOf(link.entry.labelKey)]);
  const theme = useTheme();
  const active = link.kind !== 'external' && (current === link.href || current.startsWith(`${link.href}/`));
  const style = {
    display: 'block',
    padding: `${theme.space(2)} ${theme.space(4)}`,
    borderRadius: theme.radius.md,
    color: active ? theme.colors.primary : theme.colors.text,
    background: active ? theme.colors.background : 'transparent',
    fontWeight: active ? 600 : 400,
    textDecoration: 'none',
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

/** The /accountSetting frame: the plugins' menu entries and the current child page. */
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

  async function handleSignOut() {
    setSigningOut(true);
    await signOut(registry, http);
    navigate(`~${config.signInPath}`, { replace: true });
  }

  return (
    <div css={{ minHeight: '100vh', background: theme.colors.background, color: theme.colors.text, fontFamily: theme.font.family }}>
      <header
        css={{
          display: 'flex',
          alignItems: 'center',
          gap: theme.space(3),
          padding: `${theme.space(3)} ${theme.space(4)}`,
          background: theme.colors.surface,
          borderBottom: `1px solid ${theme.colors.border}`,
        }}
      >
        {mobile && (
          <Button variant="text" size="sm" aria-expanded={menuOpen} aria-controls="account-menu" onClick={() => setMenuOpen((o) => !o)}>
            {menuOpen ? t('core:menu.closeMenu') : t('core:menu.openMenu')}
          </Button>
        )}
        <span css={{ fontSize: theme.font.sizeLg, fontWeight: 600, flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{theme.brand.title || t('core:app.name')}</span>
        {/* On a phone the address would push Sign out off screen; it shows in the menu panel there. */}
        {user && !mobile && <span css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm, overflowWrap: 'anywhere' }}>{user.email}</span>}
        <Button variant="secondary" size={mobile ? 'sm' : 'md'} loading={signingOut} onClick={() => void handleSignOut()}>
          {t('core:menu.signOut')}
        </Button>
      </header>
      <div css={{ display: 'flex', flexDirection: mobile ? 'column' : 'row', maxWidth: theme.breakpoints.xlarge, margin: '0 auto' }}>
        {(!mobile || menuOpen) && (
          <nav id="account-menu" aria-label={t('core:menu.label')} css={{ width: mobile ? 'auto' : 240, padding: theme.space(4) }}>
            {user && mobile && <p css={{ margin: `0 0 ${theme.space(3)}`, color: theme.colors.textMuted, fontSize: theme.font.sizeSm, overflowWrap: 'anywhere' }}>{user.email}</p>}
            <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space(1) }}>
              {links.map((link) => (
                <li key={`${link.pluginId}:${link.entry.id}`}>
                  <MenuItem link={link} current={current} onNavigate={() => setMenuOpen(false)} />
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" css={{ flex: 1, padding: theme.space(4), minWidth: 0 }}>
          {children}
        </main>
      </div>
    </div>
  );
}
