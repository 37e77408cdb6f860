import { Suspense, useMemo } from 'react';
import { lazyView, PluginBoundary, SECURITY_SECTION_POINT, type SecuritySection, type SecuritySectionProps, usePortal } from '@portal/plugin-api';
import { useTranslation } from 'react-i18next';
import { Loading } from './parts';

/**
 * The cards other plugins add after one of this page's sections (SECURITY_SECTION_POINT), each
 * isolated. Their lazy views are made once per registry: a new one per render would remount them.
 */
export function ContributedSections({ after, ...props }: { after: SecuritySection['after'] } & SecuritySectionProps) {
  const { registry } = usePortal();
  const { t } = useTranslation('core');
  const sections = useMemo(
    () =>
      registry
        .getOwnedContributions(SECURITY_SECTION_POINT)
        .filter((s) => s.value.after === after)
        .sort((a, b) => a.value.order - b.value.order)
        .map((owned, i) => ({ key: `${owned.pluginId}-${i}`, pluginId: owned.pluginId, View: lazyView(owned.value.view) })),
    [registry, after],
  );
  return (
    <>
      {sections.map(({ key, pluginId, View }) => (
        <PluginBoundary key={key} pluginId={pluginId}>
          <Suspense fallback={<Loading label={t('ui.loading')} />}>
            <View {...props} />
          </Suspense>
        </PluginBoundary>
      ))}
    </>
  );
}
