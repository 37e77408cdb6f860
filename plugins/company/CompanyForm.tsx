import { useTheme } from '@emotion/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  type ApiError,
  Button,
  COMPANY_TYPES,
  type ErrorContext,
  type MyCompany,
  Notice,
  REGION_CODES,
  type RegionWhiteList,
  Select,
  TextField,
  toast,
  translateDataKey,
  useErrorHandler,
  useHttp,
  useRegionWhiteList,
  PageCard,
  useIntlLocale,
  FORM_VALIDATION,
  useEditedBlur,
} from '@portal/plugin-api';
import { companyApi } from './api';
import { companyInputOf, companySchema, EMPTY_COMPANY, formValuesOf, type CompanyFormValues } from './companySchema';
import { useCountryName } from './format';
import { LicenseUpload, type LicenseValue } from './LicenseUpload';
import { Actions } from './parts';

const resolver = yupResolver(companySchema) as unknown as Resolver<CompanyFormValues>;

/** Conflicting account information (-40024..-40026): no company can be created or joined; the message stays on the form. */
export const CONFLICT_CODES = [-40024, -40025, -40026] as const;

type TextName = Exclude<keyof CompanyFormValues, 'type' | 'country'>;

export interface CompanyFormProps {
  /** The company to edit; none creates one. */
  company?: MyCompany | null;
  /** After a successful save (or a stale version / lost permission): reload what the page shows. */
  onSaved: () => Promise<void>;
  /** Stories: start from these values and validate them at once. */
  initialValues?: Partial<CompanyFormValues>;
  validateOnMount?: boolean;
  initialLicenseUpload?: string;
}

