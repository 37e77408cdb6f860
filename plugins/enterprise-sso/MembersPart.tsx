import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { EmailAddress, longValueCss } from '@portal/plugin-api';
import type { ConnectionResult } from './contract';
import { Part, Badge } from './companySignInParts';

/** The company's active members, and whether each has linked an identity of the provider. */
export function MembersPart({ members }: { members: ConnectionResult['members'] }) {
  const { t } = useTranslation('enterprise-sso-company');
  const theme = useTheme();
  const linked = members.filter((m) => m.linked).length;
  return (
    <Part id="sso-members" title={t('members.heading')}>
      <p role="status" css={{ margin: `0 0 ${theme.space(3)}` }}>
        {t('members.count', { count: members.length, linked })}
      </p>
      {members.length === 0 ? (
        <p css={{ margin: 0, color: theme.colors.textMuted }}>{t('members.empty')}</p>
      ) : (
        <ul aria-label={t('members.list')} css={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {members.map((m) => (
            <li
              key={m.email}
              css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: `${theme.space(1)} ${theme.space(3)}`, padding: `${theme.space(2)} 0`, borderBottom: `1px solid ${theme.colors.border}`, '&:last-of-type': { borderBottom: 'none' } }}
            >
              <span css={{ minWidth: 0, ...longValueCss }}>
                <EmailAddress value={m.email} />
              </span>
              <Badge tone={m.linked ? 'good' : 'plain'}>{m.linked ? t('members.linked') : t('members.notLinked')}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}
