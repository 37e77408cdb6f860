import { yupResolver } from '@hookform/resolvers/yup';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { boolean, object, string } from 'yup';
import {
  ApiError,
  Checkbox,
  DEFAULT_LANGUAGE,
  isAbortError,
  isLanguageCode,
  LoginPageContext,
  loginSessionHeaders,
  type MigrateResult,
  MSG,
  nameRule,
  regionOfCountry,
  termsRule,
  TextField,
  translateDataKey,
  useHttp,
  useRegionWhiteList, toApiError,
  FORM_VALIDATION,
  useEditedBlur,
} from '@portal/plugin-api';
import { migrateRegion, migrateRequest, type LocalItem } from './migrationData';
import { focusFirstError, RegionField, TermsLabel, useAbortOnUnmount } from './parts';

export interface MigrateFormValues {
  country: string | null;
  firstName: string;
  lastName: string;
  subscription: boolean;
  terms: boolean;
}

/** Fields in the order they show: the first invalid one gets the focus. */
const FIELD_ORDER = ['country', 'firstName', 'lastName', 'terms'] as const;

export interface MigrateFormProps {
  /** The form's id: the dialog's footer submits it (`<button form=…>`). */
  id: string;
  token: string;
  local: LocalItem;
  onBusy: (busy: boolean) => void;
  onMigrated: (result: MigrateResult) => void;
  onFailure: (error: ApiError) => void;
  /** Stories: start with these values. */
  initialValues?: Partial<MigrateFormValues>;
  /** Stories: run the rules at once, so their errors show. */
  validateOnMount?: boolean;
}

/**
 * Variants migrate and pick: a new vendor ID from one local account. The account's password
 * stays; the user chooses the country/region (where the data will live), checks the names,
 * the subscription and accepts the terms. `POST /register-and-merge` on the regional host of
 * the chosen data region.
 */
export function MigrateForm({ id, token, local, onBusy, onMigrated, onFailure, initialValues, validateOnMount }: MigrateFormProps) {
  const loginPage = useContext(LoginPageContext);
  const { t, i18n } = useTranslation('migration');
  const http = useHttp();
  const nextSignal = useAbortOnUnmount();
  const { list, failed, retry } = useRegionWhiteList();
  const regionKnown = local.region !== null;
  const busy = useRef(false);

  const schema = useMemo(
    () =>
      object({
        country: regionKnown ? string().nullable().defined() : string().nullable().defined().required(MSG.regionRequired),
        firstName: nameRule(),
        lastName: nameRule(),
        subscription: boolean().defined(),
        terms: termsRule(),
      }),
    [regionKnown],
  );
  const { register: registerField, control, handleSubmit, formState, trigger, setFocus } = useForm<MigrateFormValues>({
    ...FORM_VALIDATION,
    shouldFocusError: false,
    resolver: yupResolver(schema) as never,
    defaultValues: { country: null, firstName: local.firstName, lastName: local.lastName, subscription: local.subscription, terms: false, ...initialValues },
  });
  const register = useEditedBlur(registerField, trigger);
  const { errors } = formState;
  useEffect(() => {
    if (validateOnMount) void trigger();
  }, [validateOnMount, trigger]);
  // A field's message is a key its rules or server-error table set (typed there).
  const message = (key: string | undefined) => (key ? translateDataKey(t, key) : undefined);

  const submit = handleSubmit(async (values) => {
    if (busy.current) return;
    busy.current = true;
    onBusy(true);
    try {
      const countryRegion = list && values.country ? regionOfCountry(list, values.country) : null;
      const language = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
      const result = await http.post<MigrateResult>('/register-and-merge', migrateRequest(token, local, values, language), {
        auth: 'none',
        // The login session: the activation link belongs to the service the sign-in started from.
        ...(loginPage ? { headers: loginSessionHeaders(loginPage.query) } : {}),
        scope: 'regional',
        region: migrateRegion(countryRegion, local),
        signal: nextSignal(),
      });
      onMigrated(result);
    } catch (error) {
      if (isAbortError(error)) return;
      onFailure(toApiError(error));
    } finally {
      busy.current = false;
      onBusy(false);
    }
  }, focusFirstError(FIELD_ORDER, setFocus));

  return (
    <form id={id} noValidate onSubmit={(e) => void submit(e)}>
      <RegionField control={control} name="country" list={list} failed={failed} onRetry={retry} required={!regionKnown} knownRegion={local.region} />
      <TextField label={t('form.firstName')} required autoComplete="given-name" error={message(errors.firstName?.message)} {...register('firstName')} />
      <TextField label={t('form.lastName')} required autoComplete="family-name" error={message(errors.lastName?.message)} {...register('lastName')} />
      <Checkbox label={t('form.subscribe')} {...register('subscription')} />
      <Checkbox label={<TermsLabel />} aria-required="true" error={message(errors.terms?.message)} {...register('terms')} />
    </form>
  );
}
