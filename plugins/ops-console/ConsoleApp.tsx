import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation } from 'wouter';
import { ApiError, LoadFailed, LoadingLine, releaseBootShell } from '@portal/plugin-api';
import { useOps } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { ConsoleContext, type ConsoleSession } from './consoleContext';
import { ConsoleShell } from './ConsoleShell';
import { OPS_CALLS as C, type OperatorMe } from './contract';
import { EnrolView } from './EnrolView';
import { ConsoleCard } from './layout';
import { SignInView } from './SignInView';

type State = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'failed' } | { kind: 'in'; me: OperatorMe };

/** `/ops`: the console. Signed out it shows the sign-in (or an invitation's enrolment); signed in, the sections. */
export default function ConsoleApp() {
  const { t } = useTranslation(['ops-console', 'core']);
  const ops = useOps();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [, navigate] = useLocation();
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

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

  const session = useMemo<ConsoleSession | null>(() => {
    if (state.kind !== 'in') return null;
    return {
      me: state.me,
      reload: load,
      confirm: () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setConfirming(true);
        }),
      async signOut() {
        await ops.call('POST', C.signOut).catch(() => undefined);
        setState({ kind: 'signed-out' });
      },
    };
  }, [state, load, ops]);

  const done = (confirmed: boolean) => {
    setConfirming(false);
    settle.current?.(confirmed);
    settle.current = null;
    if (confirmed) void load();
  };

  return (
    <Switch>
      <Route path="/enrol">
        <EnrolView onEnrolled={() => void load().then(() => navigate('/operators', { replace: true }))} />
      </Route>
      <Route>
        {state.kind === 'loading' && (
          <ConsoleCard title={t('ops-console:title')}>
            <LoadingLine label={t('ops-console:loading')} />
          </ConsoleCard>
        )}
        {state.kind === 'failed' && (
          <ConsoleCard title={t('ops-console:title')}>
            <LoadFailed message={t('ops-console:errors.noAnswer')} retryLabel={t('ops-console:tryAgain')} onRetry={() => void load()} />
          </ConsoleCard>
        )}
        {state.kind === 'signed-out' && <SignInView onSignedIn={(me) => setState({ kind: 'in', me })} />}
        {session && (
          <ConsoleContext.Provider value={session}>
            <ConsoleShell />
            <ConfirmDialog me={session.me} open={confirming} onDone={done} />
          </ConsoleContext.Provider>
        )}
      </Route>
    </Switch>
  );
}

