import { useTheme } from '@emotion/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EmailAddress,
  longValueCss,
  ApiError,
  Button,
  CountryRegionSelect,
  type InterruptProps,
  isRegionCode,
  MSG,
  type RegionConfirmRequest,
  type RegionConfirmResult,
  regionOfCountry,
  type RegionRequiredResult,
  type RegionWhiteList,
  translateDataKey,
  type TranslationKey,
  useErrorHandler,
  usePortal,
  useRegionWhiteList,
  focusTargetCss,
} from '@portal/plugin-api';

/** Country/region code problems (spec section 8): shown at the field. */
const FIELD_CODES: ReadonlySet<number> = new Set([-3069, -3085, -20206]);
/** Failed to get the service region: shown above the buttons. */
const SERVICE_REGION_FAILED = -3041;

const NO_COUNTRIES: RegionWhiteList = { Use: [], Aps: [], Euw: [] };

/** The sign-in step of -9: choose the account's country/region, confirm it, sign in again. */
export default function ConfirmRegionStep(props: InterruptProps) {
  return <ConfirmRegion {...props} />;
}

export interface ConfirmRegionProps extends InterruptProps {
  /** Stories: a country the user has already picked. */
  initialCountry?: string;
}

export function ConfirmRegion({ error, form, retry, cancel, initialCountry }: ConfirmRegionProps) {
  const { t } = useTranslation(['region', 'core']);
  const theme = useTheme();
  const { http, session } = usePortal();
  const handleError = useErrorHandler();
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const selectRef = useRef<HTMLInputElement>(null);
  const live = useRef(true);
  const whiteList = useRegionWhiteList();

  const result = (error.result ?? {}) as Partial<RegionRequiredResult>;
  const email = result.email ?? (typeof form.email === 'string' ? form.email : '');
  const suggested = isRegionCode(result.regionCode) ? result.regionCode : null;

  const [country, setCountry] = useState<string | null>(initialCountry ?? null);
  const [fieldError, setFieldError] = useState<TranslationKey | null>(null);
  const [stepError, setStepError] = useState<TranslationKey | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    headingRef.current?.focus();
    return () => {
      live.current = false;
    };
  }, []);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const list = whiteList.list;
    const region = list ? regionOfCountry(list, country) : null;
    if (!country || !region) {
      setFieldError(MSG.regionRequired);
      selectRef.current?.focus();
      return;
    }
    setFieldError(null);
    setStepError(null);
    setBusy(true);
    const body: RegionConfirmRequest = {
      email,
      firstName: result.firstName || email.split('@')[0] || '',
      regionCode: country,
      processId: result.processId ?? '',
    };
    try {
      // After this call the account's data lives in the chosen region: ask that region's host.
      await http.post<RegionConfirmResult>('/account', body, { auth: 'none', scope: 'regional', region });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && FIELD_CODES.has(err.code)) {
        setFieldError('core:errors.regionCode');
        selectRef.current?.focus();
      } else if (err instanceof ApiError && err.code === SERVICE_REGION_FAILED) {
        setStepError('core:errors.serviceRegionFailed');
      } else {
        handleError(err);
      }
      return;
    }
    // The account's data region is known now: the portal takes that region's plugin set.
    session.confirmRegion(region);
    try {
      await retry();
    } catch (err) {
      handleError(err);
    } finally {
      if (live.current) setBusy(false);
    }
  }

  const choose = (next: string | null) => {
    setCountry(next);
    setFieldError(null);
  };

  return (
    <section aria-labelledby={`${ids}-heading`}>
      <h1 id={`${ids}-heading`} ref={headingRef} tabIndex={-1} css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(2)}`, ...focusTargetCss }}>
        {t('region:heading')}
      </h1>
      <p css={{ margin: `0 0 ${theme.space(2)}`, color: theme.colors.textMuted }}>{t('region:intro')}</p>
      <p css={{ margin: `0 0 ${theme.space(5)}`, ...longValueCss }}>
        {t('region:account')}{' '}
        <strong>
          <EmailAddress value={email} />
        </strong>
      </p>

      <form noValidate onSubmit={(event) => void confirm(event)}>
        {suggested && !country && (
          <p css={{ margin: `0 0 ${theme.space(2)}`, fontSize: theme.font.sizeSm }}>
            {t('region:suggested', { region: t(`core:regions.${suggested}`) })}
          </p>
        )}
        {whiteList.failed ? (
          <div role="alert" css={{ marginBottom: theme.space(4), fontSize: theme.font.sizeSm, color: theme.colors.danger }}>
            <p css={{ margin: `0 0 ${theme.space(2)}` }}>{t('region:countriesFailed')}</p>
            <Button size="sm" variant="secondary" onClick={whiteList.retry}>
              {t('region:retry')}
            </Button>
          </div>
        ) : (
          <CountryRegionSelect
            list={whiteList.list ?? NO_COUNTRIES}
            value={country}
            onChange={choose}
            inputRef={selectRef}
            label={t('region:country')}
            required
            disabled={!whiteList.list}
            error={fieldError ? translateDataKey(t, fieldError) : undefined}
          />
        )}

        {stepError && (
          <p role="alert" css={{ margin: `0 0 ${theme.space(4)}`, fontSize: theme.font.sizeSm, color: theme.colors.danger }}>
            {translateDataKey(t, stepError)}
          </p>
        )}

        <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), marginTop: theme.space(2) }}>
          <Button type="submit" size="lg" loading={busy} css={{ flex: '1 1 160px' }}>
            {t('region:confirm')}
          </Button>
          <Button variant="secondary" size="lg" disabled={busy} onClick={cancel} css={{ flex: '1 1 120px' }}>
            {t('region:back')}
          </Button>
        </div>
      </form>
    </section>
  );
}
