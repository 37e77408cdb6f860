import { useTheme } from '@emotion/react';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  type CompanySectionProps,
  ERROR_CODES,
  errorMessage,
  LoadingLine,
  Notice,
  PageCard,
  toApiError,
  useErrorHandler,
  useHttp,
  useLoaded,
} from '@portal/plugin-api';
import { companySignInApi } from './companySignInApi';
import { type Report } from './companySignInParts';
import { DomainsPart } from './DomainsPart';
import { MembersPart } from './MembersPart';
import { ProviderPart } from './ProviderPart';

/**
 * The Company pages' "Sign-in" tab, for the owner and admins of a certified company: the
 * company's OpenID Connect provider (with the redirect URI to register there), its claimed
 * domains and the DNS records that prove them, and which members have linked their sign-in.
 * Every change answers the whole state, which the screen then shows.
 */
export default function CompanySignIn({ company, onChanged }: CompanySectionProps) {
  const { t } = useTranslation(['enterprise-sso-company', 'core']);
  const theme = useTheme();
  const http = useHttp();
  const handleError = useErrorHandler();
  const api = useMemo(() => companySignInApi(http, company.id), [http, company.id]);
  const { data, failure, reload, replace } = useLoaded(useCallback(() => api.read(), [api]));

  const report = useCallback<Report>(
    (error) => {
      handleError(error, { suppressToast: true });
      const { code } = toApiError(error);
      // No longer an owner or admin, or no longer certified: the pages read the company again.
      if (code === ERROR_CODES.permissionDenied || code === ERROR_CODES.orgUnverified) onChanged();
      return errorMessage(error, t);
    },
    [handleError, onChanged, t],
  );
  // Refused on reading for the same reasons: the pages read the company again (and may drop this tab), once per failure.
  const toldFailure = useRef<unknown>(null);
  useEffect(() => {
    if (!failure || toldFailure.current === failure) return;
    toldFailure.current = failure;
    if (failure.code === ERROR_CODES.permissionDenied || failure.code === ERROR_CODES.orgUnverified) onChanged();
  }, [failure, onChanged]);

  return (
    <PageCard level={1} id="company-sign-in" title={t('title')} intro={t('intro')} busy={!data && !failure}>
      {!data && !failure && <LoadingLine label={t('loading')} />}
      {!data && failure && (
        <div css={{ display: 'grid', justifyItems: 'start' }}>
          <div role="alert" css={{ width: '100%' }}>
            <Notice kind="error">
              <p css={{ margin: 0, fontWeight: 600 }}>{t('loadFailed')}</p>
              <p css={{ margin: `${theme.space(1)} 0 0` }}>{errorMessage(failure, t)}</p>
            </Notice>
          </div>
          <Button variant="secondary" onClick={() => void reload()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {data && (
        <>
          <ProviderPart result={data} api={api} onResult={replace} report={report} />
          {data.connection && <DomainsPart domains={data.connection.domains} api={api} onResult={replace} report={report} />}
          <MembersPart members={data.members} />
        </>
      )}
    </PageCard>
  );
}
