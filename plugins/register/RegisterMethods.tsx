import { Suspense, useMemo } from 'react';
import { lazyView, PluginBoundary, REGISTER_METHOD_POINT, type RegisterMethod, useLoginPage, usePortal } from '@portal/plugin-api';

/** Other ways of registering (REGISTER_METHOD_POINT) under the form, each in the room it takes once loaded. */
export function RegisterMethods() {
  const { registry } = usePortal();
  const page = useLoginPage();
  const methods = useMemo(
    () =>
      registry
        .getOwnedContributions(REGISTER_METHOD_POINT)
        .filter((owned) => page.pluginAllowed(owned.pluginId))
        .sort((a, b) => a.value.order - b.value.order),
    [registry, page],
  );
  return (
    <>
      {methods.map(({ pluginId, value }) => (
        <div key={pluginId} css={{ minHeight: value.height }}>
          <MethodSlot pluginId={pluginId} method={value} />
        </div>
      ))}
    </>
  );
}

function MethodSlot({ pluginId, method }: { pluginId: string; method: RegisterMethod }) {
  const Method = useMemo(() => lazyView(method.component), [method]);
  return (
    <PluginBoundary pluginId={pluginId}>
      <Suspense fallback={null}>
        <Method />
      </Suspense>
    </PluginBoundary>
  );
}
