import { useTheme } from '@emotion/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { boolean, object, ref, string } from 'yup';
import {
  ApiError,
  Checkbox,
  ERROR_CODES,
  isAbortError,
  isRegionCode,
  type LocalAccountItem,
  loginPasswordRule,
  type MergeResult,
  MSG,
  type RegionCode,
  regionOfCountry,
  type RegionUnavailableResult,
  registerPasswordRule,
  termsRule,
  TextField,
  translateDataKey,
  useHttp,
  useRegionWhiteList, toApiError,
  FORM_VALIDATION,
  useEditedBlur,
} from '@portal/plugin-api';
import { mergeRequest, needsRegion, type LocalItem } from './migrationData';
import { focusFirstError, linkStyle, RegionField, TermsLabel, useAbortOnUnmount, useMigrationConfig } from './parts';

export interface MergeFormValues {
  oldPassword: string;
  changePassword: boolean;
  newPassword: string;
  confirmPassword: string;
  country: string | null;
  subscription: boolean;
  terms: boolean;
}

/** Fields in the order they show: the first invalid one gets the focus. */
const FIELD_ORDER = ['oldPassword', 'newPassword', 'confirmPassword', 'country', 'terms'] as const;

export interface MergeFormProps {
  id: string;
  token: string;
  vendor: LocalAccountItem;
  local: LocalItem;
  onBusy: (busy: boolean) => void;
  onMerged: (result: MergeResult) => void;
  onFailure: (error: ApiError) => void;
  /** Stories: start with these values. */
  initialValues?: Partial<MergeFormValues>;
  /** Stories: run the rules at once, so their errors show. */
  validateOnMount?: boolean;
}

/** The code of a wrong local password: shown on the field, with a contact-support hint. */
export const OLD_PASSWORD_WRONG = -20601;
const OLD_PASSWORD_WRONG_KEY = 'migration:merge.oldPasswordWrong';
/** A new password on the server's common-password list: shown on its field; the merge token is still good. */
const COMMON_PASSWORD = ERROR_CODES.commonPassword;

/**
 * Variant merge: one local account into the existing vendor ID. The local account's password
 * proves it is yours; optionally a new password for the vendor ID; a country/region when the
 * vendor ID has none; the local account's subscription; the terms. `POST
 * /accounts/info-and-password` on the vendor ID's regional host.
 */
