import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, ReadOnlyValue, Select } from '@portal/plugin-api';
import { REGION_CODES, type RegionCode } from '@portal/plugin-api/contract';
import { JsonField } from './JsonField';
import { parseSettings, setSettings, settingsAt, type SwitchScope, type SwitchesDoc } from './switchDoc';

interface SettingsDialogProps {
  pluginId: string;
  doc: SwitchesDoc;
  /** Each region's settings as the page gets them in the served version (defaults filled in). */
  served: Record<RegionCode, Record<string, unknown>>;
  canEdit: boolean;
  onClose: () => void;
  onChange: (doc: SwitchesDoc) => void;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * One plugin's settings: written for every region or for one, as JSON the server checks against
 * the plugin's shape when the change is previewed; beside it, what each region's page gets now.
 */
export function SettingsDialog({ pluginId, doc, served, canEdit, onClose, onChange }: SettingsDialogProps) {
  const theme = useTheme();
  const { t } = useTranslation('ops-switches');
  const [scope, setScope] = useState<SwitchScope>('base');
  const [text, setText] = useState(() => pretty(settingsAt(doc, pluginId, 'base')));
  const [error, setError] = useState<string | null>(null);
  const scopes = [{ value: 'base' as SwitchScope, label: t('settings.scopeBase') }, ...REGION_CODES.map((r) => ({ value: r as SwitchScope, label: r }))];

  function pick(next: SwitchScope | null) {
    if (!next) return;
    setScope(next);
    setText(pretty(settingsAt(doc, pluginId, next)));
    setError(null);
  }

  function use() {
    const parsed = parseSettings(text);
    if (!parsed.ok) {
      setError(t('settings.notJson'));
      return;
    }
    onChange(setSettings(doc, pluginId, scope, parsed.value));
    onClose();
  }

  return (
    <Modal open onClose={onClose} title={t('settings.title', { plugin: pluginId })} maxWidth={760} {...(canEdit ? { onOk: use, okLabel: t('settings.use'), showCancel: true } : { onOk: onClose, okLabel: t('settings.close') })}>
      <div css={{ display: 'grid', gap: theme.space(4) }}>
        {canEdit && <Select label={t('settings.scope')} options={scopes} value={scope} onChange={pick} />}
        <JsonField label={t('settings.json')} hint={canEdit ? t('settings.jsonHint') : undefined} error={error} value={text} readOnly={!canEdit} onChange={setText} />
        {REGION_CODES.map((region) => (
          <ReadOnlyValue
            key={region}
            label={pluginId in served[region] ? t('settings.effective', { region }) : t('settings.off', { region })}
            value={
              <code dir="ltr" css={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: theme.font.sizeSm }}>
                {pluginId in served[region] ? (served[region][pluginId] === null ? t('settings.none') : pretty(served[region][pluginId])) : '—'}
              </code>
            }
          />
        ))}
      </div>
    </Modal>
  );
}
