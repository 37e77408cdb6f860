import { useTheme } from '@emotion/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useCallback, useEffect, useEffectEvent, useId, useMemo, useRef, useState, type FocusEvent } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { boolean, object, string } from 'yup';
import {
  activationMailSent,
  type ApiError,
  Button,
  Checkbox,
  CountryRegionSelect,
  emailRule,
  type EmailSentData,
  type SavedInvite as InviteInfo,
  isRegionCode,
  loadInvite,
  loginSessionHeaders,
  type LoginViewProps,
  MSG,
  nameRule,
  REGION_CODES,
  type RegionCode,
  type RegionLookupResult,
  regionOfCountry,
  type RegionWhiteList,
  registerPasswordRange,
  registerPasswordRule,
  registerPhoneRule,
  type RegisterRequest,
  type RegisterResult,
  StrengthMeter,
  termsRule,
  TextField,
  toast,
  translateDataKey,
  useHttp,
  useInterruptibleCall,
  useLoginPage,
  usePluginConfig,
  useRegionWhiteList,
  type TranslationKey,
  focusTargetCss,
  FORM_VALIDATION,
  useEditedBlur,
} from '@portal/plugin-api';
import { registerConfig } from './config';
import { RegisterMethods } from './RegisterMethods';
import { subscriptionDefault } from './subscription';
import { terminalUuid } from './terminal';

/** The register form (spec section 3); `regionCode` holds the chosen country/region code. */
export type RegisterFormValues = {
  email: string;
  password: string;
  regionCode: string;
  firstName: string;
  lastName: string;
  phone: string;
  subscription: boolean;
  terms: boolean;
};
type FieldName = keyof RegisterFormValues;

const FIELDS: readonly FieldName[] = ['email', 'password', 'regionCode', 'firstName', 'lastName', 'phone', 'subscription', 'terms'];

/** Password blur debounce (spec section 5): leaving and coming back within it validates nothing. */
export const PASSWORD_BLUR_DEBOUNCE_MS = 100;

const schema = object({
  email: emailRule(),
  // Reads `regionCode` of the same form: 10-32 for Singapore, else 8-32.
  password: registerPasswordRule('regionCode'),
  regionCode: string().required(MSG.regionRequired),
  firstName: nameRule(),
  lastName: nameRule(),
  phone: registerPhoneRule().default(''),
  subscription: boolean().required(),
  terms: termsRule(),
});

const rules = yupResolver(schema) as Resolver<RegisterFormValues>;

/** Server codes shown on a field instead of a toast. */
const FIELD_CODES: Record<number, { field: FieldName; message: TranslationKey }> = {
  [-20621]: { field: 'email', message: 'register:errors.emailTaken' },
  [-20200]: { field: 'email', message: 'core:errors.invalidEmail' },
  [-3063]: { field: 'password', message: 'core:errors.passwordFormat' },
  [-20615]: { field: 'password', message: 'core:errors.passwordFormat' },
  [-3065]: { field: 'password', message: 'core:errors.passwordCommon' },
  [-3069]: { field: 'regionCode', message: 'core:errors.regionCode' },
  [-3085]: { field: 'regionCode', message: 'core:errors.regionCode' },
  [-20206]: { field: 'regionCode', message: 'core:errors.regionCode' },
  // An invitation's registration in a country of another region: said to the invitee, not in the inviter's words.
  [-40014]: { field: 'regionCode', message: 'register:errors.otherRegion' },
};

const NO_COUNTRIES: RegionWhiteList = { Use: [], Aps: [], Euw: [] };

/** Only the countries of one data region (an invitation fixes the organization's region). */
function onlyRegion(list: RegionWhiteList, region: RegionCode): RegionWhiteList {
  return Object.fromEntries(REGION_CODES.map((r) => [r, r === region ? list[r] : []])) as RegionWhiteList;
}

/** The invitation this page was opened for (the /login guard stored it), if any. */
function currentInvite(query: URLSearchParams): InviteInfo | null {
  const invite = loadInvite();
  if (!invite || query.get('module') !== 'register' || query.get('inviteCode') !== invite.inviteCode) return null;
  return invite;
}

export interface RegisterFormProps extends LoginViewProps {
  /** Stories: start from these values (an invitation's email still wins). */
  initialValues?: Partial<RegisterFormValues>;
}

/** The login view 'register'. */
export default function RegisterView(props: LoginViewProps) {
  return <RegisterForm {...props} />;
}

