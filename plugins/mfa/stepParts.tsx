import { useTheme } from '@emotion/react';
import { Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  lazyView,
  LoginPageContext,
  MFA_STEP_PART_POINT,
  type MfaRequiredResult,
  type MfaStepPart,
  type MfaStepPartProps,
  type Owned,
  PluginBoundary,
  namespaceOf,
  Spinner,
  translateDataKey,
  type TranslationKey,
  usePortal,
} from '@portal/plugin-api';

/** The parts other plugins add to this step (MFA_STEP_PART_POINT) that this page and challenge offer. */
export function useStepParts(challenge: MfaRequiredResult) {
  const { registry } = usePortal();
  // Outside the login page host (a test of the step alone) every enabled plugin may run.
  const page = useContext(LoginPageContext);
  return useMemo(() => {
    const offered = registry
      .getOwnedContributions(MFA_STEP_PART_POINT)
      .filter((p) => (page?.pluginAllowed(p.pluginId) ?? true) && (p.value.offered?.(challenge) ?? true))
      .sort((a, b) => a.value.order - b.value.order);
    return { options: offered.filter((p) => p.value.kind === 'option'), alternatives: offered.filter((p) => p.value.kind === 'alternative') };
  }, [registry, page, challenge]);
}

/** The options' body fields, one record per part, merged into every answer. */
export function useOptionFields() {
  const [byPart, setByPart] = useState<Record<number, Record<string, unknown>>>({});
  const merged = useMemo(() => Object.assign({}, ...Object.values(byPart)) as Record<string, unknown>, [byPart]);
  const setterFor = (index: number) => (fields: Record<string, unknown>) => setByPart((all) => ({ ...all, [index]: fields }));
  return { merged, setterFor };
}

type PartProps = Omit<MfaStepPartProps, 'setFields'> & { setFields?: MfaStepPartProps['setFields'] };

/** One part, isolated: its plugin failing shows the boundary's message, never breaks the step. */
export function StepPart({ part, props, fallback }: { part: Owned<MfaStepPart>; props: PartProps; fallback?: ReactNode }) {
  const View = lazyView(part.value.view);
  return (
    <PluginBoundary pluginId={part.pluginId}>
      <Suspense fallback={fallback ?? null}>
        <View setFields={() => undefined} {...props} />
      </Suspense>
    </PluginBoundary>
  );
}

/**
 * The link that opens an alternative. Its text is in the contributing plugin's namespace, which the
 * login page loads only when asked: this component asks (and shows nothing until it is there).
 */
export function AlternativeLink({ part, disabled, onOpen }: { part: Owned<MfaStepPart>; disabled: boolean; onOpen: () => void }) {
  return (
    <PluginBoundary pluginId={part.pluginId}>
      <Suspense fallback={null}>
        {part.value.labelKey && <AlternativeLabel labelKey={part.value.labelKey} disabled={disabled} onOpen={onOpen} />}
      </Suspense>
    </PluginBoundary>
  );
}

function AlternativeLabel({ labelKey, disabled, onOpen }: { labelKey: TranslationKey; disabled: boolean; onOpen: () => void }) {
  const { t } = useTranslation(namespaceOf(labelKey));
  return (
    <Button variant="text" disabled={disabled} onClick={onOpen}>
      {translateDataKey(t, labelKey)}
    </Button>
  );
}

export function PartLoading() {
  const theme = useTheme();
  return (
    <div css={{ display: 'flex', justifyContent: 'center', padding: theme.space(4) }}>
      <Spinner size={24} />
    </div>
  );
}
