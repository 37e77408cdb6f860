import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp, userAtom, type UserInfo } from '@portal/plugin-api';
import { securityApi } from './api';
import { LockPanel } from './LockPanel';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { TimeoutSection } from './TimeoutSection';
import { ContributedSections } from './ContributedSections';
import { TwoFactorSection } from './TwoFactorSection';
import { SecurityLockContext, useSecurityLock } from './useSecurityLock';

export interface SecurityPageProps {
  /** Show session times in this zone (stories pin UTC); the browser's zone otherwise. */
  timeZone?: string;
}

/** /accountSetting/security: the lock, then password, two-factor, other plugins' sections (passkeys), session timeout and sessions. */
export default function SecurityPage(props: SecurityPageProps) {
  const user = useAtomValue(userAtom);
  if (!user) return null; // the /accountSetting guard loads the user before any child renders
  return <SecuritySettings user={user} {...props} />;
}

function SecuritySettings({ user, timeZone }: SecurityPageProps & { user: UserInfo }) {
  const theme = useTheme();
  const { t } = useTranslation('security');
  const http = useHttp();
  const api = useMemo(() => securityApi(http, user.accountId), [http, user.accountId]);
  const lock = useSecurityLock(api);
  // A changed password signs out the other sessions on the server: reload the list then.
  const [sessionsKey, setSessionsKey] = useState(0);

  return (
    <SecurityLockContext.Provider value={lock}>
      <div css={{ display: 'grid', gap: theme.space(6) }}>
        <div>
          <h1 css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(2)}` }}>{t('heading')}</h1>
          <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{t('intro')}</p>
          <LockPanel />
        </div>
        <PasswordSection api={api} onChanged={() => setSessionsKey((k) => k + 1)} />
        <TwoFactorSection api={api} user={user} />
        <ContributedSections lock={lock} />
        <TimeoutSection api={api} />
        <SessionsSection api={api} reloadKey={sessionsKey} timeZone={timeZone} />
      </div>
    </SecurityLockContext.Provider>
  );
}