export function RegisterForm({ goTo, initialValues }: RegisterFormProps) {
  const { t, i18n } = useTranslation(['register', 'core']);
  const theme = useTheme();
  const http = useHttp();
  const page = useLoginPage();
  const settings = usePluginConfig(registerConfig);
  const ids = useId();
  const [, navigate] = useLocation();

  const invite = useMemo(() => currentInvite(page.query), [page.query]);
  const inviteRegion = invite && isRegionCode(invite.orgRegion) ? invite.orgRegion : null;
  // Spec section 4: an invitation prefills the email and the region, both locked. The region is the
  // organization's country/region; a server that does not name it leaves the choice open within orgRegion.
  const lockedCountry = inviteRegion && invite?.orgCountry ? invite.orgCountry : null;
  const whiteList = useRegionWhiteList();
  const list = useMemo(() => (whiteList.list && inviteRegion ? onlyRegion(whiteList.list, inviteRegion) : whiteList.list), [whiteList.list, inviteRegion]);

  // Initial values only: later changes of the props do not reset a form being filled in.
  const [defaults] = useState<RegisterFormValues>(() => {
    const base = {
      email: '',
      password: '',
      regionCode: '',
      firstName: '',
      lastName: '',
      phone: '',
      terms: false,
      ...initialValues,
      ...(lockedCountry ? { regionCode: lockedCountry } : {}),
    };
    return {
      ...base,
      subscription: initialValues?.subscription ?? subscriptionDefault(base.regionCode),
      ...(invite ? { email: invite.invitedEmail } : {}),
    };
  });

  // A value the server refused keeps its message (blur included) until it is changed: sending it again would fail again.
  const refused = useRef<Partial<Record<FieldName, { value: unknown; message: string }>>>({});
  const resolver = useCallback<Resolver<RegisterFormValues>>(async (values, context, options) => {
    const result = await rules(values, context, options);
    const errors: FieldErrors<RegisterFormValues> = { ...result.errors };
    for (const [name, refusal] of Object.entries(refused.current) as Array<[FieldName, { value: unknown; message: string }]>) {
      if (values[name] !== refusal.value) delete refused.current[name];
      else if (!errors[name] && (!options.names || options.names.includes(name))) errors[name] = { type: 'server', message: refusal.message };
    }
    return Object.keys(errors).length ? { values: {}, errors } : result;
  }, []);

  const { register: registerField, control, handleSubmit, setValue, setError, getValues, getFieldState, trigger, watch, formState } = useForm<RegisterFormValues>({
    ...FORM_VALIDATION,
    resolver,
    defaultValues: defaults,
  });
  const register = useEditedBlur(registerField, trigger);
  const { errors } = formState;

  const countryChosen = useRef(defaults.regionCode !== '');
  const subscriptionTouched = useRef(initialValues?.subscription !== undefined);
  const [notice, setNotice] = useState<'alreadyActivated' | null>(null);

  /** Set the country; the subscription default follows it, and the password rule may change with it. */
  const applyCountry = (country: string | null, byUser: boolean) => {
    if (byUser) countryChosen.current = true;
    setValue('regionCode', country ?? '', { shouldDirty: byUser, shouldValidate: byUser });
    if (!subscriptionTouched.current) setValue('subscription', subscriptionDefault(country));
    const password = getFieldState('password');
    if (password.isTouched || password.error || formState.isSubmitted) void trigger('password');
  };

  // Without an invitation the visitor's region is looked up and preselected when it is on the list.
  const [visitor, setVisitor] = useState<RegionLookupResult | null>(null);
  useEffect(() => {
    let live = true;
    http.get<RegionLookupResult>('/accounts/region', { auth: 'none' }).then(
      (result) => live && setVisitor(result),
      () => undefined, // no default then: the user picks
    );
    return () => {
      live = false;
    };
  }, [http]);
  const suggestCountry = useEffectEvent((regions: NonNullable<typeof list>, country: string) => {
    if (countryChosen.current || getValues('regionCode')) return;
    if (regionOfCountry(regions, country)) applyCountry(country, false);
  });
  useEffect(() => {
    const country = visitor?.countryCode;
    if (list && country) suggestCountry(list, country);
  }, [list, visitor]);

  const call = useInterruptibleCall<RegisterFormValues, RegisterResult>({
    call: 'register',
    exec: (form, extra) => http.post<RegisterResult>('/register/captcha', requestBody(form, extra), { auth: 'none', headers: loginSessionHeaders(page.query) }),
    onSuccess: (result, form) => {
      const data: EmailSentData = { email: result.email || form.email, purpose: 'activation', viaInvite: result.activated };
      goTo('email', data);
    },
    onError: (error, form) => handleServerError(error, form),
  });

  function requestBody(form: RegisterFormValues, extra: Record<string, unknown>): RegisterRequest {
    const productLine = page.query.get('productLine');
    const topicSubscription = page.query.get('topicSubscription');
    return {
      email: form.email,
      password: form.password,
      regionCode: form.regionCode,
      firstName: form.firstName,
      lastName: form.lastName,
      ...(form.phone ? { phone: form.phone } : {}),
      subscription: form.subscription,
      ...(productLine ? { productLine } : {}),
      ...(topicSubscription ? { topicSubscription } : {}),
      language: i18n.language,
      terminalUUID: terminalUuid(),
      ...(invite ? { inviteCode: invite.inviteCode } : {}),
      ...extra,
    };
  }

  function refuse(field: FieldName, message: string) {
    refused.current[field] = { value: getValues(field), message };
    setError(field, { type: 'server', message }, { shouldFocus: true });
  }

  function handleServerError(error: ApiError, form: RegisterFormValues): boolean {
    if (error.code === -20602) {
      // Registered before and not activated: the server mailed the (new) link, or says how long until Resend can.
      goTo('email', activationMailSent(form.email, error));
      return true;
    }
    if (error.code === -20623) {
      setNotice('alreadyActivated');
      return true;
    }
    const onField = FIELD_CODES[error.code];
    if (onField) {
      refuse(onField.field, onField.message);
      return true;
    }
    if (error.code === -10020) {
      const field = (error.result as { field?: unknown } | undefined)?.field;
      if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) {
        refuse(field as FieldName, 'register:errors.invalidField');
        return true;
      }
    }
    return false; // the default handler's toast
  }

  /** Sign-in needs a login session; without one (an invitation link) the authorize entry starts it. */
  const toSignIn = () => {
    if (page.query.get('session_code') || page.query.get('source')) goTo('signIn');
    else navigate('/');
  };

  const onValid = (values: RegisterFormValues) => {
    setNotice(null);
    void call.start(values);
  };
  const onInvalid = (invalid: FieldErrors<RegisterFormValues>) => {
    // Spec section 8: terms not accepted is a warning, besides the message at the checkbox.
    if (invalid.terms) toast(t(MSG.termsRequired), 'warning');
  };

  // Registered in the order of the form: the first invalid field gets the focus on submit.
  const emailField = register('email');
  // Password: validate 100 ms after blur, unless the focus came back meanwhile.
  const passwordField = register('password');
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);
  const onPasswordBlur = (event: FocusEvent<HTMLInputElement>) => {
    clearTimeout(blurTimer.current);
    const input = event.currentTarget;
    blurTimer.current = setTimeout(() => {
      if (input.ownerDocument.activeElement !== input) void passwordField.onBlur(event);
    }, PASSWORD_BLUR_DEBOUNCE_MS);
  };

  const password = watch('password');
  const country = watch('regionCode');
  const range = registerPasswordRange(country);
  const showMeter = password.length >= range.min;
  // The server's list is longer than the meter's: a password it refused as common reads weak too.
  const refusedAsCommon = errors.password?.message === FIELD_CODES[-3065]!.message;
  const meterId = `${ids}-strength`;
  // A field's message is a key its rules or server-error table set (typed there).
  const message = (key: string | undefined) => (key ? translateDataKey(t, key) : undefined);
  const busy = call.busy;
  const inline = call.active?.presentation === 'inline';

  return (
    <>
      {inline && call.outlet}
      <section aria-labelledby={`${ids}-heading`} hidden={inline}>
        <h1 id={`${ids}-heading`} tabIndex={-1} css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(2)}`, ...focusTargetCss }}>
          {t('register:heading')}
        </h1>
        <p css={{ margin: `0 0 ${theme.space(5)}`, color: theme.colors.textMuted }}>{invite ? t('register:introInvited') : t('register:intro')}</p>

        <form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
          <TextField
            {...emailField}
            label={t('register:fields.email')}
            type="email"
            autoComplete="email"
            required
            readOnly={Boolean(invite)}
            // Locked by the invitation: it looks like a value, not like a field to type in.
            valueWhenReadOnly
            hint={invite ? t('register:emailLocked') : undefined}
            error={message(errors.email?.message)}
          />

          <TextField
            {...passwordField}
            onBlur={onPasswordBlur}
            onFocus={() => clearTimeout(blurTimer.current)}
            label={t('register:fields.password')}
            type="password"
            autoComplete="new-password"
            required
            hint={t('register:passwordHint', { min: range.min, count: range.max })}
            aria-describedby={showMeter ? meterId : undefined}
            error={message(errors.password?.message)}
          />
          {showMeter && <StrengthMeter id={meterId} password={password} refusedAsCommon={refusedAsCommon} />}

          {inviteRegion && !lockedCountry && (
            <p css={{ margin: `0 0 ${theme.space(2)}`, fontSize: theme.font.sizeSm }}>
              {t('register:regionLocked', { region: t(`core:regions.${inviteRegion}`) })}
            </p>
          )}
          {whiteList.failed ? (
            <div role="alert" css={{ marginBottom: theme.space(4), fontSize: theme.font.sizeSm, color: theme.colors.danger }}>
              <p css={{ margin: `0 0 ${theme.space(2)}` }}>{t('register:countriesFailed')}</p>
              <Button size="sm" variant="secondary" onClick={whiteList.retry}>
                {t('register:retry')}
              </Button>
            </div>
          ) : (
            <Controller
              name="regionCode"
              control={control}
              render={({ field, fieldState }) => (
                // Once the user is in the field, a late visitor default must not overwrite what they type.
                <div onFocusCapture={() => (countryChosen.current = true)}>
                  <CountryRegionSelect
                    list={list ?? NO_COUNTRIES}
                    value={field.value || null}
                    onChange={(next) => applyCountry(next, true)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    label={t('register:fields.country')}
                    required
                    disabled={!list || lockedCountry !== null}
                    note={lockedCountry ? t('register:countryLocked') : undefined}
                    error={message(fieldState.error?.message)}
                  />
                </div>
              )}
            />
          )}

          <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', columnGap: theme.space(3) }}>
            <TextField {...register('firstName')} label={t('register:fields.firstName')} autoComplete="given-name" required error={message(errors.firstName?.message)} />
            <TextField {...register('lastName')} label={t('register:fields.lastName')} autoComplete="family-name" required error={message(errors.lastName?.message)} />
          </div>

          <TextField {...register('phone')} label={t('register:fields.phone')} type="tel" inputMode="numeric" autoComplete="tel-national" error={message(errors.phone?.message)} />

          <Checkbox
            {...register('subscription', { onChange: () => (subscriptionTouched.current = true) })}
            label={t('register:subscription')}
          />
          <Checkbox
            {...register('terms')}
            aria-required="true"
            label={
              <Trans
                t={t}
                i18nKey="register:terms"
                components={{
                  terms: <a href={settings.termsUrl} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.primary }} />,
                  privacy: <a href={settings.privacyUrl} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.primary }} />,
                }}
              />
            }
            error={message(errors.terms?.message)}
          />

          {notice === 'alreadyActivated' && (
            <div
              role="alert"
              css={{ margin: `0 0 ${theme.space(4)}`, padding: theme.space(3), borderRadius: theme.radius.md, border: `1px solid ${theme.colors.info}`, fontSize: theme.font.sizeSm }}
            >
              <p css={{ margin: 0 }}>{t('register:alreadyActivated')}</p>
              {page.hasView('signIn') && (
                <Button size="sm" variant="secondary" onClick={toSignIn} css={{ marginTop: theme.space(2) }}>
                  {t('register:signIn')}
                </Button>
              )}
            </div>
          )}

          <Button type="submit" fullWidth size="lg" loading={busy}>
            {t('register:submit')}
          </Button>
        </form>
        {/* An invitation names its address: no other way of registering beside it. */}
        {invite ? null : <RegisterMethods />}

        {page.hasView('signIn') && (
          <p css={{ margin: `${theme.space(4)} 0 0`, textAlign: 'center', fontSize: theme.font.sizeSm }}>
            {t('register:haveAccount')}{' '}
            <Button variant="text" size="sm" onClick={toSignIn}>
              {t('register:signIn')}
            </Button>
          </p>
        )}
      </section>
      {!inline && call.outlet}
    </>
  );
}
