import { useTheme } from '@emotion/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, currentLanguage, LoadingLine, Notice, pluginMenuEntries, TextField, toast, useOps, type PluginMenuEntry } from '@portal/plugin-api';
import type { ConfigVersion, DeploymentTarget } from '@portal/plugin-api/contract';
import { ChangeList } from './ChangeList';
import { SWITCHES_CALLS as C, type SwitchesPreview } from './contract';
import { conflictVersion, switchesError } from './messages';
import { useReasonedCall } from './reasonedCall';
import type { SwitchesDoc } from './switchDoc';

/** A preview is asked for this long after the last edit: one call per pause, not per click. */
const PREVIEW_DELAY_MS = 300;

interface ReviewPanelProps {
  target: DeploymentTarget;
  draft: SwitchesDoc;
  baseVersion: number;
  canEdit: boolean;
  onApplied: (version: ConfigVersion) => void;
  onDiscard: () => void;
  /** Load the newest version (another operator applied one meanwhile). */
  onReload: () => void;
}

/** The effect of one region's change, with the menu entries the plugins bring. */
function Effect({ preview, target }: { preview: Extract<SwitchesPreview, { ok: true }>; target: DeploymentTarget }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-switches');
  const [menus, setMenus] = useState<PluginMenuEntry[]>([]);
  const ids = [...new Set(preview.effect.flatMap((e) => [...e.added, ...e.removed]))].join(',');
  useEffect(() => {
    let live = true;
    if (ids) void pluginMenuEntries(ids.split(','), currentLanguage()).then((found) => live && setMenus(found), () => live && setMenus([]));
    return () => {
      live = false;
    };
  }, [ids]);
  if (!preview.effect.length) return <p css={{ margin: 0 }}>{t('review.noEffect')}</p>;
  const who = t(`targets.${target}`);
  return (
    <ul css={{ margin: 0, paddingInlineStart: theme.space(5), display: 'grid', gap: theme.space(2) }}>
      {preview.effect.flatMap(({ region, added, removed }) =>
        [...added.map((id) => ({ id, on: true })), ...removed.map((id) => ({ id, on: false }))].map(({ id, on }) => (
          <li key={`${region}-${id}`}>
            <strong>{t(on ? 'review.appears' : 'review.disappears', { plugin: id, region })}</strong> · {t('review.forWhom', { who, region })}
            {menus.filter((m) => m.pluginId === id).length > 0 && (
              <ul css={{ paddingInlineStart: theme.space(5) }}>
                {menus
                  .filter((m) => m.pluginId === id)
                  .map((m) => (
                    <li key={m.path}>{t(m.conditional ? 'review.menuConditional' : 'review.menu', { label: m.label, path: m.path })}</li>
                  ))}
              </ul>
            )}
          </li>
        )),
      )}
    </ul>
  );
}

/**
 * The draft against the served version, as the server judges it (the checks of config:check, one
 * implementation): its problems, or its changes and their effect per region; then a reason and
 * Apply, which asks for a fresh second factor. A failed call keeps the draft and the reason.
 */
export function ReviewPanel({ target, draft, baseVersion, canEdit, onApplied, onDiscard, onReload }: ReviewPanelProps) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-switches', 'core']);
  const ops = useOps();
  const [preview, setPreview] = useState<SwitchesPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<number | null>(null);
  const { reason, setReason, reasonError, error, busy, run } = useReasonedCall();

  useEffect(() => {
    let live = true;
    setPreview(null);
    setPreviewError(null);
    const timer = setTimeout(() => {
      ops.call<SwitchesPreview>('POST', C.preview(target), { body: draft }).then(
        (answer) => live && setPreview(answer),
        (err: unknown) => live && setPreviewError(switchesError(err, t)),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ops, target, draft, t]);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const version = await run(
      (why) => ops.call<ConfigVersion>('POST', C.apply(target), { body: draft, reason: why, baseVersion }),
      (err) => {
        const newer = conflictVersion(err);
        if (newer !== null) setConflict(newer);
        return newer !== null;
      },
    );
    if (version) {
      toast(t('ops-switches:review.applied', { version: version.version }), 'success');
      setReason('');
      onApplied(version);
    }
  }

  const changed = preview?.ok === true && preview.changes.length > 0;
  return (
    <section aria-labelledby="ops-switches-review" css={{ display: 'grid', gap: theme.space(4) }}>
      <h2 id="ops-switches-review" css={{ margin: 0, fontSize: theme.font.sizeLg }}>
        {t('ops-switches:review.title')}
      </h2>
      {!preview && !previewError && <LoadingLine label={t('ops-switches:review.checking')} />}
      {previewError && (
        <Notice kind="error" role="alert">
          {previewError}
        </Notice>
      )}
      {preview?.ok === false && (
        <Notice kind="error" role="alert">
          <p css={{ margin: 0 }}>{t('ops-switches:review.problems')}</p>
          <ul css={{ margin: 0, paddingInlineStart: theme.space(5) }}>
            {preview.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Notice>
      )}
      {preview?.ok === true && !changed && <p css={{ margin: 0 }}>{t('ops-switches:review.nothing')}</p>}
      {changed && (
        <>
          <h3 css={{ margin: 0, fontSize: theme.font.sizeMd }}>{t('ops-switches:review.changes')}</h3>
          <ChangeList changes={preview.changes} />
          <h3 css={{ margin: 0, fontSize: theme.font.sizeMd }}>{t('ops-switches:review.effect')}</h3>
          <Effect preview={preview} target={target} />
          {preview.deploymentFields && <Notice kind="warning">{t('ops-switches:review.deploymentFields', { fields: preview.deploymentFields.join(', ') })}</Notice>}
          {preview.restartFor && (
            <Notice kind="warning">{t('ops-switches:review.restart', { plugins: preview.restartFor.join(', ') })}</Notice>
          )}
        </>
      )}
      {conflict !== null && (
        <Notice kind="warning" role="alert">
          <p css={{ margin: 0 }}>{t('ops-switches:review.conflict', { version: conflict })}</p>
          <Button size="sm" variant="secondary" onClick={onReload}>
            {t('ops-switches:review.loadNewest')}
          </Button>
        </Notice>
      )}
      {error && (
        <Notice kind="error" role="alert">
          {error}
        </Notice>
      )}
      {canEdit && changed && (
        <form onSubmit={(e) => void apply(e)} noValidate css={{ display: 'grid', gap: theme.space(3) }}>
          <TextField label={t('ops-switches:review.reason')} hint={t('ops-switches:review.reasonHint')} required maxLength={500} value={reason} error={reasonError ?? undefined} onChange={(e) => setReason(e.target.value)} />
          <div css={{ display: 'flex', gap: theme.space(3), flexWrap: 'wrap' }}>
            <Button type="submit" loading={busy}>
              {t('ops-switches:review.apply')}
            </Button>
            <Button type="button" variant="secondary" onClick={onDiscard} disabled={busy}>
              {t('ops-switches:review.discard')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
