import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, stackedTableCss, VisuallyHidden } from '@portal/plugin-api';
import { REGION_CODES, type RegionCode } from '@portal/plugin-api/contract';
import { baseOn, regionOverride, setBase, setInRegion, switchedOn, type SwitchesDoc } from './switchDoc';

interface SwitchMatrixProps {
  doc: SwitchesDoc;
  /** Every plugin a config may name here; those the document names come first. */
  plugins: readonly string[];
  /** Plugins on per region in the served version (after their needs), to mark what the draft changes. */
  served: Record<RegionCode, string[]>;
  canEdit: boolean;
  onChange: (doc: SwitchesDoc) => void;
  onSettings: (pluginId: string) => void;
}

/**
 * Plugins by region: a default for every region, and each region's own state, where a region's
 * override is marked. Checkboxes with names that say plugin and region, so a screen reader reads
 * "company in Use, checked" rather than a grid of unnamed boxes.
 */
export function SwitchMatrix({ doc, plugins, served, canEdit, onChange, onSettings }: SwitchMatrixProps) {
  const theme = useTheme();
  const { t } = useTranslation('ops-switches');
  const named = Object.keys(doc.plugins);
  const rows = [...named, ...plugins.filter((id) => !named.includes(id))];
  return (
    <table css={stackedTableCss(theme)}>
      <caption css={{ textAlign: 'start', fontWeight: 600, paddingBottom: theme.space(2) }}>{t('matrix.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('matrix.plugin')}</th>
          <th scope="col">{t('matrix.base')}</th>
          {REGION_CODES.map((region) => (
            <th key={region} scope="col" dir="ltr">
              {region}
            </th>
          ))}
          <th scope="col">
            <VisuallyHidden>{t('matrix.settings')}</VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((id) => (
          <tr key={id}>
            <th scope="row" css={{ textAlign: 'start' }}>
              <code dir="ltr">{id}</code>
            </th>
            <td>
              <Checkbox label={<VisuallyHidden>{t('matrix.toggleBase', { plugin: id })}</VisuallyHidden>} checked={baseOn(doc, id)} disabled={!canEdit} onChange={(e) => onChange(setBase(doc, id, e.target.checked))} />
            </td>
            {REGION_CODES.map((region) => {
              const own = regionOverride(doc, id, region) !== undefined;
              const on = switchedOn(doc, id, region);
              const changed = on !== served[region].includes(id);
              return (
                <td key={region} css={changed ? { outline: `2px dashed ${theme.colors.warning}`, outlineOffset: -2 } : undefined}>
                  <Checkbox
                    label={
                      <>
                        <VisuallyHidden>{t('matrix.toggleRegion', { plugin: id, region })}</VisuallyHidden>
                        {own && <span css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('matrix.override')}</span>}
                      </>
                    }
                    checked={on}
                    disabled={!canEdit}
                    onChange={(e) => onChange(setInRegion(doc, id, region, e.target.checked))}
                  />
                </td>
              );
            })}
            <td>
              <Button size="sm" variant="secondary" onClick={() => onSettings(id)} aria-label={t('matrix.settingsLabel', { plugin: id })}>
                {t('matrix.settings')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
