import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { focusForReading, focusTargetHeadingsCss, lazyView, type LoginViewContribution, type Owned, PluginBoundary } from '@portal/plugin-api';
import { goTo, type LoginFlowState } from './loginFlow';

/** Shows the current login view inside its plugin's boundary; focus follows view switches. */
export function ViewHost({ flow, views }: { flow: LoginFlowState; views: readonly Owned<LoginViewContribution>[] }) {
  const { t } = useTranslation('login-layout');
  const snap = useSnapshot(flow);
  const hostRef = useRef<HTMLDivElement>(null);
  const owned = views.find((v) => v.value.id === snap.view) ?? views.find((v) => v.value.isDefault) ?? views[0];

  useEffect(() => {
    if (snap.seq === 0) return; // the first view: the browser's own focus order applies
    let tries = 0;
    let frame = 0;
    // The new view may still be loading (lazy): look for its heading for a short while.
    const focusHeading = () => {
      // The previous view may linger hidden for a frame (Suspense): only a rendered heading counts.
      const heading = [...(hostRef.current?.querySelectorAll<HTMLElement>('h1, h2') ?? [])].find((h) => h.getClientRects().length > 0);
      if (heading) focusForReading(heading);
      else if (tries++ < 60) frame = requestAnimationFrame(focusHeading);
    };
    focusHeading();
    return () => cancelAnimationFrame(frame);
  }, [snap.seq]);

  if (!owned) return <p role="alert">{t('noViews')}</p>;
  const View = lazyView(owned.value.view);
  return (
    // The heading is focused to be read out, not to be acted on: no ring (themes/design.md, "focus").
    <div ref={hostRef} data-login-view={owned.value.id} css={focusTargetHeadingsCss}>
      <PluginBoundary pluginId={owned.pluginId}>
        <View key={snap.seq} goTo={(view, data) => goTo(flow, view, data)} data={snap.data} />
      </PluginBoundary>
    </div>
  );
}
