import { useTheme } from '@emotion/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MARK, Button, LoadFailed, LoadingLine, Modal, Notice, TextField, toast, useFormatMoment, useLoaded, useOps, withEmailAddress } from '@portal/plugin-api';
import { isOpsRole, type ConfigVersion, type ConfigVersionSummary, type DeploymentTarget } from '@portal/plugin-api/contract';
import { ChangeList } from './ChangeList';
import { useReasonedCall } from './reasonedCall';
import { SWITCHES_CALLS as C, type VersionsPage } from './contract';
import { switchesError } from './messages';


/** Restore one version: why, then a fresh second factor. */
function RestoreDialog({ target, version, baseVersion, onClose, onRestored }: { target: DeploymentTarget; version: number; baseVersion: number; onClose: () => void; onRestored: (v: ConfigVersion) => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-switches', 'core']);
  const ops = useOps();
  const { reason, setReason, reasonError, error, busy, run } = useReasonedCall();

  async function restore() {
    const made = await run((why) => ops.call<ConfigVersion>('POST', C.restore(target, version), { reason: why, baseVersion }));
    if (made) {
      toast(t('ops-switches:history.restored', { version: made.version, from: version }), 'success');
      onRestored(made);
    }
  }

  return (
    <Modal open onClose={onClose} title={t('ops-switches:history.restoreTitle', { version })} description={t('ops-switches:history.restoreIntro')} onOk={() => void restore()} okLabel={t('ops-switches:history.restore')} okLoading={busy} showCancel cancelLabel={t('ops-switches:history.cancel')}>
      <div css={{ display: 'grid', gap: theme.space(3) }}>
        {error && (
          <Notice kind="error" role="alert">
            {error}
          </Notice>
        )}
        <TextField label={t('ops-switches:review.reason')} hint={t('ops-switches:review.reasonHint')} required maxLength={500} value={reason} error={reasonError ?? undefined} onChange={(e) => setReason(e.target.value)} />
      </div>
    </Modal>
  );
}

function VersionItem({ item, current, canEdit, onRestore }: { item: ConfigVersionSummary; current: boolean; canEdit: boolean; onRestore: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-switches', 'ops-console']);
  const role = isOpsRole(item.authorRole) ? t(`ops-console:roles.${item.authorRole}`) : (item.authorRole ?? '');
  const format = useFormatMoment();
  return (
    <li css={{ borderTop: `1px solid ${theme.colors.border}`, paddingBlock: theme.space(3), display: 'grid', gap: theme.space(2) }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2), alignItems: 'baseline' }}>
        <strong>{t('history.version', { version: item.version })}</strong>
        {current && <span css={{ color: theme.colors.success, fontWeight: 600 }}>{t('history.current')}</span>}
        <span>{format(item.createdAt)}</span>
        <span css={{ overflowWrap: 'anywhere' }}>
          {item.source === 'file' ? t('history.fromFile', { file: item.author }) : withEmailAddress(t('history.byOperator', { email: ADDRESS_MARK, role }), item.author)}
        </span>
        {item.restoredFrom !== null && <span>{t('history.restoredFrom', { version: item.restoredFrom })}</span>}
      </div>
      <p css={{ margin: 0 }}>{item.reason}</p>
      {item.changes.length > 0 ? (
        <details>
          <summary css={{ cursor: 'pointer' }}>
            {t('history.show')} ({t('history.changes', { count: item.changes.length })})
          </summary>
          <ChangeList changes={item.changes} />
        </details>
      ) : (
        <p css={{ margin: 0, color: theme.colors.textMuted }}>{t('history.noChanges')}</p>
      )}
      {canEdit && !current && (
        <div>
          <Button size="sm" variant="secondary" onClick={onRestore} aria-label={t('history.restoreLabel', { version: item.version })}>
            {t('history.restore')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** A config's versions, newest first, with Restore for those who may configure. */
export function VersionHistory({ target, currentVersion, canEdit, onRestored }: { target: DeploymentTarget; currentVersion: number; canEdit: boolean; onRestored: (v: ConfigVersion) => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-switches', 'core']);
  const ops = useOps();
  const first = useLoaded(useCallback(() => ops.call<VersionsPage>('GET', C.versions(target)), [ops, target]));
  const [older, setOlder] = useState<ConfigVersionSummary[]>([]);
  const [next, setNext] = useState<number | null | undefined>(undefined);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const cursor = next === undefined ? first.data?.next ?? null : next;

  async function more() {
    if (cursor === null) return;
    setMoreError(null);
    try {
      const page = await ops.call<VersionsPage>('GET', C.versions(target, cursor));
      setOlder((list) => [...list, ...page.versions]);
      setNext(page.next);
    } catch (err) {
      setMoreError(switchesError(err, t));
    }
  }

  return (
    <section aria-labelledby="ops-switches-history" css={{ display: 'grid', gap: theme.space(3) }}>
      <h2 id="ops-switches-history" css={{ margin: 0, fontSize: theme.font.sizeLg }}>
        {t('ops-switches:history.title')}
      </h2>
      {!first.data && !first.failure && <LoadingLine label={t('ops-switches:loading')} />}
      {first.failure && <LoadFailed message={switchesError(first.failure, t)} retryLabel={t('ops-switches:tryAgain')} onRetry={() => void first.reload()} />}
      {first.data && (
        <ol css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {[...first.data.versions, ...older].map((item) => (
            <VersionItem key={item.version} item={item} current={item.version === currentVersion} canEdit={canEdit} onRestore={() => setRestoring(item.version)} />
          ))}
        </ol>
      )}
      {moreError && (
        <Notice kind="error" role="alert">
          {moreError}
        </Notice>
      )}
      {first.data && cursor !== null && (
        <div>
          <Button size="sm" variant="secondary" onClick={() => void more()}>
            {t('ops-switches:history.more')}
          </Button>
        </div>
      )}
      {restoring !== null && (
        <RestoreDialog
          target={target}
          version={restoring}
          baseVersion={currentVersion}
          onClose={() => setRestoring(null)}
          onRestored={(made) => {
            setRestoring(null);
            onRestored(made);
          }}
        />
      )}
    </section>
  );
}
