import { useTheme } from '@emotion/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, contrastProblems, effectiveColors, FORM_VALIDATION, LANGUAGE_CODES, languageByCode, Notice, PageCard, runConfirmed, Select, TextArea, TextField, toast, useConsole, useEditedBlur, useOps, type ContrastProblem } from '@portal/plugin-api';
import { ContrastReport } from './ContrastReport';
import { AUTH_METHODS, SERVICES_CALLS as C, servicePath, type BaseThemeColors, type ServiceItem, type ServiceSaved } from './contract';
import { ImageField } from './ImageField';
import { refusalOf, servicesError } from './messages';
import { RotateDialog, SecretShownDialog } from './SecretDialogs';
import { EMPTY_SERVICE, formValuesOf, previewInfoOf, serviceFieldsOf, serviceSchema, type ServiceFormValues } from './serviceForm';
import { ServicePreview } from './ServicePreview';
import { SlidesFields } from './SlidesFields';
import { ThemeFields } from './ThemeFields';

export interface ServiceEditorProps {
  /** The service to edit; none creates one. */
  service: ServiceItem | null;
  themes: BaseThemeColors[];
  /** Whether the operator may change it (`configure`); else the form only shows it. */
  editable: boolean;
  /** The service as saved, and the clients version that holds it (the base of the next edit). */
  onSaved: (saved: ServiceItem, version: number) => void;
  onClose: () => void;
  /** The clients version the service was read from: the server refuses (409) to save over another operator's change of it since. */
  baseVersion?: number | null;
  /** Stories and tests: start from these values. */
  initialValues?: Partial<ServiceFormValues>;
}

/** The live preview, fed from the whole form as the operator types. */
function LivePreview({ control }: { control: ReturnType<typeof useForm<ServiceFormValues>>['control'] }) {
  const values = useWatch({ control }) as ServiceFormValues;
  const info = useMemo(() => previewInfoOf({ ...EMPTY_SERVICE, ...values }), [values]);
  return <ServicePreview info={info} />;
}

