import { useTheme } from '@emotion/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LoadFailed, LoadingLine, longValueCss, PageCard, stackedTableCss, useConsole, useFormatMoment, useLoaded, useOps } from '@portal/plugin-api';
import { SERVICES_CALLS as C, type BaseThemeColors, type ServiceItem, type ServiceList } from './contract';
import { servicesError } from './messages';
import { ServiceEditor } from './ServiceEditor';

/** Which service the section shows: the list, a new one, or one by id. */
/** What is shown; an edit keeps the clients version it was opened on (a reload of the list meanwhile does not move it). */
type Open = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: string; version: number | null };

/**
 * The console's connected services: everyone reads the list and each service's settings; operators
 * with `configure` create and edit them (the server refuses anyone else anyway).
 */
export function ServicesView() {
  const theme = useTheme();
  const { t } = useTranslation(['ops-services', 'core']);
  const ops = useOps();
  const { me } = useConsole();
  const format = useFormatMoment();
  const editable = me.permissions.includes('configure');
  const list = useLoaded(useCallback(() => ops.call<ServiceList>('GET', C.services), [ops]));
  const themes = useLoaded(useCallback(() => ops.call<BaseThemeColors[]>('GET', C.themes), [ops]));
  const [open, setOpen] = useState<Open>({ kind: 'list' });

  const failure = list.failure ?? themes.failure;
  const loading = !failure && (!list.data || !themes.data);
  const reload = () => {
    void list.reload();
    void themes.reload();
  };

  if (open.kind !== 'list' && list.data && themes.data) {
    const service = open.kind === 'edit' ? (list.data.services.find((s) => s.id === open.id) ?? null) : null;
    if (open.kind === 'new' || service) {
      return (
        <ServiceEditor
          key={open.kind === 'edit' ? open.id : 'new'}
          service={service}
          baseVersion={open.kind === 'edit' ? open.version : null}
          themes={themes.data}
          editable={editable}
          onClose={() => setOpen({ kind: 'list' })}
          onSaved={(saved: ServiceItem, version: number) => {
            setOpen({ kind: 'edit', id: saved.id, version });
            void list.reload();
          }}
        />
      );
    }
  }

  return (
    <PageCard id="ops-services" level={1} title={t('ops-services:title')} intro={t(editable ? 'ops-services:introEditor' : 'ops-services:intro')}>
      {loading && <LoadingLine label={t('ops-services:loading')} />}
      {failure && <LoadFailed message={servicesError(failure, t)} retryLabel={t('ops-services:tryAgain')} onRetry={reload} />}
      {list.data && themes.data && (
        <div css={{ display: 'grid', gap: theme.space(4) }}>
          {editable && (
            <div>
              <Button onClick={() => setOpen({ kind: 'new' })}>{t('ops-services:new')}</Button>
            </div>
          )}
          {list.data.services.length === 0 ? (
            <p css={{ margin: 0 }}>{t('ops-services:empty')}</p>
          ) : (
            <table css={stackedTableCss(theme)}>
              <thead>
                <tr>
                  <th scope="col">{t('ops-services:fields.name')}</th>
                  <th scope="col">{t('ops-services:fields.id')}</th>
                  <th scope="col">{t('ops-services:fields.kind')}</th>
                  <th scope="col">{t('ops-services:fields.redirectUris')}</th>
                  <th scope="col">{t('ops-services:actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.services.map((s) => (
                  <tr key={s.id}>
                    <td>{s.name}</td>
                    <td dir="ltr" css={longValueCss}>
                      {s.id}
                    </td>
                    <td>
                      {t(s.confidential ? 'ops-services:kinds.confidential' : 'ops-services:kinds.public')}
                      {s.previousSecretUntil !== null && (
                        <div css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('ops-services:overlapRunning', { when: format(s.previousSecretUntil) })}</div>
                      )}
                    </td>
                    <td dir="ltr" css={longValueCss}>
                      {s.redirectUris.join(', ')}
                    </td>
                    <td>
                      <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'edit', id: s.id, version: list.data?.version ?? null })} aria-label={t(editable ? 'ops-services:editLabel' : 'ops-services:viewLabel', { name: s.name })}>
                        {t(editable ? 'ops-services:edit' : 'ops-services:view')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {list.data.version !== null && <p css={{ margin: 0, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('ops-services:version', { version: list.data.version })}</p>}
        </div>
      )}
    </PageCard>
  );
}

export default ServicesView;
