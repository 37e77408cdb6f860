import { useTheme } from '@emotion/react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  ApiError,
  Button,
  ERROR_CODES,
  isAbortError,
  LoadingImage,
  type LocalAccountsResult,
  PageCard,
  toast,
  useErrorHandler,
  useHttp,
} from '@portal/plugin-api';
import { AccountCard, AccountChoice } from './AccountCard';
import { MergeForm, type MergeFormValues } from './MergeForm';
import type { LocalItem } from './migrationData';
import { linkStyle } from './parts';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: LocalAccountsResult };

export interface MergeAccountsInitial {
  chosen?: number;
  values?: Partial<MergeFormValues>;
  validate?: boolean;
}

const isLocal = (item: LocalAccountsResult['accounts'][number]): item is LocalItem => item.identityProvider !== 'vendorId';

/**
 * The 'migrate/merge accounts' screen (spec section 2): local accounts of the older systems
 * with the signed-in address, merged one by one into this Unified ID. A partner app hands its
 * session over without the sign-in's -6 check, so they can exist here; they also block
 * joining or creating a company (-40024), whose message links to this page.
 */
export default function MergeAccountsPage({ initial }: { initial?: MergeAccountsInitial } = {}) {
  const theme = useTheme();
  const { t } = useTranslation('migration');
  const http = useHttp();
  const handleError = useErrorHandler();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [chosen, setChosen] = useState<number | null>(initial?.chosen ?? null);
  const [busy, setBusy] = useState(false);
  const [mergedAny, setMergedAny] = useState(false);
  const formId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const fetchList = useCallback(
    async (signal?: AbortSignal) => {
      setLoad({ state: 'loading' });
      try {
        const data = await http.get<LocalAccountsResult>('/accounts/local-accounts', { scope: 'regional', signal });
        setLoad({ state: 'ready', data });
      } catch (error) {
        if (isAbortError(error)) return;
        setLoad({ state: 'failed' });
      }
    },
    [http],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchList(controller.signal);
    return () => controller.abort();
  }, [fetchList]);

  const merged = () => {
    toast(t('page.merged'), 'success');
    setMergedAny(true);
    setChosen(null);
    void fetchList().then(() => headingRef.current?.focus());
  };

  const failed = (error: ApiError) => {
    // The merge token lives 15 minutes: a fresh list brings a fresh one; the typed form is lost
    // only in that case, and the message says why.
    if (error.code === ERROR_CODES.tokenExpired) {
      toast(t('page.expired'), 'warning');
      setChosen(null);
      void fetchList();
      return;
    }
    handleError(error);
  };

  const page = (children: ReactNode, intro?: ReactNode) => (
    <PageCard level={1} id={`${formId}-page`} title={t('page.title')} intro={intro} headingRef={headingRef} busy={load.state === 'loading'}>
      {children}
    </PageCard>
  );

  if (load.state === 'loading') return page(<LoadingImage label={t('page.loading')} />);
  if (load.state === 'failed') {
    return page(
      <>
        <p role="alert">{t('page.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void fetchList()}>
          {t('form.retry')}
        </Button>
      </>,
    );
  }

  const { vendor, accounts, migrationToken } = load.data;
  const locals = accounts.filter(isLocal);
  const local = chosen === null ? undefined : locals[chosen];

  const nothing = locals.length === 0 || !migrationToken;
  return page(
    <>
      {nothing ? (
        <>
          <p css={{ lineHeight: 1.5 }}>{mergedAny ? t('page.allMerged') : t('page.nothing', { email: vendor.email })}</p>
          <Link href="~/accountSetting/myProfile" css={linkStyle(theme)}>
            {t('page.backToProfile')}
          </Link>
        </>
      ) : (
        <>
          <AccountCard item={vendor} label={t('merge.vendorLabel')} labelLevel={2} />
          <AccountChoice legend={t('merge.legend')} hint={t('merge.hint')} items={locals} value={chosen} onChange={setChosen} />
          {local && (
            <>
              <MergeForm
                key={`${local.identityProvider}-${local.uuidProvider}`}
                id={formId}
                token={migrationToken}
                vendor={vendor}
                local={local}
                onBusy={setBusy}
                onMerged={merged}
                onFailure={failed}
                initialValues={initial?.values}
                validateOnMount={initial?.validate}
              />
              <div css={{ display: 'flex', gap: theme.space(3), flexWrap: 'wrap', marginTop: theme.space(4) }}>
                <Button type="submit" form={formId} loading={busy}>
                  {t('merge.submit')}
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => setChosen(null)}>
                  {t('actions.cancel')}
                </Button>
              </div>
            </>
          )}
        </>
      )}
    </>,
    nothing ? undefined : t('page.intro', { email: vendor.email }),
  );
}
