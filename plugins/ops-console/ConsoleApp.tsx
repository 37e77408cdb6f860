import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation } from 'wouter';
import { ApiError, LoadFailed, LoadingLine, releaseBootShell } from '@portal/plugin-api';
import { useOps } from './api';
import { OPS_CALLS as C, type OperatorMe } from './contract';
import { EnrolView } from './EnrolView';
import { ConsoleCard } from './layout';
import { SignInView } from './SignInView';

// The signed-in console is its own chunk, which the server gives only to a signed-in operator.
const SignedInConsole = lazy(() => import('./SignedInConsole'));

type State = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'failed' } | { kind: 'in'; me: OperatorMe };

/** `/ops`: the console. Signed out it shows the sign-in (or an invitation's enrolment); signed in, the sections. */
export default function ConsoleApp() {
  const { t } = useTranslation(['ops-console', 'core']);
  const ops = useOps();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [, navigate] = useLocation();
  const waiting = (
    <ConsoleCard title={t('ops-console:title')}>
      <LoadingLine label={t('ops-console:loading')} />
    </ConsoleCard>
  );

  const load = useCallback(async () => {
    try {
      setState({ kind: 'in', me: await ops.call<OperatorMe>('GET', C.me) });
    } catch (err) {
      setState(err instanceof ApiError && err.status === 401 ? { kind: 'signed-out' } : { kind: 'failed' });
    }
  }, [ops]);

  useEffect(() => {
    releaseBootShell();
    void load();
  }, [load]);

  const signedOut = useCallback(() => setState({ kind: 'signed-out' }), []);

  return (
    <Switch>
      <Route path="/enrol">
        <EnrolView onEnrolled={() => void load().then(() => navigate('/operators', { replace: true }))} />
      </Route>
      <Route>
        {state.kind === 'loading' && waiting}
        {state.kind === 'failed' && (
          <ConsoleCard title={t('ops-console:title')}>
            <LoadFailed message={t('ops-console:errors.noAnswer')} retryLabel={t('ops-console:tryAgain')} onRetry={() => void load()} />
          </ConsoleCard>
        )}
        {state.kind === 'signed-out' && <SignInView onSignedIn={(me) => setState({ kind: 'in', me })} />}
        {state.kind === 'in' && (
          <Suspense fallback={waiting}>
            <SignedInConsole me={state.me} ops={ops} reload={load} signedOut={signedOut} />
          </Suspense>
        )}
      </Route>
    </Switch>
  );
}

