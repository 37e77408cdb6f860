import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import {
  ApiError,
  Button,
  errorMessage,
  type MyCompaniesResult,
  Notice,
  useHttp,
  usePortal,
  userAtom,
  PageCard,
} from '@portal/plugin-api';
import { companyApi } from './api';
import { useDateFormat } from './format';

/** No company yet: the choice between creating one and joining one, plus pending applications. */
export function NoCompany({ applications }: { applications: MyCompaniesResult['applications'] }) {
  const { t } = useTranslation(['company', 'core']);
  const theme = useTheme();
  const [, navigate] = useLocation();
  const date = useDateFormat();
  const http = useHttp();
  const user = useAtomValue(userAtom);
  // Conflicting account information (-40024..-40026) rules out creating and joining: say so up front.
  const [conflict, setConflict] = useState<number | null>(null);
  useEffect(() => {
    if (!user) return;
    let live = true;
    companyApi(http)
      .conflictInfo(user.email)
      .then((info) => live && setConflict(info?.conflict ? (info.errorCode ?? -40024) : null))
      // Only a hint: the server refuses a conflicting create or apply anyway, with the same code.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [http, user]);
  const conflictText = conflict === null ? null : errorMessage(new ApiError(conflict, undefined, 200), t);
  // Where the conflict is resolved, if the plugin that owns that page runs (linked by path).
  const { registry } = usePortal();
  const hasChild = (path: string) => registry.routes.some((r) => r.value.parent === 'accountSetting' && r.value.path === path);
  const fix =
    conflict === -40024 ? (hasChild('mergeAccounts') ? { href: '~/accountSetting/mergeAccounts', label: t('none.resolveMerge') } : null)
    : conflict !== null && hasChild('myProfile') ? { href: '~/accountSetting/myProfile', label: t('none.resolveProfile') }
    : null;
  const choice = (id: string, title: string, hint: string, action: () => void, primary: boolean) => (
    <div css={{ flex: '1 1 240px', border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md, padding: theme.space(4), display: 'flex', flexDirection: 'column', gap: theme.space(3) }}>
      <p id={id} css={{ margin: 0, color: theme.colors.textMuted }}>
        {hint}
      </p>
      <Button variant={primary ? 'primary' : 'secondary'} onClick={action} aria-describedby={id} disabled={conflict !== null} css={{ marginTop: 'auto' }}>
        {title}
      </Button>
    </div>
  );
  return (
    <PageCard level={1} id="no-company" title={t('none.heading')}>
      <p>{t('none.intro')}</p>
      {conflictText && (
        <Notice kind="error" role="alert">
          {conflictText}
          {fix && (
            <>
              {' '}
              <Link href={fix.href} css={{ color: theme.colors.primary, fontWeight: 600 }}>
                {fix.label}
              </Link>
            </>
          )}
        </Notice>
      )}
      {applications.map((a) => (
        <Notice key={a.id} kind="info" role="status">
          {t('none.pending', { org: a.orgName, date: date(a.appliedAt) })}
        </Notice>
      ))}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(4) }}>
        {choice('company-create-hint', t('none.create'), t('none.createHint'), () => navigate('/create'), true)}
        {choice('company-join-hint', t('none.join'), t('none.joinHint'), () => navigate('/join'), false)}
      </div>
    </PageCard>
  );
}
