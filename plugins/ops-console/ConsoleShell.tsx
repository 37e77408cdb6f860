import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, Route, Switch, useRoute } from 'wouter';
import { Button } from '@portal/plugin-api';
import { AuditView } from './AuditView';
import { useConsole } from './consoleContext';
import { OperatorsView } from './OperatorsView';

function NavLink({ href, label }: { href: string; label: string }) {
  const theme = useTheme();
  const [active] = useRoute(href);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      css={{ padding: `${theme.space(2)} ${theme.space(3)}`, borderRadius: theme.radius.sm, color: active ? theme.colors.primaryText : theme.colors.text, background: active ? theme.colors.primary : 'transparent', textDecoration: 'none', fontWeight: 600 }}
    >
      {label}
    </Link>
  );
}

/** The signed-in console: who is signed in, the sections, and the section shown. */
export function ConsoleShell() {
  const theme = useTheme();
  const { t } = useTranslation('ops-console');
  const { me, signOut } = useConsole();
  return (
    <div css={{ minHeight: '100vh', background: theme.colors.background }}>
      <header css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(4), padding: `${theme.space(3)} ${theme.space(6)}`, background: theme.colors.surface, borderBottom: `1px solid ${theme.colors.border}` }}>
        <p css={{ margin: 0, fontWeight: 700, fontSize: theme.font.sizeLg }}>{t('title')}</p>
        <nav aria-label={t('sections')} css={{ display: 'flex', gap: theme.space(2), flexWrap: 'wrap' }}>
          <NavLink href="/operators" label={t('operatorsTitle')} />
          <NavLink href="/audit" label={t('auditTitle')} />
        </nav>
        <p css={{ margin: 0, marginInlineStart: 'auto', color: theme.colors.textMuted, overflowWrap: 'anywhere' }}>
          <span dir="ltr">{me.email}</span> · {t(`roles.${me.role}`)}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void signOut()}>
          {t('signOut')}
        </Button>
      </header>
      <main css={{ maxWidth: 1100, margin: '0 auto', padding: theme.space(6), boxSizing: 'border-box' }}>
        <Switch>
          <Route path="/operators">
            <OperatorsView />
          </Route>
          <Route path="/audit">
            <AuditView />
          </Route>
          <Route>
            <Redirect to="/operators" replace />
          </Route>
        </Switch>
      </main>
    </div>
  );
}
