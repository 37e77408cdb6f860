import { useTheme } from '@emotion/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LoadFailed, LoadingLine, PageCard, useConsole, useFormatMoment, useLoaded, useOps } from '@portal/plugin-api';
import type { DeploymentTarget } from '@portal/plugin-api/contract';
import { SWITCHES_CALLS as C, type SwitchesOverview, type SwitchesTarget } from './contract';
import { switchesError } from './messages';
import { ReviewPanel } from './ReviewPanel';
import { SettingsDialog } from './SettingsDialog';
import { asSwitchesDoc, type SwitchesDoc } from './switchDoc';
import { SwitchMatrix } from './SwitchMatrix';
import { VersionHistory } from './VersionHistory';

/** One config: its switches (a draft while edited), the review of the draft, and the history. */
function TargetEditor({ target, plugins, canEdit, onChanged }: { target: SwitchesTarget; plugins: readonly string[]; canEdit: boolean; onChanged: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-switches');
  const format = useFormatMoment();
  const [draft, setDraft] = useState<SwitchesDoc | null>(null);
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const doc = draft ?? asSwitchesDoc(target.current.body);
  const author = target.current.author;

  return (
    <div css={{ display: 'grid', gap: theme.space(6) }}>
      <p css={{ margin: 0 }}>{t('served', { version: target.current.version, when: format(target.current.createdAt), author })}</p>
      <div css={{ overflowX: 'auto' }}>
        <SwitchMatrix doc={doc} plugins={plugins} served={target.enabled} canEdit={canEdit} onChange={setDraft} onSettings={setSettingsOf} />
      </div>
      {draft && (
        <ReviewPanel
          target={target.target}
          draft={draft}
          baseVersion={target.current.version}
          canEdit={canEdit}
          onApplied={() => {
            setDraft(null);
            onChanged();
          }}
          onDiscard={() => setDraft(null)}
          onReload={() => {
            setDraft(null);
            onChanged();
          }}
        />
      )}
      <VersionHistory
        target={target.target}
        currentVersion={target.current.version}
        canEdit={canEdit}
        onRestored={() => {
          setDraft(null);
          onChanged();
        }}
      />
      {settingsOf && <SettingsDialog pluginId={settingsOf} doc={doc} served={target.settings} canEdit={canEdit} onClose={() => setSettingsOf(null)} onChange={setDraft} />}
    </div>
  );
}

/**
 * The switches section: the web's and each partner app's config, which plugins run in each
 * region with their settings; operators with `configure` edit, preview, apply and restore.
 */
export function SwitchesView() {
  const theme = useTheme();
  const { t } = useTranslation(['ops-switches', 'core']);
  const ops = useOps();
  const { me } = useConsole();
  const overview = useLoaded(useCallback(() => ops.call<SwitchesOverview>('GET', C.overview), [ops]));
  const [chosen, setChosen] = useState<DeploymentTarget>('web');
  const canEdit = me.permissions.includes('configure');
  const targets = overview.data?.targets ?? [];
  const shown = targets.find((x) => x.target === chosen) ?? targets[0];

  return (
    <PageCard id="ops-switches" level={1} title={t('ops-switches:title')} intro={t(canEdit ? 'ops-switches:intro' : 'ops-switches:introReadOnly')}>
      {!overview.data && !overview.failure && <LoadingLine label={t('ops-switches:loading')} />}
      {overview.failure && <LoadFailed message={switchesError(overview.failure, t)} retryLabel={t('ops-switches:tryAgain')} onRetry={() => void overview.reload()} />}
      {overview.data && shown && (
        <div css={{ display: 'grid', gap: theme.space(5) }}>
          {targets.length > 1 && (
            <div role="group" aria-label={t('ops-switches:targets.label')} css={{ display: 'flex', gap: theme.space(2), flexWrap: 'wrap' }}>
              {targets.map((x) => (
                <Button key={x.target} size="sm" variant={x.target === shown.target ? 'primary' : 'secondary'} aria-pressed={x.target === shown.target} onClick={() => setChosen(x.target)}>
                  {t(`ops-switches:targets.${x.target}`)}
                </Button>
              ))}
            </div>
          )}
          {/* A new key per config and version: a draft never outlives the version it was made against. */}
          <TargetEditor key={`${shown.target}-${shown.current.version}`} target={shown} plugins={overview.data.plugins} canEdit={canEdit} onChanged={() => void overview.reload()} />
        </div>
      )}
    </PageCard>
  );
}

export default SwitchesView;
