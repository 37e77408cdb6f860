import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { Button, PageCard, Spinner, userAtom } from '@portal/plugin-api';
import { ApplicationsList } from './ApplicationsList';
import { CompanyForm } from './CompanyForm';
import { CompanyInfo } from './CompanyInfo';
import { CompanyNav } from './CompanyNav';
import { JoinCompany } from './JoinCompany';
import { MembersList } from './MembersList';
import { NoCompany } from './NoCompany';
import { isManager } from './permissions';
import { useMyCompanies } from './useMyCompanies';

/**
 * /accountSetting/company and its screens (nested under the child route, so paths here are
 * relative): / (info, or the create-or-join choice), /create, /edit, /join, /members, /applications.
 */
export default function CompanyPage() {
  const { t } = useTranslation('company');
  const theme = useTheme();
  const user = useAtomValue(userAtom);
  const { state, reload, retry } = useMyCompanies(user?.accountId);

  // Until the company is known the page is titled by its menu entry.
  if (state.status === 'loading') {
    return (
      <PageCard level={1} id="company-loading" title={t('menu')} busy>
        <p role="status" css={{ display: 'flex', alignItems: 'center', gap: theme.space(2), margin: 0 }}>
          <Spinner /> {t('loading')}
        </p>
      </PageCard>
    );
  }
  if (state.status === 'failed') {
    return (
      <PageCard level={1} id="company-failed" title={t('menu')}>
        <p role="alert">{t('loadFailed')}</p>
        <Button onClick={retry}>{t('retry')}</Button>
      </PageCard>
    );
  }
  // One company per account (the server enforces it).
  const company = state.data.orgs[0] ?? null;
  const { applications } = state.data;
  const manager = company !== null && isManager(company.role);
  return (
    <>
      {company && <CompanyNav role={company.role} />}
      <Switch>
        <Route path="/">{company ? <CompanyInfo company={company} onChanged={reload} /> : <NoCompany applications={applications} />}</Route>
        <Route path="/create">{company ? <Redirect to="/" replace /> : <CompanyForm onSaved={reload} />}</Route>
        <Route path="/edit">{company && manager && !company.certified ? <CompanyForm company={company} onSaved={reload} /> : <Redirect to="/" replace />}</Route>
        <Route path="/join">{company ? <Redirect to="/" replace /> : <JoinCompany applications={applications} onApplied={reload} />}</Route>
        <Route path="/members">{company ? <MembersList company={company} onChanged={reload} /> : <Redirect to="/" replace />}</Route>
        <Route path="/applications">{company && manager ? <ApplicationsList company={company} onChanged={reload} /> : <Redirect to="/" replace />}</Route>
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </>
  );
}
