import { useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { usePortal } from '../app/context';
import { LoadingImage } from '../ui/LoadingImage';
import type { GuardContext, GuardedRoute } from './guardTypes';
import { runGuards } from './coreGuards';
import { NotAvailable } from './NotAvailable';

type GateState = 'pending' | 'allowed' | 'failed';

/** Runs a route's guard chain before its view mounts; nothing guarded renders until it says so. */
export function GuardGate({ route, child, children }: { route: GuardedRoute; child?: string; children: ReactNode }) {
  const { registry, http, config } = usePortal();
  const [location, navigate] = useLocation();
  // Inside /accountSetting wouter gives paths relative to it.
  const pathname = route === 'accountSetting' ? `/accountSetting${location === '/' ? '' : location}` : location;
  const search = useSearch();
  // The language menu writes ?lang= into the address: that is no new entry. Running the chain again
  // would unmount the view while it runs and empty a half-filled form.
  const entryQuery = useMemo(() => {
    const query = new URLSearchParams(search);
    query.delete('lang');
    return query.toString();
  }, [search]);
  const currentSearch = useEffectEvent(() => search);
  const [state, setState] = useState<GateState>('pending');
  // "Try again" after a failed chain runs it anew.
  const [attempt, setAttempt] = useState(0);
  // The path as the chain first sees it: a move inside the same child (company to company/edit) does not re-run it.
  const entryPathname = useEffectEvent(() => pathname);

  useEffect(() => {
    let cancelled = false;
    setState('pending');
    const ctx: GuardContext = {
      route,
      pathname: entryPathname(),
      query: new URLSearchParams(currentSearch()),
      child,
      config,
      http,
      viewportWidth: window.innerWidth,
      origin: window.location.origin,
      host: window.location.host,
    };
    runGuards(registry.guardsFor(route), ctx).then(
      (outcome) => {
        if (cancelled) return;
        if (outcome.kind === 'redirect') navigate(`~${outcome.to}`, { replace: outcome.replace ?? true });
        else if (outcome.kind === 'external') window.location.replace(outcome.url);
        else setState('allowed');
      },
      (err: unknown) => {
        // A broken guard fails closed: the view behind it never renders.
        console.error(`[guard:${route}]`, err instanceof Error ? err.message : err);
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
    };
    // Guards re-run when the entry or its query (but ?lang) changes, not on every render.
  }, [route, child, entryQuery, registry, http, config, navigate, attempt]);

  if (state === 'failed') return <NotAvailable onRetry={() => setAttempt((n) => n + 1)} />;
  if (state === 'pending') return <LoadingImage />;
  return <>{children}</>;
}
