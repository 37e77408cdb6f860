import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard, SharedReadsScope, useHttp, userAtom, type UserInfo } from '@portal/plugin-api';
import { ActivitySection } from './ActivitySection';
import { securityApi } from './api';
import { ContributedSections } from './ContributedSections';
import { LockPanel } from './LockPanel';
import { PasswordSection } from './PasswordSection';
import { SecurityOverview } from './SecurityOverview';
import { SessionsSection } from './SessionsSection';
import { TimeoutSection } from './TimeoutSection';
import { TwoFactorSection } from './TwoFactorSection';
import { SecurityLockContext, useSecurityLock } from './useSecurityLock';

export interface SecurityPageProps {
  /** Pin every time on the page to this zone (stories pin UTC); else the one clock's rule (useFormatMoment). */
  timeZone?: string;
}

/**
 * /accountSetting/security: the overview (one line per plugin), the lock, then password, two-factor, other
 * plugins' sections (passkeys, recovery codes), session timeout, sessions (and trusted devices), recent activity.
 */
export default function SecurityPage(props: SecurityPageProps) {
  const user = useAtomValue(userAtom);
  if (!user) return null; // the /accountSetting guard loads the user before any child renders
  return <SecuritySettings user={user} {...props} />;
}

function SecuritySettings(props: SecurityPageProps & { user: UserInfo }) {
  // One signal for the whole page: whatever a card changed (a password, other devices signed out, two-step
  // turned on, a passkey added, codes made) every card and the overview load again, so cards that depend on
  // each other (two-step on -> recovery codes possible, trusted devices forgotten) never disagree until a reload.
  const [securityKey, setSecurityKey] = useState(0);
  const changed = useCallback(() => setSecurityKey((k) => k + 1), []);
  // A line of the overview and its card read the same resources: one answer each, once more after a change.
  return (
    <SharedReadsScope>
      <SecurityCards {...props} securityKey={securityKey} changed={changed} />
    </SharedReadsScope>
  );
}

function SecurityCards({ user, timeZone, securityKey, changed }: SecurityPageProps & { user: UserInfo; securityKey: number; changed: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation('security');
  const http = useHttp();
  const api = useMemo(() => securityApi(http, user.accountId), [http, user.accountId]);
  const lock = useSecurityLock(api);
  const contributed = { user, unlocked: lock.unlocked, guard: lock.guard, reloadKey: securityKey, changed, timeZone };

  return (
    <SecurityLockContext.Provider value={lock}>
      <div css={{ display: 'grid', gap: theme.space(6) }}>
        <PageCard level={1} id="security" title={t('heading')} intro={t('intro')}>
          <SecurityOverview user={user} reloadKey={securityKey} timeZone={timeZone} />
          <LockPanel />
        </PageCard>
        <PasswordSection api={api} onChanged={changed} />
        <TwoFactorSection api={api} user={user} reloadKey={securityKey} onChanged={changed} />
        <ContributedSections after="twoFactor" {...contributed} />
        <TimeoutSection api={api} />
        <SessionsSection api={api} reloadKey={securityKey} timeZone={timeZone} onEndedOthers={changed} />
        <ContributedSections after="sessions" {...contributed} />
        <ActivitySection api={api} reloadKey={securityKey} timeZone={timeZone} onSecured={changed} />
      </div>
    </SecurityLockContext.Provider>
  );
}
