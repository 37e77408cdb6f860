import { useTheme } from '@emotion/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { namespaceOf } from '../i18n/resources';
import type { Owned } from '../registry/registry';
import type { RouteContribution } from '../registry/types';
import { lazyView } from './lazyView';
import { PluginBoundary } from './PluginBoundary';

/** A plugin's route view, lazily loaded inside its plugin's boundary. */
export function RouteView({ owned }: { owned: Owned<RouteContribution> }) {
  const View = lazyView(owned.value.view);
  const titleKey = owned.value.titleKey;
  // The title's namespace (`ns:key`) is loaded with the view, so the tab never shows a bare key.
  const { t } = useTranslation(['core', titleKey ? namespaceOf(titleKey) : 'core']);
  // A white-labelled deployment (or a partner app) names the product in its theme.
  const product = useTheme().brand.title || t('app.name');
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} · ${product}` : product;
  }, [titleKey, t, product]);
  return (
    <PluginBoundary pluginId={owned.pluginId}>
      <View />
    </PluginBoundary>
  );
}
