import { useTheme } from '@emotion/react';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, Route, Switch, useRoute } from 'wouter';
import { Button, EmailAddress, lazyView, LoadingLine, namespaceOf, OPS_SECTION_POINT, PluginBoundary, type TranslationKey, usePortal } from '@portal/plugin-api';
import { useConsole } from './consoleContext';

function NavLink({ href, labelKey }: { href: string; labelKey: TranslationKey }) {
  const theme = useTheme();
  // A section's label may be in its own plugin's namespace.
  const { t } = useTranslation([namespaceOf(labelKey)]);
  const [active] = useRoute(href);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      css={{ padding: `${theme.space(2)} ${theme.space(3)}`, borderRadius: theme.radius.sm, color: active ? theme.colors.primaryText : theme.colors.text, background: active ? theme.colors.primary : 'transparent', textDecoration: 'none', fontWeight: 600 }}
    >
      {t(labelKey)}
    </Link>
  );
}

/**
 * The signed-in console: who is signed in, the sections the operator's role may see (the console's
 * own and other plugins', OPS_SECTION_POINT), and the section shown, each isolated.
 */
export function ConsoleShell() {
  const theme = useTheme();
  const { t } = useTranslation(['ops-console', 'core']);
  const { me, signOut } = useConsole();
  const { registry } = usePortal();
  // Lazy views made once per registry: a new one per render would remount the section.
  const sections = useMemo(
    () =>
      registry
        .getOwnedContributions(OPS_SECTION_POINT)
        .sort((a, b) => a.value.order - b.value.order)
        .map((owned) => ({ ...owned.value, pluginId: owned.pluginId, View: lazyView(owned.value.view) })),
    [registry],
  );
  const shown = sections.filter((s) => me.permissions.includes(s.needs));
  return (
    <div css={{ minHeight: '100vh', background: theme.colors.background }}>
      <header css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(4), padding: `${theme.space(3)} ${theme.space(6)}`, background: theme.colors.surface, borderBottom: `1px solid ${theme.colors.border}` }}>
        <p css={{ margin: 0, fontWeight: 700, fontSize: theme.font.sizeLg }}>{t('ops-console:title')}</p>
        <nav aria-label={t('ops-console:sections')} css={{ display: 'flex', gap: theme.space(2), flexWrap: 'wrap' }}>
          {shown.map((s) => (
            <NavLink key={s.id} href={`/${s.path}`} labelKey={s.labelKey} />
          ))}
        </nav>
        <p css={{ margin: 0, marginInlineStart: 'auto', color: theme.colors.textMuted, overflowWrap: 'anywhere' }}>
          <EmailAddress value={me.email} /> · {t(`ops-console:roles.${me.role}`)}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void signOut()}>
          {t('ops-console:signOut')}
        </Button>
      </header>
      <main css={{ maxWidth: 1100, margin: '0 auto', padding: theme.space(6), boxSizing: 'border-box' }}>
        <Switch>
          {shown.map(({ id, path, pluginId, View }) => (
            <Route key={id} path={`/${path}`} nest>
              <PluginBoundary pluginId={pluginId}>
                <Suspense fallback={<LoadingLine label={t('ops-console:loading')} />}>
                  <View />
                </Suspense>
              </PluginBoundary>
            </Route>
          ))}
          {shown[0] && (
            <Route>
              <Redirect to={`/${shown[0].path}`} replace />
            </Route>
          )}
        </Switch>
      </main>
    </div>
  );
}
