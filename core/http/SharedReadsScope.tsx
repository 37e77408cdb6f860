import { useContext, useMemo, type ReactNode } from 'react';
import { PortalContext } from '../app/context';
import { ForgetSharedReadsContext, shareReads } from './sharedReads';

/**
 * Within `children`, `useHttp()` is a client whose identical reads share one answer
 * (sharedReads.ts): a page whose parts load the same resources asks the server once, and once
 * more after each change. A part that reloads on purpose (useLoaded's `reload()`, a Retry) reads
 * fresh. What is kept goes with the scope (leaving the page).
 */
export function SharedReadsScope({ children }: { children: ReactNode }) {
  const services = useContext(PortalContext);
  if (!services) throw new Error('SharedReadsScope outside <PortalContext.Provider>');
  const reads = useMemo(() => shareReads(services.http), [services.http]);
  const scoped = useMemo(() => ({ ...services, http: reads.client }), [services, reads]);
  return (
    <PortalContext.Provider value={scoped}>
      <ForgetSharedReadsContext.Provider value={reads.forget}>{children}</ForgetSharedReadsContext.Provider>
    </PortalContext.Provider>
  );
}
