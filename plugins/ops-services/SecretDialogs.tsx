import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Notice, runConfirmed, Select, TextField, toast, useConsole, useFormatMoment, useOps } from '@portal/plugin-api';
import { OVERLAP_MAX_HOURS, secretPath, type ServiceItem, type ServiceSaved } from './contract';
import { servicesError } from './messages';

/**
 * A new secret, shown this once: the server keeps only its hash. The dialog stays until the
 * operator says they stored it (Escape and the backdrop do not close it).
 */
export function SecretShownDialog({ serviceId, secret, previousUntil, onClose }: { serviceId: string; secret: string; previousUntil: number | null; onClose: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-services');
  const format = useFormatMoment();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast(t('secret.copied'), 'success');
    } catch {
      toast(t('secret.copyFailed'), 'error');
    }
  }
  return (
    <Modal open onClose={onClose} dismissible={false} title={t('secret.title', { id: serviceId })} footer={<Button onClick={onClose}>{t('secret.stored')}</Button>}>
      <div css={{ display: 'grid', gap: theme.space(3) }}>
        <Notice kind="warning">{t('secret.once')}</Notice>
        <TextField label={t('secret.label')} value={secret} readOnly dir="ltr" onFocus={(e) => e.target.select()} css={{ fontFamily: 'monospace' }} />
        <div>
          <Button size="sm" variant="secondary" onClick={() => void copy()}>
            {t('secret.copy')}
          </Button>
        </div>
        {previousUntil !== null && <p css={{ margin: 0 }}>{t('secret.overlapUntil', { when: format(previousUntil) })}</p>}
      </div>
    </Modal>
  );
}

const OVERLAPS = [0, 1, 24, 72, OVERLAP_MAX_HOURS] as const;

/** A new secret for a service, with how long the old one keeps working; confirmed with a second factor. */
export function RotateDialog({ service, onClose, onRotated }: { service: ServiceItem; onClose: () => void; onRotated: (saved: ServiceSaved) => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-services', 'core']);
  const ops = useOps();
  const { confirm } = useConsole();
  const [overlap, setOverlap] = useState<number | null>(24);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = OVERLAPS.map((h) => ({ value: h, label: h === 0 ? t('ops-services:rotate.none') : t('ops-services:rotate.hours', { count: h }) }));

  async function rotate() {
    if (reason.trim().length < 3) return setReasonError(t('ops-services:errors.reasonRequired'));
    setReasonError(null);
    setBusy(true);
    setError(null);
    try {
      const saved = await runConfirmed(() => ops.call<ServiceSaved>('POST', secretPath(service.id), { overlapHours: overlap ?? 0, reason: reason.trim() }), confirm);
      if (saved) onRotated(saved);
    } catch (err) {
      setError(servicesError(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onClose={onClose} title={t(service.confidential ? 'ops-services:rotate.title' : 'ops-services:rotate.makeTitle', { id: service.id })} onOk={() => void rotate()} okLabel={t('ops-services:rotate.ok')} okLoading={busy} showCancel>
      <div css={{ display: 'grid', gap: theme.space(3) }}>
        {error && (
          <Notice kind="error" role="alert">
            {error}
          </Notice>
        )}
        <p css={{ margin: 0 }}>{t(service.confidential ? 'ops-services:rotate.intro' : 'ops-services:rotate.makeIntro')}</p>
        {service.confidential && <Select label={t('ops-services:rotate.overlap')} options={options} value={overlap} onChange={setOverlap} hint={t('ops-services:rotate.overlapHint')} />}
        <TextField label={t('ops-services:fields.reason')} required value={reason} error={reasonError ?? undefined} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </div>
    </Modal>
  );
}
