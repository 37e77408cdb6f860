import { Suspense } from 'react';
import {
  lazyView,
  LOGIN_SLOT_POINT,
  type LoginSlot,
  PluginBoundary,
  useLoginPage,
  usePortal,
} from '@portal/plugin-api';

/** Parts other plugins add to the layout (e.g. the help-desk notice above the form). */
export function Slots({ area }: { area: LoginSlot['area'] }) {
  const { registry } = usePortal();
  const { pluginAllowed, query } = useLoginPage();
  const slots = registry
    .getOwnedContributions(LOGIN_SLOT_POINT)
    .filter((s) => s.value.area === area && pluginAllowed(s.pluginId) && (s.value.shows?.(query) ?? true))
    .sort((a, b) => a.value.order - b.value.order);
  return (
    <>
      {slots.map((slot, i) => {
        const Part = lazyView(slot.value.component);
        return (
          <PluginBoundary key={`${slot.pluginId}-${i}`} pluginId={slot.pluginId}>
            {/* Nothing while it loads: a spinner above the form would push it down, then let it jump back. */}
            <Suspense fallback={null}>
              <Part />
            </Suspense>
          </PluginBoundary>
        );
      })}
    </>
  );
}
