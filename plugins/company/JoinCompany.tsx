import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  type ApiError,
  Button,
  CellLabel,
  type CompanySummary,
  type ErrorContext,
  type MyCompaniesResult,
  Notice,
  TextField,
  toast,
  stackedTableCss,
  Truncate,
  useErrorHandler,
  useHttp,
  userAtom,
  PageCard,
} from '@portal/plugin-api';
import { companyApi } from './api';
import { CertifiedBadge } from './CompanyInfo';
import { useCountryName } from './format';
import { Actions } from './parts';
import { type TableFit, useTableFit } from './tableFit';

/** One action per row: the table as it is, else stacked. */
const FITS: readonly TableFit[] = ['wide', 'stacked'];

type Mode = 'code' | 'name';
/**
 * Refusals of a search or an application shown on the page (they stay while the user corrects);
 * -60001: too many wrong codes, the server asks to wait.
 */
const JOIN_CODES = [-40002, -40006, -40007, -40008, -40018, -40024, -40025, -40026, -60001] as const;

export interface JoinCompanyProps {
  applications: MyCompaniesResult['applications'];
  onApplied: () => Promise<void>;
  /** Stories: start with these results shown. */
  initialResults?: CompanySummary[];
  initialMode?: Mode;
  initialQuery?: string;
}

/**
 * Find a company by organization code or by name and apply; uncertified ones cannot be joined
 * (-40006). Results never show a code: only a company's members see it.
 */
export function JoinCompany({ applications, onApplied, initialResults, initialMode = 'code', initialQuery = '' }: JoinCompanyProps) {
  const { t } = useTranslation(['company', 'core']);
  const theme = useTheme();
  const http = useHttp();
  const handleError = useErrorHandler();
  const [, navigate] = useLocation();
  const countryName = useCountryName();
  const user = useAtomValue(userAtom);
  // The server searches the account's own region only (other regions' companies cannot be joined): say so.
  const region = user ? t(`core:regions.${user.region}`) : null;
  const [mode, setMode] = useState<Mode>(initialMode);
  const [query, setQuery] = useState(initialQuery);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [results, setResults] = useState<CompanySummary[] | null>(initialResults ?? null);
  const [busy, setBusy] = useState<string | null>(null);
  const pendingOrgs = new Set(applications.map((a) => a.orgId));
  const { ref: fitRef, fit } = useTableFit(FITS, results);
  const inline = (_e: ApiError, ctx: ErrorContext) => (setProblem(ctx.message), true);
  const handlers = Object.fromEntries(JOIN_CODES.map((code) => [code, inline]));

  async function search(event: FormEvent) {
    event.preventDefault();
    const term = query.trim();
    setProblem(null);
    if (!term) return setFieldError(t('core:validation.required'));
    if (mode === 'code' && !/^[A-Za-z0-9]+$/.test(term)) return setFieldError(t('validation.orgCode'));
    if (mode === 'name' && [...term].length < 2) return setFieldError(t('join.term'));
    setFieldError(null);
    setBusy('search');
    try {
      const api = companyApi(http);
      setResults(mode === 'code' ? [await api.byCode(term)] : ((await api.search(term))?.orgs ?? []));
    } catch (err) {
      setResults(null);
      handleError(err, { handlers });
    } finally {
      setBusy(null);
    }
  }

  async function apply(org: CompanySummary) {
    setProblem(null);
    setBusy(org.id);
    try {
      await companyApi(http).apply(org.id);
      toast(t('join.applied', { org: org.name }), 'success');
      await onApplied();
      navigate('/');
    } catch (err) {
      handleError(err, { handlers });
    } finally {
      setBusy(null);
    }
  }

  return (
    <PageCard level={1} id="join" title={t('join.heading')}>
      <p>{t('join.intro')}</p>
      {problem && <Notice kind="error" role="alert">{problem}</Notice>}
      {region && (
        <p id="join-scope" css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>
          {t('join.regionScope', { region })}
        </p>
      )}
      <form onSubmit={(e) => void search(e)} noValidate role="search" aria-labelledby="join-heading" aria-describedby={region ? 'join-scope' : undefined}>
        <fieldset css={{ border: 0, padding: 0, margin: `0 0 ${theme.space(3)}` }}>
          <legend css={{ fontSize: theme.font.sizeSm, fontWeight: 600, marginBottom: theme.space(2) }}>{t('join.mode')}</legend>
          {(['code', 'name'] as const).map((m) => (
            <label key={m} css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2), marginInlineEnd: theme.space(4) }}>
              <input
                type="radio"
                name="join-mode"
                checked={mode === m}
                onChange={() => {
                  setMode(m);
                  setFieldError(null);
                }}
              />
              {m === 'code' ? t('join.byCode') : t('join.byName')}
            </label>
          ))}
        </fieldset>
        <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: theme.space(3) }}>
          <TextField
            label={mode === 'code' ? t('join.code') : t('join.term')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            error={fieldError ?? undefined}
            required
            css={{ flex: '1 1 260px' }}
          />
          <Button type="submit" loading={busy === 'search'} css={{ marginTop: 22 }}>
            {t('join.search')}
          </Button>
        </div>
      </form>
      {results && results.length === 0 && <p role="status">{region ? t('join.noResultsInRegion', { region }) : t('join.noResults')}</p>}
      {results && results.length > 0 && (
        <div ref={fitRef}>
          <table role="table" css={stackedTableCss(theme)} data-stacked={fit === 'stacked' || undefined}>
            <caption>{t('join.results')}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">{t('fields.name')}</th>
                <th role="columnheader" scope="col">{t('fields.type')}</th>
                <th role="columnheader" scope="col">{t('fields.country')}</th>
                <th role="columnheader" scope="col">{t('members.actions')}</th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {results.map((org) => (
                <tr role="row" key={org.id}>
                  <th role="rowheader" scope="row">
                    <Truncate text={org.name} /> <CertifiedBadge certified={org.certified} />
                  </th>
                  <td role="cell">
                    <CellLabel>{t('fields.type')}</CellLabel>
                    {t(`types.${org.type}`)}
                  </td>
                  <td role="cell">
                    <CellLabel>{t('fields.country')}</CellLabel>
                    {[org.city, countryName(org.country)].filter(Boolean).join(', ')}
                  </td>
                  <td role="cell" data-actions>
                    {pendingOrgs.has(org.id) ? (
                      t('join.pending')
                    ) : org.certified ? (
                      <Button size="sm" loading={busy === org.id} disabled={busy !== null} onClick={() => void apply(org)} aria-label={`${t('join.apply')}: ${org.name}`}>
                        {t('join.apply')}
                      </Button>
                    ) : (
                      <span css={{ color: theme.colors.textMuted }}>{t('join.unverified')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Actions>
        <Button variant="secondary" onClick={() => navigate('/')}>
          {t('back')}
        </Button>
      </Actions>
    </PageCard>
  );
}
