import { Suspense, useMemo } from 'react';
import { lazyView, PluginBoundary, SECURITY_SECTION_POINT, usePortal } from '@portal/plugin-api';
import type { SecurityLock } from './useSecurityLock';

/** Sections other plugins add (SECURITY_SECTION_POINT), each given the page's lock. */
export function ContributedSections({ lock }: { lock: SecurityLock }) {
  const { registry } = usePortal();
  const sections = useMemo(
    () =>
      registry
        .getOwnedContributions(SECURITY_SECTION_POINT)
        .slice()
        .sort((a, b) => a.value.order - b.value.order)
        .map((owned) => ({ pluginId: owned.pluginId, Part: lazyView(owned.value.component) })),
    [registry],
  );
  return (
    <>
      {sections.map(({ pluginId, Part }) => (
        <PluginBoundary key={pluginId} pluginId={pluginId}>
          <Suspense fallback={null}>
            <Part unlocked={lock.unlocked} guard={lock.guard} />
          </Suspense>
        </PluginBoundary>
      ))}
    </>
  );
}
