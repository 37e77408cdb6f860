import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { Suspense, useMemo } from 'react';
import { Button, COMPANY_SECTION_POINT, lazyView, PageCard, PluginBoundary, Spinner, userAtom, usePortal, type CompanySection, type MyCompany } from '@portal/plugin-api';
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
  const { registry } = usePortal();
  const contributed = useMemo(() => registry.getOwnedContributions(COMPANY_SECTION_POINT).sort((a, b) => a.value.order - b.value.order), [registry]);

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
  // Other plugins' screens, where this company and role may see them (the server refuses the rest).
  const sections = company ? contributed.filter(({ value: s }) => (!s.managersOnly || manager) && (!s.certifiedOnly || company.certified)) : [];
  return (
    <>
      {company && <CompanyNav role={company.role} sections={sections.map((s) => s.value)} />}
      <Switch>
        <Route path="/">{company ? <CompanyInfo company={company} onChanged={reload} /> : <NoCompany applications={applications} />}</Route>
        <Route path="/create">{company ? <Redirect to="/" replace /> : <CompanyForm onSaved={reload} />}</Route>
        <Route path="/edit">{company && manager && !company.certified ? <CompanyForm company={company} onSaved={reload} /> : <Redirect to="/" replace />}</Route>
        <Route path="/join">{company ? <Redirect to="/" replace /> : <JoinCompany applications={applications} onApplied={reload} />}</Route>
        <Route path="/members">{company ? <MembersList company={company} onChanged={reload} /> : <Redirect to="/" replace />}</Route>
        <Route path="/applications">{company && manager ? <ApplicationsList company={company} onChanged={reload} /> : <Redirect to="/" replace />}</Route>
        {company
          ? sections.map(({ pluginId, value }) => (
              <Route key={pluginId + value.path} path={value.path}>
                <SectionView pluginId={pluginId} view={value.view} company={company} onChanged={reload} />
              </Route>
            ))
          : null}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </>
  );
}

function SectionView({ pluginId, view, company, onChanged }: { pluginId: string; view: CompanySection['view']; company: MyCompany; onChanged: () => void }) {
  const View = lazyView(view);
  return (
    <PluginBoundary pluginId={pluginId}>
      <Suspense fallback={<Spinner />}>
        <View company={company} onChanged={onChanged} />
      </Suspense>
    </PluginBoundary>
  );
}
