import { Suspense } from 'react';
import { lazyView, PluginBoundary, SECURITY_SECTION_POINT, type SecuritySection, type SecuritySectionProps, usePortal } from '@portal/plugin-api';
import { useTranslation } from 'react-i18next';
import { Loading } from './parts';

/** The cards other plugins add after one of this page's sections (SECURITY_SECTION_POINT), each isolated. */
export function ContributedSections({ after, ...props }: { after: SecuritySection['after'] } & SecuritySectionProps) {
  const { registry } = usePortal();
  const { t } = useTranslation('core');
  const sections = registry
    .getOwnedContributions(SECURITY_SECTION_POINT)
    .filter((s) => s.value.after === after)
    .sort((a, b) => a.value.order - b.value.order);
  return (
    <>
      {sections.map((section, i) => {
        const View = lazyView(section.value.view);
        return (
          <PluginBoundary key={`${section.pluginId}-${i}`} pluginId={section.pluginId}>
            <Suspense fallback={<Loading label={t('ui.loading')} />}>
              <View {...props} />
            </Suspense>
          </PluginBoundary>
        );
      })}
    </>
  );
}