/** Create or edit a connected service: its connection, branding and theme, with a live preview; saved with a reason. */
export function ServiceEditor({ service, themes, editable, onSaved, onClose, initialValues, baseVersion }: ServiceEditorProps) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-services', 'core']);
  const ops = useOps();
  const { confirm } = useConsole();
  const creating = service === null;
  const allowHttp = typeof window !== 'undefined' && window.location.protocol === 'http:';
  const resolver = useMemo(() => yupResolver(serviceSchema(allowHttp)) as unknown as Resolver<ServiceFormValues>, [allowHttp]);
  const defaults = useMemo(() => ({ ...(service ? formValuesOf(service) : EMPTY_SERVICE), ...initialValues }), [service, initialValues]);
  const { register: registerField, control, handleSubmit, setValue, trigger, formState } = useForm<ServiceFormValues>({ ...FORM_VALIDATION, resolver, defaultValues: defaults });
  const register = useEditedBlur(registerField, trigger);
  const { errors, isSubmitting } = formState;
  const confidential = useWatch({ control, name: 'confidential' });
  const [failure, setFailure] = useState<{ message: string; problems: string[]; contrast: ContrastProblem[] } | null>(null);
  const [shown, setShown] = useState<{ saved: ServiceSaved } | null>(null);
  const [rotating, setRotating] = useState(false);
  const disabled = !editable;
  const fieldError = (message: string | undefined) => (message ? t(`ops-services:errors.${message}` as 'ops-services:errors.refused') : undefined);
  const languages = [{ value: '', label: t('ops-services:fields.languageNone') }, ...LANGUAGE_CODES.map((code) => ({ value: code, label: languageByCode(code).nativeName }))];

  async function save(values: ServiceFormValues) {
    // What the server would refuse for contrast is said here first, with the same check.
    const base = themes.find((th) => th.name === values.themeName);
    const contrast = base ? contrastProblems(effectiveColors(base.colors, values.colors)) : [];
    if (contrast.length > 0) {
      setFailure({ message: t('ops-services:contrast.failTitle'), problems: [], contrast });
      return;
    }
    setFailure(null);
    const fields = serviceFieldsOf(values);
    try {
      const saved = creating
        ? await runConfirmed(() => ops.call<ServiceSaved>('POST', C.services, { service: fields, confidential: values.confidential, reason: values.reason.trim() }), confirm)
        : await runConfirmed(() => ops.call<ServiceSaved>('PUT', servicePath(service.id), { service: fields, reason: values.reason.trim(), ...(baseVersion ? { baseVersion } : {}) }), confirm);
      if (!saved) return;
      toast(t('ops-services:saved', { name: saved.service.name }), 'success');
      if (saved.secret) setShown({ saved });
      else onSaved(saved.service, saved.version);
    } catch (err) {
      // The form keeps every value: the operator corrects what the server named and saves again.
      const refusal = refusalOf(err);
      setFailure({ message: servicesError(err, t), problems: refusal?.problems ?? [], contrast: refusal?.contrast ?? [] });
    }
  }

  return (
    <form onSubmit={(e) => void handleSubmit(save)(e)} noValidate aria-labelledby="ops-service-editor" css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.space(6) }}>
      <PageCard id="ops-service-editor" level={1} title={creating ? t('ops-services:newTitle') : t('ops-services:editTitle', { name: service.name })} intro={t(editable ? 'ops-services:editIntro' : 'ops-services:readIntro')}>
        {failure && (
          <div css={{ marginBottom: theme.space(4), display: 'grid', gap: theme.space(2) }}>
            <Notice kind="error" role="alert">
              {failure.message}
              {failure.problems.length > 0 && (
                <ul dir="ltr" css={{ margin: `${theme.space(1)} 0 0`, paddingInlineStart: theme.space(5) }}>
                  {failure.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              )}
            </Notice>
            {failure.contrast.length > 0 && <ContrastReport problems={failure.contrast} />}
          </div>
        )}
        <h2 css={{ margin: `0 0 ${theme.space(3)}`, fontSize: theme.font.sizeLg }}>{t('ops-services:sections.connection')}</h2>
        <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 1fr))', gap: theme.space(3) }}>
          <TextField label={t('ops-services:fields.id')} required readOnly={!creating} valueWhenReadOnly dir="ltr" hint={creating ? t('ops-services:fields.idHint') : undefined} error={fieldError(errors.id?.message)} {...register('id')} disabled={disabled} />
          <TextField label={t('ops-services:fields.name')} required error={fieldError(errors.name?.message)} {...register('name')} disabled={disabled} />
        </div>
        <TextArea dir="ltr" label={t('ops-services:fields.redirectUris')} required hint={t('ops-services:fields.redirectUrisHint')} error={fieldError(errors.redirectUris?.message)} {...register('redirectUris')} disabled={disabled} />
        <TextArea dir="ltr" label={t('ops-services:fields.postLogoutRedirectUris')} hint={t('ops-services:fields.oneALine')} error={fieldError(errors.postLogoutRedirectUris?.message)} {...register('postLogoutRedirectUris')} disabled={disabled} />
        <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 1fr))', gap: theme.space(3) }}>
          <TextField label={t('ops-services:fields.backchannelLogoutUri')} type="url" error={fieldError(errors.backchannelLogoutUri?.message)} {...register('backchannelLogoutUri')} disabled={disabled} />
          <TextField label={t('ops-services:fields.serviceUrl')} type="url" hint={t('ops-services:fields.serviceUrlHint')} error={fieldError(errors.serviceUrl?.message)} {...register('serviceUrl')} disabled={disabled} />
        </div>
        <fieldset css={{ border: 0, padding: 0, margin: `0 0 ${theme.space(4)}` }}>
          <legend css={{ fontSize: theme.font.sizeSm, fontWeight: 600, marginBottom: theme.space(2) }}>{t('ops-services:fields.kind')}</legend>
          {creating ? (
            <Controller
              control={control}
              name="confidential"
              render={({ field }) => (
                <div css={{ display: 'grid', gap: theme.space(2) }}>
                  {[true, false].map((value) => (
                    <label key={String(value)} css={{ display: 'flex', gap: theme.space(2), alignItems: 'baseline' }}>
                      <input type="radio" name="confidential" checked={field.value === value} onChange={() => field.onChange(value)} disabled={disabled} />
                      <span>
                        <strong>{t(value ? 'ops-services:kinds.confidential' : 'ops-services:kinds.public')}</strong> — {t(value ? 'ops-services:kinds.confidentialHint' : 'ops-services:kinds.publicHint')}
                      </span>
                    </label>
                  ))}
                </div>
              )}
            />
          ) : (
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), alignItems: 'center' }}>
              <span>{t(service.confidential ? 'ops-services:kinds.confidential' : 'ops-services:kinds.public')}</span>
              {editable && (
                <Button size="sm" variant="secondary" onClick={() => setRotating(true)}>
                  {t(service.confidential ? 'ops-services:rotate.button' : 'ops-services:rotate.makeButton')}
                </Button>
              )}
            </div>
          )}
        </fieldset>
        <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 1fr))', gap: theme.space(3) }}>
          {confidential && (
            <Controller
              control={control}
              name="authMethod"
              render={({ field }) => <Select label={t('ops-services:fields.authMethod')} options={AUTH_METHODS.map((m) => ({ value: m, label: t(`ops-services:authMethods.${m}`) }))} value={field.value} onChange={(v) => field.onChange(v ?? 'client_secret_basic')} disabled={disabled} />}
            />
          )}
          <Checkbox label={t('ops-services:fields.refreshTokens')} {...register('refreshTokens')} disabled={disabled} />
        </div>
      </PageCard>

      <PageCard id="ops-service-branding" title={t('ops-services:sections.branding')} intro={t('ops-services:sections.brandingIntro')}>
        <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 1fr))', gap: theme.space(3) }}>
          <TextField label={t('ops-services:fields.title')} error={fieldError(errors.title?.message)} {...register('title')} disabled={disabled} />
          <Controller control={control} name="language" render={({ field }) => <Select label={t('ops-services:fields.language')} options={languages} value={field.value} onChange={(v) => field.onChange(v ?? '')} disabled={disabled} />} />
        </div>
        <Controller control={control} name="logoUrl" render={({ field }) => <ImageField label={t('ops-services:fields.logo')} value={field.value} onChange={field.onChange} error={fieldError(errors.logoUrl?.message)} disabled={disabled} />} />
        <Controller control={control} name="titleLogoUrl" render={({ field }) => <ImageField label={t('ops-services:fields.titleLogo')} value={field.value} onChange={field.onChange} error={fieldError(errors.titleLogoUrl?.message)} disabled={disabled} />} />
        <TextField label={t('ops-services:fields.signUpUrl')} error={fieldError(errors.signUpUrl?.message)} {...register('signUpUrl')} disabled={disabled} />
        <h3 css={{ margin: `${theme.space(2)} 0 ${theme.space(3)}`, fontSize: theme.font.sizeLg }}>{t('ops-services:sections.slides')}</h3>
        <SlidesFields control={control} register={register} disabled={disabled} />
      </PageCard>

      <PageCard id="ops-service-theme" title={t('ops-services:sections.theme')} intro={t('ops-services:sections.themeIntro')}>
        <ThemeFields control={control} register={register} setValue={setValue} themes={themes} disabled={disabled} />
      </PageCard>

      <PageCard id="ops-service-preview" title={t('ops-services:preview.title')}>
        <LivePreview control={control} />
      </PageCard>

      <PageCard id="ops-service-save" title={t('ops-services:sections.save')}>
        {editable && <TextField label={t('ops-services:fields.reason')} required hint={t('ops-services:fields.reasonHint')} error={fieldError(errors.reason?.message)} maxLength={500} {...register('reason')} />}
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3) }}>
          {editable && (
            <Button type="submit" loading={isSubmitting}>
              {creating ? t('ops-services:create') : t('ops-services:save')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('ops-services:back')}
          </Button>
        </div>
      </PageCard>

      {shown && (
        <SecretShownDialog
          serviceId={shown.saved.service.id}
          secret={shown.saved.secret!}
          previousUntil={shown.saved.service.previousSecretUntil}
          onClose={() => {
            const { service: saved, version } = shown.saved;
            setShown(null);
            onSaved(saved, version);
          }}
        />
      )}
      {rotating && service && (
        <RotateDialog
          service={service}
          onClose={() => setRotating(false)}
          onRotated={(saved) => {
            setRotating(false);
            setShown({ saved });
          }}
        />
      )}
    </form>
  );
}
