import { useTheme } from '@emotion/react';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmailAddress, saveBlob, isOpsRole, longValueCss, LoadFailed, LoadingLine, namespaceOf, OPS_SECTION_POINT, PageCard, stackedTableCss, TextField, useFormatMoment, usePortal, type OpsSection, type TranslationKey } from '@portal/plugin-api';
import { useOps } from './api';
import { OPS_CALLS as C, type AuditEntry, type AuditPage } from './contract';
import { consoleError } from './messages';

interface Filters {
  actor: string;
  target: string;
  since: string;
  until: string;
}

const EMPTY: Filters = { actor: '', target: '', since: '', until: '' };

/** The sections' words for their audit actions, by action. */
export function auditLabels(sections: readonly OpsSection[]): Record<string, TranslationKey> {
  return Object.assign({}, ...sections.map((section) => section.auditActions ?? {})) as Record<string, TranslationKey>;
}

/** One action's words, from its section's namespace (loaded when first shown). */
function ActionLabel({ labelKey }: { labelKey: TranslationKey }) {
  const { t } = useTranslation([namespaceOf(labelKey)]);
  return <>{t(labelKey)}</>;
}

/** The filters as the call's query: dates are whole days in the operator's time zone. */
function queryOf(filters: Filters, cursor?: string): string {
  const params = new URLSearchParams();
  if (filters.actor.trim()) params.set('actor', filters.actor.trim());
  if (filters.target.trim()) params.set('target', filters.target.trim());
  if (filters.since) params.set('since', String(new Date(`${filters.since}T00:00:00`).getTime()));
  if (filters.until) params.set('until', String(new Date(`${filters.until}T23:59:59.999`).getTime()));
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What changed, as short JSON: the log's own record, for reading, never markup. */
function stateText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/** The audit log: newest first, filtered by operator, target and days; exported as JSON lines. */
export function AuditView() {
  const theme = useTheme();
  const { t } = useTranslation(['ops-console', 'core']);
  const { registry } = usePortal();
  // What each section calls the actions it writes.
  const labels = useMemo(() => auditLabels(registry.getOwnedContributions(OPS_SECTION_POINT).map((o) => o.value)), [registry]);
  const ops = useOps();
  const format = useFormatMoment();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [items, setItems] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (f: Filters, cursor?: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const page = await ops.call<AuditPage>('GET', `${C.audit}${queryOf(f, cursor)}`);
      setItems((before) => (cursor && before ? [...before, ...page.items] : page.items));
      setNext(page.next);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  }, [ops]);

  useEffect(() => {
    void load(filters);
  }, [filters, load]);

  function onFilter(event: FormEvent) {
    event.preventDefault();
    setItems(null);
    // A new object even when nothing changed: the same filters read the log again (else it stays loading).
    setFilters({ ...draft });
  }

  async function exportLog() {
    try {
      const blob = await ops.download(`${C.auditExport}${queryOf(filters)}`);
      saveBlob(blob, `audit-${new Date().toISOString().slice(0, 10)}.jsonl`);
    } catch (err) {
      setFailure(err);
    }
  }


  const field = (name: keyof Filters, label: string, type = 'text') => (
    <TextField label={label} type={type} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
  );

  return (
    <PageCard id="ops-audit" level={1} title={t('ops-console:auditTitle')} intro={t('ops-console:auditIntro')}>
      <form onSubmit={onFilter} css={{ display: 'grid', gap: theme.space(4), gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', alignItems: 'end', marginBottom: theme.space(6) }}>
        {field('actor', t('ops-console:filterActor'))}
        {field('target', t('ops-console:filterTarget'))}
        {field('since', t('ops-console:filterSince'), 'date')}
        {field('until', t('ops-console:filterUntil'), 'date')}
        <div css={{ gridColumn: '1 / -1', display: 'flex', gap: theme.space(2), flexWrap: 'wrap' }}>
          <Button type="submit">{t('ops-console:filter')}</Button>
          <Button type="button" variant="secondary" onClick={() => void exportLog()}>
            {t('ops-console:export')}
          </Button>
        </div>
      </form>
      {failure !== null && <LoadFailed message={consoleError(failure, t)} retryLabel={t('ops-console:tryAgain')} onRetry={() => void load(filters)} />}
      {items === null && failure === null && <LoadingLine label={t('ops-console:loading')} />}
      {items && items.length === 0 && <p role="status">{t('ops-console:auditEmpty')}</p>}
      {items && items.length > 0 && (
        <table css={stackedTableCss(theme)}>
          <thead>
            <tr>
              <th scope="col">{t('ops-console:when')}</th>
              <th scope="col">{t('ops-console:who')}</th>
              <th scope="col">{t('ops-console:what')}</th>
              <th scope="col">{t('ops-console:target')}</th>
              <th scope="col">{t('ops-console:reason')}</th>
              <th scope="col">{t('ops-console:change')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td>{format(e.at)}</td>
                <td css={longValueCss}>
                  {e.actorRole === 'cli' ? (
                    t('ops-console:commandLine')
                  ) : (
                    <>
                      <EmailAddress value={e.actorEmail} /> ({isOpsRole(e.actorRole) ? t(`ops-console:roles.${e.actorRole}`) : e.actorRole})
                    </>
                  )}
                </td>
                <td>
                  {/* In the words of the section that writes it; one no section names, by its id (shown below either way). */}
                  {labels[e.action] ? <ActionLabel labelKey={labels[e.action]!} /> : e.action}
                  <span dir="ltr" css={{ display: 'block', color: theme.colors.textMuted, fontFamily: 'monospace', fontSize: theme.font.sizeSm }}>
                    {e.action}
                  </span>
                </td>
                <td dir="ltr" css={longValueCss}>
                  {e.target}
                </td>
                <td>{e.reason ?? ''}</td>
                <td dir="ltr" css={{ fontFamily: 'monospace', fontSize: theme.font.sizeSm, overflowWrap: 'anywhere' }}>
                  {stateText(e.before)}
                  {e.before !== null && e.after !== null ? ' → ' : ''}
                  {stateText(e.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && (
        <Button variant="secondary" loading={busy} css={{ marginTop: theme.space(4) }} onClick={() => void load(filters, next)}>
          {t('ops-console:more')}
        </Button>
      )}
    </PageCard>
  );
}

export default AuditView;
