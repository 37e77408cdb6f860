import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ConfigErrorScreen } from '../boot/ConfigErrorScreen';
import type { ServicesFor } from '../boot/servicesForRegion';
import { ConfigError } from '../config/loadConfig';
import type { RegionCode } from '../contract/regions';
import { ENTRY_ROUTES } from '../router/AppRouter';
import { NotAvailable } from '../router/NotAvailable';
import { regionAtom } from '../session/session';
import { LoadingImage } from '../ui/LoadingImage';
import { PortalContext, type PortalServices } from './context';

const ENTRY_PATHS = new Set(ENTRY_ROUTES.map((e) => e.path));

type Built = Partial<Record<RegionCode, PortalServices>>;

/**
 * Provides the services of the account's data region (else the deployment's default region)
 * and swaps them when that region changes. Until the new region's registry is built, the
 * page shows the loading state, never a page of the old plugin set. One exception keeps a
 * flow intact: when the region changes on an entry page (the token exchange, the region step
 * on /login), that page stays as it is until the next navigation; it is on its way out.
 */
export function RegionalServices({ initial, servicesFor, children }: { initial: PortalServices; servicesFor: ServicesFor; children: ReactNode }) {
  const region = useAtomValue(regionAtom) ?? initial.config.api.defaultRegion;
  const [path] = useLocation();
  const [built, setBuilt] = useState<Built>({ [initial.region]: initial });
  const [shown, setShown] = useState<RegionCode>(initial.region);
  const [failure, setFailure] = useState<{ region: RegionCode; error: unknown } | null>(null);
  // Where the page was when the region changed; kept (with the old services) while it stays there.
  const [change, setChange] = useState<{ region: RegionCode; heldAt: string | null }>({ region, heldAt: null });
  if (change.region !== region) setChange({ region, heldAt: region !== shown && ENTRY_PATHS.has(path) ? path : null });

  const ready = built[region];
  const hold = region !== shown && change.heldAt === path;
  if (ready && !hold && shown !== region) setShown(region);

  useEffect(() => {
    if (built[region]) return;
    let live = true;
    servicesFor(region).then(
      (services) => live && setBuilt((b) => ({ ...b, [region]: services })),
      (error: unknown) => {
        console.error(`[region:${region}]`, error instanceof Error ? error.message : error);
        if (live) setFailure({ region, error });
      },
    );
    return () => {
      live = false;
    };
  }, [region, built, servicesFor]);

  const current = hold || !ready ? built[shown]! : ready;
  let content = children;
  if (!hold && !ready) {
    const failed = failure?.region === region ? failure.error : null;
    if (failed instanceof ConfigError) content = <ConfigErrorScreen detail={failed.message} />;
    else if (failed) content = <NotAvailable />;
    else content = <LoadingImage />;
  }
  return <PortalContext.Provider value={current}>{content}</PortalContext.Provider>;
}