/** Create or edit a company (spec sections 3 and 5): react-hook-form + the shared yup rules, licence upload, version check. */
export function CompanyForm({ company, onSaved, initialValues, validateOnMount, initialLicenseUpload }: CompanyFormProps) {
  const { t } = useTranslation(['company', 'core']);
  const theme = useTheme();
  const http = useHttp();
  const handleError = useErrorHandler();
  const [, navigate] = useLocation();
  const countryName = useCountryName();
  const locale = useIntlLocale();
  const whiteList = useRegionWhiteList();
  const editing = Boolean(company);

  const defaults = useMemo(() => ({ ...(company ? formValuesOf(company) : EMPTY_COMPANY), ...initialValues }), [company, initialValues]);
  const { register: registerField, control, handleSubmit, setError, trigger, reset, formState } = useForm<CompanyFormValues>({ ...FORM_VALIDATION, resolver, defaultValues: defaults });
  const register = useEditedBlur(registerField, trigger);
  const { errors, isSubmitting } = formState;
  const [license, setLicense] = useState<LicenseValue | null>(company?.businessLicense ?? null);
  const [uploading, setUploading] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  // A newer version arrived (after -40010): the form shows it, so what is saved next is based on it.
  const shownVersion = useRef(company?.version);
  useEffect(() => {
    if (!company || company.version === shownVersion.current) return;
    shownVersion.current = company.version;
    reset(formValuesOf(company));
    setLicense(company.businessLicense);
  }, [company, reset]);

  // Once, on mount (stories show a form with its errors).
  const validateFirst = useEffectEvent(() => {
    if (validateOnMount) void trigger();
  });
  useEffect(() => validateFirst(), []);

  const countryOptions = useMemo(() => {
    const list: RegionWhiteList | null = whiteList.list;
    const codes = new Set<string>(list ? REGION_CODES.flatMap((r) => list[r] ?? []) : []);
    if (defaults.country) codes.add(defaults.country);
    const collator = new Intl.Collator(locale);
    return [...codes].map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => collator.compare(a.label, b.label));
  }, [whiteList.list, countryName, defaults.country, locale]);
  const typeOptions = useMemo(() => COMPANY_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })), [t]);

  // A field's message is a key its rules set (typed there), or a server error's message, already
  // translated by the error handler, which i18next shows as it is.
  const message = (key: string | undefined) => (key ? translateDataKey(t, key) : undefined);

  async function submit(values: CompanyFormValues) {
    setConflict(null);
    const api = companyApi(http);
    const body = companyInputOf(values, license?.fileId ?? null);
    try {
      if (company) {
        await api.update({ ...body, id: company.id, version: company.version });
        toast(t('form.saved'), 'success');
      } else {
        await api.create(body);
        toast(t('form.created'), 'success');
      }
      await onSaved();
      navigate('/');
    } catch (err) {
      const onField = (field: keyof CompanyFormValues) => (_e: ApiError, ctx: ErrorContext) => {
        setError(field, { type: 'server', message: ctx.message }, { shouldFocus: true });
        return true;
      };
      const toConflict = (_e: ApiError, ctx: ErrorContext) => {
        setConflict(ctx.message);
        return true;
      };
      handleError(err, {
        handlers: {
          // Duplicate name, or duplicate organization code when the server says which field.
          [-40000]: (e, ctx) => onField((e.result as { field?: string } | undefined)?.field === 'orgCode' ? 'orgCode' : 'name')(e, ctx),
          [-20200]: onField('contactEmail'),
          [-3069]: onField('country'),
          [-40024]: toConflict,
          [-40025]: toConflict,
          [-40026]: toConflict,
          // Stale version: show the newest data; the form is rebuilt from it.
          [-40010]: () => {
            toast(t('form.stale'), 'warning');
            void onSaved();
            return true;
          },
          // Became certified, joined elsewhere or lost the role meanwhile: the catalogue message, then the real state.
          [-20654]: (_e, ctx) => (ctx.toast(ctx.message, 'error'), void onSaved().then(() => navigate('/')), true),
          [-40001]: (_e, ctx) => (ctx.toast(ctx.message, 'error'), void onSaved().then(() => navigate('/')), true),
        },
      });
    }
  }

  const text = (name: TextName, opts: { required?: boolean; type?: string; hint?: string; autoComplete?: string } = {}) => (
    <TextField
      {...register(name)}
      label={t(`fields.${name}`)}
      required={opts.required}
      type={opts.type}
      hint={opts.hint}
      autoComplete={opts.autoComplete}
      error={message(errors[name]?.message)}
    />
  );

  return (
    <PageCard level={1} id="company-form" title={editing ? t('form.editHeading') : t('form.createHeading')}>
      {conflict && <Notice kind="error" role="alert">{conflict}</Notice>}
      <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)} aria-busy={isSubmitting || undefined}>
        <div css={{ display: 'grid', columnGap: theme.space(6), gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {text('name', { required: true, autoComplete: 'organization' })}
          <div css={{ marginBottom: theme.space(4) }}>
            <Controller
              name="type"
              control={control}
              render={({ field }) => (
                <Select<string>
                  label={t('fields.type')}
                  options={typeOptions}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  placeholder={t('form.typePlaceholder')}
                  error={message(errors.type?.message)}
                  required
                />
              )}
            />
          </div>
          <div css={{ marginBottom: theme.space(4) }}>
            <Controller
              name="country"
              control={control}
              render={({ field }) => (
                <Select<string>
                  label={t('fields.country')}
                  options={countryOptions}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  placeholder={t('form.countryPlaceholder')}
                  error={message(errors.country?.message)}
                  required
                />
              )}
            />
          </div>
          {text('orgCode', { hint: t('form.orgCodeHint') })}
          {text('address', { autoComplete: 'street-address' })}
          {text('state', { autoComplete: 'address-level1' })}
          {text('city', { autoComplete: 'address-level2' })}
          {text('postCode', { hint: t('form.postCodeHint'), autoComplete: 'postal-code' })}
          {text('contact', { autoComplete: 'name' })}
          {text('contactEmail', { type: 'email', autoComplete: 'email' })}
          {text('contactNumber', { type: 'tel', autoComplete: 'tel' })}
          {text('website', { type: 'url', hint: t('form.websiteHint'), autoComplete: 'url' })}
        </div>
        {text('comment')}
        <LicenseUpload value={license} onChange={setLicense} onBusyChange={setUploading} disabled={isSubmitting} initialUploading={initialLicenseUpload} />
        <Actions>
          <Button type="submit" loading={isSubmitting} disabled={uploading}>
            {editing ? t('form.save') : t('form.create')}
          </Button>
          <Button variant="secondary" onClick={() => navigate('/')} disabled={isSubmitting}>
            {t('form.cancel')}
          </Button>
        </Actions>
      </form>
    </PageCard>
  );
}