export function MergeForm({ id, token, vendor, local, onBusy, onMerged, onFailure, initialValues, validateOnMount }: MergeFormProps) {
  const theme = useTheme();
  const { t } = useTranslation('migration');
  const { supportUrl } = useMigrationConfig();
  const http = useHttp();
  const nextSignal = useAbortOnUnmount();
  const needSetRegion = needsRegion(vendor);
  const { list, failed, retry } = useRegionWhiteList();
  const busy = useRef(false);
  const supportId = useId();

  const schema = useMemo(
    () =>
      object({
        oldPassword: loginPasswordRule(),
        changePassword: boolean().defined(),
        newPassword: string()
          .defined()
          .when('changePassword', { is: true, then: () => registerPasswordRule('country'), otherwise: (s) => s.optional() }),
        confirmPassword: string()
          .defined()
          .when('changePassword', {
            is: true,
            then: (s) => s.required(MSG.required).oneOf([ref('newPassword')], MSG.passwordMismatch),
            otherwise: (s) => s.optional(),
          }),
        country: needSetRegion ? string().nullable().defined().required(MSG.regionRequired) : string().nullable().defined(),
        subscription: boolean().defined(),
        terms: termsRule(),
      }),
    [needSetRegion],
  );
  const { register: registerField, control, handleSubmit, formState, watch, setError, trigger, setFocus } = useForm<MergeFormValues>({
    ...FORM_VALIDATION,
    shouldFocusError: false,
    resolver: yupResolver(schema) as never,
    defaultValues: { oldPassword: '', changePassword: false, newPassword: '', confirmPassword: '', country: null, subscription: local.subscription, terms: false, ...initialValues },
  });
  const register = useEditedBlur(registerField, trigger);
  const { errors } = formState;
  const changePassword = watch('changePassword');
  const wrongPassword = errors.oldPassword?.message === OLD_PASSWORD_WRONG_KEY;
  // A field's message is a key its rules or server-error table set (typed there).
  const message = (key: string | undefined) => (key ? translateDataKey(t, key) : undefined);
  useEffect(() => {
    if (validateOnMount) void trigger();
  }, [validateOnMount, trigger]);

  const submit = handleSubmit(async (values) => {
    if (busy.current) return;
    busy.current = true;
    onBusy(true);
    const body = mergeRequest(token, vendor, local, values);
    const send = (region: RegionCode | undefined) =>
      http.post<MergeResult>('/accounts/info-and-password', body, { auth: 'none', scope: 'regional', region, signal: nextSignal() });
    try {
      const chosenRegion = needSetRegion && list && values.country ? regionOfCountry(list, values.country) : null;
      const first = vendor.region ?? chosenRegion ?? undefined;
      let result: MergeResult;
      try {
        result = await send(first);
      } catch (error) {
        // The vendor ID lives elsewhere (-19999 names its region): ask that host once.
        const other = error instanceof ApiError && error.code === -19999 ? (error.result as Partial<RegionUnavailableResult> | undefined)?.region : undefined;
        if (!isRegionCode(other) || other === first) throw error;
        result = await send(other);
      }
      onMerged(result);
    } catch (error) {
      if (isAbortError(error)) return;
      if (error instanceof ApiError && error.code === OLD_PASSWORD_WRONG) {
        setError('oldPassword', { type: 'server', message: OLD_PASSWORD_WRONG_KEY }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.code === COMMON_PASSWORD && values.changePassword) {
        setError('newPassword', { type: 'server', message: 'core:errors.passwordCommon' }, { shouldFocus: true });
        return;
      }
      onFailure(toApiError(error));
    } finally {
      busy.current = false;
      onBusy(false);
    }
  }, focusFirstError(FIELD_ORDER, setFocus));

  const providerName = t(`providers.${local.identityProvider}`);
  return (
    <form id={id} noValidate onSubmit={(e) => void submit(e)}>
      <TextField
        type="password"
        label={t('merge.oldPassword', { provider: providerName })}
        required
        autoComplete="current-password"
        error={message(errors.oldPassword?.message)}
        aria-describedby={wrongPassword ? supportId : undefined}
        {...register('oldPassword')}
      />
      {wrongPassword && (
        <p id={supportId} css={{ margin: `-${theme.space(2)} 0 ${theme.space(4)}`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
          {supportUrl ? (
            <Trans t={t} i18nKey="merge.supportHint" components={{ help: <a href={supportUrl} target="_blank" rel="noopener noreferrer" css={linkStyle(theme)} /> }} />
          ) : (
            t('merge.supportHintNoLink')
          )}
        </p>
      )}
      <Checkbox label={t('merge.changePassword')} {...register('changePassword')} />
      {changePassword && (
        <div css={{ paddingInlineStart: theme.space(6) }}>
          <TextField type="password" label={t('merge.newPassword')} required autoComplete="new-password" error={message(errors.newPassword?.message)} {...register('newPassword')} />
          <TextField type="password" label={t('merge.confirmPassword')} required autoComplete="new-password" error={message(errors.confirmPassword?.message)} {...register('confirmPassword')} />
        </div>
      )}
      {needSetRegion && <RegionField control={control} name="country" list={list} failed={failed} onRetry={retry} required />}
      {local.productLine && <Checkbox label={t('merge.subscribe', { productLine: local.productLine })} {...register('subscription')} />}
      <Checkbox label={<TermsLabel />} aria-required="true" error={message(errors.terms?.message)} {...register('terms')} />
    </form>
  );
}
