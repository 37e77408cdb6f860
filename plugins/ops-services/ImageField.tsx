import { useTheme } from '@emotion/react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField, useOps } from '@portal/plugin-api';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, SERVICES_CALLS as C, type ImageStored, type ImageType } from './contract';
import { imageError } from './messages';

/** The file's bytes as base64 (without the data: prefix). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export interface ImageFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * An image of the login page: its address, or a file uploaded to the portal (kept in its database,
 * served from its own origin). Type and size are checked here for a quick answer; the server
 * checks the bytes themselves and refuses SVG.
 */
export function ImageField({ label, value, onChange, error, disabled }: ImageFieldProps) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-services', 'core']);
  const ops = useOps();
  const inputId = useId();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (!(chosen.type in IMAGE_TYPES)) return setProblem(t('ops-services:image.type'));
    if (chosen.size > IMAGE_MAX_BYTES) return setProblem(t('ops-services:image.size', { kb: IMAGE_MAX_BYTES / 1024 }));
    setProblem(null);
    setBusy(true);
    try {
      const stored = await ops.call<ImageStored>('POST', C.images, { contentType: chosen.type as ImageType, data: await base64Of(chosen) });
      onChange(stored.url);
    } catch (err) {
      setProblem(imageError(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: theme.space(3), alignItems: 'start' }}>
      <TextField label={label} type="url" value={value} onChange={(e) => onChange(e.target.value)} error={problem ?? error} disabled={disabled} hint={t('ops-services:image.hint')} />
      <div css={{ display: 'flex', gap: theme.space(2), alignItems: 'center', marginTop: 24 }}>
        {value && <img src={value} alt="" css={{ width: 40, height: 40, objectFit: 'contain', border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.sm, background: theme.colors.surface }} />}
        <input ref={file} id={inputId} type="file" accept={Object.keys(IMAGE_TYPES).join(',')} onChange={(e) => void upload(e)} hidden disabled={disabled} />
        <Button size="sm" variant="secondary" loading={busy} disabled={disabled} onClick={() => file.current?.click()} aria-label={t('ops-services:image.uploadLabel', { field: label })}>
          {t('ops-services:image.upload')}
        </Button>
      </div>
    </div>
  );
}
