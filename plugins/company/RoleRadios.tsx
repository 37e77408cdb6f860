import { useTheme } from '@emotion/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing, type MemberRole } from '@portal/plugin-api';

/** A labelled radio group of roles (invite, accept, change role). */
export function RoleRadios<R extends MemberRole>({ legend, roles, value, onChange }: { legend: string; roles: readonly R[]; value: R; onChange: (role: R) => void }) {
  const { t } = useTranslation('company');
  const theme = useTheme();
  const name = `role-${useId()}`;
  return (
    <fieldset css={{ border: 0, padding: 0, margin: `0 0 ${theme.space(4)}` }}>
      <legend css={{ fontSize: theme.font.sizeSm, fontWeight: 600, marginBottom: theme.space(2) }}>{legend}</legend>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(4) }}>
        {roles.map((role) => (
          <label key={role} css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2), cursor: 'pointer' }}>
            <input type="radio" name={name} value={role} checked={value === role} onChange={() => onChange(role)} css={focusRing(theme)} />
            {t(`roles.${role}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
