import { lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { usePortal } from '../app/context';
import type { GuardedRoute } from './guardTypes';
import { GuardGate } from './GuardGate';
import { NotAvailable } from './NotAvailable';
import { RouteView } from './RouteView';

// The account area (shell, menu) is fetched only when someone goes there, never on /login.
const AccountSettingRoutes = lazy(() => import('./AccountSettingRoutes').then((m) => ({ default: m.AccountSettingRoutes })));

/** The fixed entries of spec section 2; plugins provide what each one shows. */
export const ENTRY_ROUTES: ReadonlyArray<{ path: string; route: GuardedRoute }> = [
  { path: '/', route: 'authorize' },
  { path: '/token', route: 'token' },
  { path: '/invite', route: 'invite' },
  { path: '/login', route: 'login' },
];

export function AppRouter() {
  const { registry } = usePortal();
  const topLevel = registry.routes.filter((r) => !r.value.parent);
  const entryPaths = new Set(ENTRY_ROUTES.map((e) => e.path));

  return (
    <Switch>
      {ENTRY_ROUTES.map(({ path, route }) => {
        const owned = topLevel.find((r) => r.value.path === path);
        return (
          <Route key={path} path={path}>
            {owned ? (
              <GuardGate route={route}>
                <RouteView owned={owned} />
              </GuardGate>
            ) : route === 'authorize' ? (
              // Without an authorize plugin the entry simply opens the login page.
              <Redirect to={`/login${window.location.search}`} replace />
            ) : (
              <NotAvailable />
            )}
          </Route>
        );
      })}
      <Route path="/accountSetting" nest>
        <AccountSettingRoutes />
      </Route>
      {topLevel
        .filter((r) => !entryPaths.has(r.value.path))
        .map((r) => (
          <Route key={r.value.path} path={r.value.path} nest>
            <RouteView owned={r} />
          </Route>
        ))}
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
