import { Redirect, Route, Switch, useLocation } from 'wouter';
import { usePortal } from '../app/context';
import { GuardGate } from './GuardGate';
import { AccountShell } from './AccountShell';
import { RouteView } from './RouteView';

/** Spec section 2: the default child of /accountSetting. */
export const DEFAULT_ACCOUNT_CHILD = 'myProfile';

/** /accountSetting and the children plugins contribute, behind the session guard. */
export function AccountSettingRoutes() {
  const { registry } = usePortal();
  const [location] = useLocation(); // relative to /accountSetting
  const child = location.split('/')[1] || undefined;
  const children = registry.routes.filter((r) => r.value.parent === 'accountSetting');
  const fallbackChild = children.some((r) => r.value.path === DEFAULT_ACCOUNT_CHILD)
    ? DEFAULT_ACCOUNT_CHILD
    : children[0]?.value.path;

  return (
    <GuardGate route="accountSetting" child={child}>
      <AccountShell>
        <Switch>
          {children.map((r) => (
            <Route key={r.value.path} path={`/${r.value.path}`} nest>
              <RouteView owned={r} />
            </Route>
          ))}
          <Route>{fallbackChild ? <Redirect to={`/${fallbackChild}`} replace /> : null}</Route>
        </Switch>
      </AccountShell>
    </GuardGate>
  );
}
