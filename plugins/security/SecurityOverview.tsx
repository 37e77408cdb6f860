import { useTheme } from '@emotion/react';
import { Suspense, useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  focusForReading,
  focusRing,
  lazyView,
  namespaceOf,
  PluginBoundary,
  SECURITY_SUMMARY_POINT,
  SecuritySummaryState,
  type SecuritySummaryProps,
  type TranslationKey,
  translateDataKey,
  usePortal,
} from '@portal/plugin-api';

/**
 * "At a glance": one line per contribution to SECURITY_SUMMARY_POINT (this plugin's two-factor and
 * last sign-in, and each other plugin's own), in order, each isolated. The name links to its card:
 * the card scrolls into view and its heading takes the focus, so a keyboard user carries on there.
 */
export function SecurityOverview(props: SecuritySummaryProps) {
  const theme = useTheme();
  const { t } = useTranslation('security');
  const { registry } = usePortal();
  // Lazy views made once per registry: a new one per render would remount (and reload) each line.
  const lines = useMemo(
    () =>
      registry
        .getOwnedContributions(SECURITY_SUMMARY_POINT)
        .slice()
        .sort((a, b) => a.value.order - b.value.order)
        .map((owned, i) => ({ key: `${owned.pluginId}-${i}`, pluginId: owned.pluginId, line: owned.value, View: lazyView(owned.value.view) })),
    [registry],
  );
  if (lines.length === 0) return null;
  const loading = <SecuritySummaryState loading />;
  return (
    <ul
      aria-label={t('overview.title')}
      data-security-overview=""
      css={{ listStyle: 'none', margin: `0 0 ${theme.space(6)}`, padding: 0, border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md }}
    >
      {lines.map(({ key, pluginId, line, View }) => (
        <li
          key={key}
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: `${theme.space(1)} ${theme.space(4)}`,
            paddingBlock: theme.space(3),
            paddingInline: theme.space(4),
            '& + &': { borderTop: `1px solid ${theme.colors.border}` },
          }}
        >
          <PluginBoundary pluginId={pluginId}>
            <Suspense fallback={loading}>
              <CardLink labelKey={line.labelKey} headingId={line.headingId} />
              <View {...props} />
            </Suspense>
          </PluginBoundary>
        </li>
      ))}
    </ul>
  );
}

/** The line's name in its plugin's namespace (loaded with it), linking to the card's heading. */
function CardLink({ labelKey, headingId }: { labelKey: TranslationKey; headingId: string }) {
  const theme = useTheme();
  const { t } = useTranslation(namespaceOf(labelKey));
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    const heading = document.getElementById(headingId);
    if (!heading) return; // the card is not there (its plugin failed): the address's fragment is harmless
    event.preventDefault();
    heading.scrollIntoView?.({ block: 'start' });
    focusForReading(heading);
  };
  return (
    <a href={`#${headingId}`} onClick={go} css={{ color: theme.colors.primary, fontWeight: 600, borderRadius: theme.radius.sm, ...focusRing(theme) }}>
      {translateDataKey(t, labelKey)}
    </a>
  );
}
