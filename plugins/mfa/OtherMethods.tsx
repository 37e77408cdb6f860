import { Suspense, useContext, useMemo } from 'react';
import { lazyView, LoginPageContext, type MfaRequiredResult, PluginBoundary, SECOND_FACTOR_METHOD_POINT, usePortal } from '@portal/plugin-api';

/** Second factors other plugins add (a passkey), under the code form; each retries the sign-in its own way. */
export function OtherMethods({ result, retry }: { result: MfaRequiredResult; retry(extra: Record<string, unknown>): Promise<void> }) {
  const { registry } = usePortal();
  // The step may show outside a login page (tests, stories): then every contribution counts.
  const page = useContext(LoginPageContext);
  const methods = useMemo(
    () =>
      registry
        .getOwnedContributions(SECOND_FACTOR_METHOD_POINT)
        .filter((owned) => page?.pluginAllowed(owned.pluginId) ?? true)
        .sort((a, b) => a.value.order - b.value.order)
        .map((owned) => ({ pluginId: owned.pluginId, Method: lazyView(owned.value.component) })),
    [registry, page],
  );
  return (
    <>
      {methods.map(({ pluginId, Method }) => (
        <PluginBoundary key={pluginId} pluginId={pluginId}>
          <Suspense fallback={null}>
            <Method result={result} retry={retry} />
          </Suspense>
        </PluginBoundary>
      ))}
    </>
  );
}
