import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard, useHttp, userAtom, type UserInfo } from '@portal/plugin-api';
import { ActivitySection } from './ActivitySection';
import { securityApi } from './api';
import { ContributedSections } from './ContributedSections';
import { LockPanel } from './LockPanel';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { TimeoutSection } from './TimeoutSection';
import { TwoFactorSection } from './TwoFactorSection';
import { SecurityLockContext, useSecurityLock } from './useSecurityLock';

export interface SecurityPageProps {
  /** Show session times in this zone (stories pin UTC); the browser's zone otherwise. */
  timeZone?: string;
}

/** /accountSetting/security: the lock, then password, two-factor, other plugins' sections (passkeys, recovery codes), session timeout, sessions (and trusted devices), recent activity. */
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
  // A changed password or "log out other devices" ends the other sessions (and trusted devices) on the server,
  // and is new activity: reload the lists then.
  const [sessionsKey, setSessionsKey] = useState(0);
  const reload = () => setSessionsKey((k) => k + 1);
  const contributed = { user, unlocked: lock.unlocked, guard: lock.guard, reloadKey: sessionsKey, timeZone };

  return (
    <SecurityLockContext.Provider value={lock}>
      <div css={{ display: 'grid', gap: theme.space(6) }}>
        <PageCard level={1} id="security" title={t('heading')} intro={t('intro')}>
          <LockPanel />
        </PageCard>
        <PasswordSection api={api} onChanged={reload} />
        <TwoFactorSection api={api} user={user} />
        <ContributedSections after="twoFactor" {...contributed} />
        <TimeoutSection api={api} />
        <SessionsSection api={api} reloadKey={sessionsKey} timeZone={timeZone} onEndedOthers={reload} />
        <ContributedSections after="sessions" {...contributed} />
        <ActivitySection api={api} reloadKey={sessionsKey} timeZone={timeZone} onSecured={reload} />
      </div>
    </SecurityLockContext.Provider>
  );
}
