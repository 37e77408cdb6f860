import { useTheme } from '@emotion/react';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValidationError } from 'yup';
import {
  ApiError,
  Button,
  CodeInput,
  type EmailCodeRequest,
  type EmailCodeResult,
  ERROR_CODES,
  errorMessage,
  type InterruptProps,
  isAbortError,
  isValidationMessage,
  type MessageKey,
  MFA_TYPES,
  mfaCodeRule,
  MSG,
  type MfaErrorResult,
  type MfaRequiredResult,
  type MfaType,
  Notice,
  translateDataKey,
  useCountdown,
  useHttp,
  VisuallyHidden, toApiError } from '@portal/plugin-api';
import { AlternativeLink, PartLoading, StepPart, useOptionFields, useStepParts } from './stepParts';
import { OtherMethods } from './OtherMethods';
import { isPasskeyAlone, PasskeyAloneStep } from './PasskeyAloneStep';

/** Seconds between two email codes (spec sections 4 and 9: resend wait 60 s). */
export const EMAIL_RESEND_SECONDS = 60;
/** How long wrong codes lock verification when the server does not say (spec section 9). */
export const MFA_LOCK_MINUTES = 10;

const METHOD_NAMES: Record<MfaType, 'totp' | 'email'> = { [MFA_TYPES.totp]: 'totp', [MFA_TYPES.email]: 'email' };
const isMfaType = (value: unknown): value is MfaType => value === MFA_TYPES.email || value === MFA_TYPES.totp;

interface MfaInfo {
  methods: MfaType[];
  primary: MfaType;
  maskedEmail: string;
  processId: string;
}

/** The -20677 result, checked: methods with the primary first; null when unusable. */
export function readMfaInfo(result: unknown): MfaInfo | null {
  const r = result as Partial<MfaRequiredResult> | null | undefined;
  if (!r || typeof r.MFAProcessId !== 'string' || !r.MFAProcessId) return null;
  const supported = Array.isArray(r.supportedMFATypes) ? r.supportedMFATypes.filter(isMfaType) : [];
  const primary = isMfaType(r.primaryMFAType) && (supported.length === 0 || supported.includes(r.primaryMFAType)) ? r.primaryMFAType : supported[0];
  if (primary === undefined) return null;
  const methods = [primary, ...supported.filter((m, i) => m !== primary && supported.indexOf(m) === i)];
  return { methods, primary, maskedEmail: typeof r.MFAEmail === 'string' ? r.MFAEmail : '', processId: r.MFAProcessId };
}

/** A translation key with its values, or an error shown with its catalogue message (translated when shown, so a language switch re-translates). */
type Message = { key: MessageKey<'mfa'>; values?: Record<string, unknown> } | { error: ApiError };
type Notice =
  | { type: 'locked'; minutes: number }
  | { type: 'totpKey' }
  | { type: 'sendWait'; seconds: number }
  | { type: 'sendFailed'; error: ApiError };


/** Sign-in mode 'Mfa': the code step that -20677 opens in place of the sign-in form. */
export default function MfaStep(props: InterruptProps) {
  if (isPasskeyAlone(props.error.result)) return <PasskeyAloneStep {...props} />;
  const info = readMfaInfo(props.error.result);
  return info ? <MfaForm {...props} info={info} /> : <Expired cancel={props.cancel} />;
}

function MfaForm({ info, form, retry, cancel, error }: InterruptProps & { info: MfaInfo }) {
  const theme = useTheme();
  const challenge = error.result as MfaRequiredResult;
  const parts = useStepParts(challenge);
  const optionFields = useOptionFields();
  const [alternative, setAlternative] = useState<number | null>(null);
  const alternativeLinks = useRef<HTMLDivElement>(null);
  const { t, i18n } = useTranslation(['mfa', 'core']);
  const http = useHttp();
  const id = useId();
  const resend = useCountdown();

  const [method, setMethod] = useState<MfaType>(info.primary);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<Message | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [locked, setLocked] = useState(false);
  const [expired, setExpired] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  // With email as the primary method the server sent the first code along with -20677.
  const [emailSent, setEmailSent] = useState(info.primary === MFA_TYPES.email);
  const [announcement, setAnnouncement] = useState<{ key: MessageKey<'mfa'>; values?: Record<string, unknown> } | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ target: 'code' | 'notice' | 'useEmail'; n: number } | null>(null);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const codeBoxes = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const useEmailRef = useRef<HTMLButtonElement>(null);
  const requestFocus = (target: 'code' | 'notice' | 'useEmail') => setFocusRequest((f) => ({ target, n: (f?.n ?? 0) + 1 }));
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'code') codeBoxes.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
    if (focusRequest.target === 'notice') noticeRef.current?.focus();
    if (focusRequest.target === 'useEmail') (useEmailRef.current ?? noticeRef.current)?.focus();
  }, [focusRequest]);

  // Once, for the code the server sent with -20677.
  const startFirstWait = useEffectEvent(() => {
    if (info.primary === MFA_TYPES.email) resend.start(EMAIL_RESEND_SECONDS);
  });
  useEffect(() => startFirstWait(), []);

  // Screen readers hear when Resend works again; the seconds themselves are not announced each tick.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !resend.running && method === MFA_TYPES.email) setAnnouncement({ key: 'announce.resendReady' });
    wasRunning.current = resend.running;
  }, [resend.running, method]);

  const lock = (apiError: ApiError) => {
    const minutes = (apiError.result as MfaErrorResult | undefined)?.lockedMinutes ?? MFA_LOCK_MINUTES;
    setLocked(true);
    setCode('');
    setNotice({ type: 'locked', minutes });
    requestFocus('notice');
  };

  const sendEmailCode = async () => {
    setSending(true);
    setNotice((n) => (n?.type === 'sendFailed' || n?.type === 'sendWait' ? null : n));
    try {
      const body: EmailCodeRequest = { email: String(form.email ?? ''), type: 'LOGIN', mfaProcessId: info.processId, language: i18n.language };
      const result = await http.post<EmailCodeResult>('/email/code', body, { auth: 'none' });
      if (!mounted.current) return;
      const seconds = result?.resendAfterSeconds ?? EMAIL_RESEND_SECONDS;
      setEmailSent(true);
      resend.start(seconds);
      setCodeError((e) => (e && 'key' in e && e.key === 'resendTip' ? null : e));
      setAnnouncement({ key: 'announce.codeSent', values: { email: info.maskedEmail, count: seconds } });
    } catch (error) {
      if (isAbortError(error) || !mounted.current) return;
      const apiError = toApiError(error);
      if (apiError.code === ERROR_CODES.mfaProcessMissing) {
        setExpired(true);
      } else if (apiError.code === ERROR_CODES.rateLimited) {
        // A code went out less than a minute ago (server: 60 s between codes): that one still works.
        const seconds = (apiError.result as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? EMAIL_RESEND_SECONDS;
        setEmailSent(true);
        resend.start(seconds);
        setNotice({ type: 'sendWait', seconds: Math.ceil(seconds) });
      } else if (apiError.code === ERROR_CODES.mfaTooManyWrong) {
        lock(apiError);
      } else {
        setNotice({ type: 'sendFailed', error: apiError });
      }
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  const switchTo = (next: MfaType) => {
    if (next === method) return;
    setMethod(next);
    setCode('');
    setCodeError(null);
    setNotice((n) => (n?.type === 'locked' ? n : null));
    setAnnouncement({ key: next === MFA_TYPES.totp ? 'announce.totp' : 'announce.email', values: { email: info.maskedEmail } });
    // Choosing email sends a code, unless one went out less than the resend wait ago.
    if (next === MFA_TYPES.email && !resend.running && !locked) void sendEmailCode();
  };

  const onRetryError = (apiError: ApiError) => {
    const result = apiError.result as MfaErrorResult | undefined;
    switch (apiError.code) {
      case ERROR_CODES.mfaCodeError:
        setCode('');
        setCodeError(typeof result?.remainAttempts === 'number' ? { key: 'wrongCode', values: { attempts: result.remainAttempts } } : { key: 'core:errors.mfaCodeError' });
        requestFocus('code');
        break;
      case ERROR_CODES.verificationCodeInvalid:
        setCode('');
        setCodeError({ key: 'resendTip' });
        requestFocus('code');
        break;
      case ERROR_CODES.mfaTooManyWrong:
        lock(apiError);
        break;
      case ERROR_CODES.totpSecretExpired:
      case ERROR_CODES.totpSecretMissing:
        setCode('');
        setNotice({ type: 'totpKey' });
        requestFocus('useEmail');
        break;
      case ERROR_CODES.mfaProcessMissing:
        setExpired(true);
        break;
      default:
        // -20683 (method not enabled) and anything else the step is handed: inline at the code.
        setCode('');
        setCodeError({ error: apiError });
        requestFocus('code');
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || locked) return;
    try {
      mfaCodeRule().validateSync(code);
    } catch (error) {
      const { message } = error as ValidationError;
      setCodeError({ key: isValidationMessage(message) ? message : MSG.mfaCode });
      requestFocus('code');
      return;
    }
    setSubmitting(true);
    setCodeError(null);
    setNotice((n) => (n?.type === 'totpKey' ? null : n));
    try {
      await retry({ ...optionFields.merged, mfaType: method, code, mfaProcessId: info.processId });
      // Still here: a step over this one (the captcha) was closed. The code is where to go on.
      if (mounted.current) requestFocus('code');
    } catch (error) {
      if (mounted.current && !isAbortError(error)) onRetryError(toApiError(error));
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  if (expired) return <Expired cancel={cancel} />;

  const busy = submitting || locked;
  const options = parts.options.map((part, i) => (
    <StepPart
      key={`${part.pluginId}-${i}`}
      part={part}
      props={{ challenge, form, busy, setFields: optionFields.setterFor(i), submit: () => Promise.resolve(), back: () => undefined, cancel, options: null }}
    />
  ));

  const open = alternative === null ? undefined : parts.alternatives[alternative];
  if (open) {
    const submitAlternative = async (fields: Record<string, unknown>) => {
      try {
        await retry({ ...optionFields.merged, ...fields, mfaProcessId: info.processId });
      } catch (failure) {
        if (mounted.current && failure instanceof ApiError && failure.code === ERROR_CODES.mfaProcessMissing) setExpired(true);
        throw failure;
      }
    };
    return (
      <StepPart
        part={open}
        fallback={<PartLoading />}
        props={{
          challenge,
          form,
          busy: false,
          submit: submitAlternative,
          back: () => {
            setAlternative(null);
            requestFocus('code');
          },
          cancel,
          options,
        }}
      />
    );
  }

  const say = (m: Message) => ('error' in m ? errorMessage(m.error, t) : translateDataKey(t, m.key, m.values));
  const isEmail = method === MFA_TYPES.email;
  const emailSupported = info.methods.includes(MFA_TYPES.email);
  const hintId = `${id}-hint`;

  return (
    <section aria-labelledby={`${id}-heading`} css={{ display: 'flex', flexDirection: 'column' }}>
      <h1 id={`${id}-heading`} css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(2)}` }}>
        {t('title')}
      </h1>
      <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{t('intro')}</p>

      {info.methods.length > 1 && (
        <fieldset css={{ border: 0, padding: 0, margin: `0 0 ${theme.space(4)}`, minWidth: 0 }}>
          <legend css={{ padding: 0, marginBottom: theme.space(2), fontSize: theme.font.sizeSm, fontWeight: 600 }}>{t('methodLegend')}</legend>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2) }}>
            {info.methods.map((m) => {
              const checked = m === method;
              return (
                <label
                  key={m}
                  css={{
                    flex: '1 1 160px',
                    display: 'flex',
                    alignItems: 'center',
                    gap: theme.space(2),
                    padding: `${theme.space(2)} ${theme.space(3)}`,
                    border: `1px solid ${checked ? theme.colors.primary : theme.colors.border}`,
                    boxShadow: checked ? `inset 0 0 0 1px ${theme.colors.primary}` : undefined,
                    borderRadius: theme.radius.md,
                    background: theme.colors.surface,
                    cursor: 'pointer',
                    fontSize: theme.font.sizeSm,
                    '&:focus-within': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
                  }}
                >
                  <input
                    type="radio"
                    name={`${id}-method`}
                    value={m}
                    checked={checked}
                    disabled={submitting}
                    onChange={() => switchTo(m)}
                    css={{ margin: 0, accentColor: theme.colors.primary, outline: 'none' }}
                  />
                  <span css={{ fontWeight: checked ? 600 : 400 }}>{t(`method.${METHOD_NAMES[m]}`)}</span>
                  {m === info.primary && (
                    <span
                      css={{
                        marginInlineStart: 'auto',
                        padding: `0 ${theme.space(2)}`,
                        borderRadius: theme.radius.sm,
                        background: theme.colors.background,
                        color: theme.colors.textMuted,
                        fontSize: theme.font.sizeSm,
                      }}
                    >
                      {t('primary')}
                    </span>
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      <p id={hintId} css={{ margin: `0 0 ${theme.space(4)}`, lineHeight: 1.5 }}>
        {info.methods.length === 1 && <strong css={{ display: 'block' }}>{t(`method.${METHOD_NAMES[method]}`)}</strong>}
        {isEmail
          ? sending && !emailSent
            ? t('emailSending', { email: info.maskedEmail })
            : emailSent
              ? t('emailHint', { email: info.maskedEmail })
              : t('emailNotSent', { email: info.maskedEmail })
          : t('totpHint')}
      </p>

      <form noValidate onSubmit={onSubmit}>
        <div ref={codeBoxes}>
          <CodeInput
            label={t(isEmail ? 'codeLabel.email' : 'codeLabel.totp')}
            value={code}
            onChange={(next) => {
              setCode(next);
              if (codeError) setCodeError(null);
            }}
            error={codeError ? say(codeError) : undefined}
            disabled={locked}
            autoFocus
          />
        </div>

        {isEmail && (
          <div css={{ margin: `-${theme.space(2)} 0 ${theme.space(4)}` }}>
            <Button variant="secondary" size="sm" loading={sending} disabled={resend.running || locked} onClick={() => void sendEmailCode()}>
              {resend.running ? t('resendIn', { seconds: resend.remaining }) : emailSent ? t('resend') : t('sendCode')}
            </Button>
          </div>
        )}

        {notice && (
          <Notice role="alert" kind={notice.type === 'sendWait' ? 'info' : notice.type === 'locked' ? 'error' : 'warning'} boxRef={noticeRef}>
            {notice.type === 'locked' && t('lockedTip', { count: notice.minutes })}
            {notice.type === 'sendWait' && t('sendWait', { seconds: notice.seconds })}
            {notice.type === 'sendFailed' && errorMessage(notice.error, t)}
            {notice.type === 'totpKey' && (
              <>
                {t(emailSupported ? 'totpKeyTipEmail' : 'totpKeyTip')}
                {emailSupported && !isEmail && (
                  <span css={{ display: 'block', marginTop: theme.space(2) }}>
                    <Button ref={useEmailRef} variant="secondary" size="sm" onClick={() => switchTo(MFA_TYPES.email)}>
                      {t('useEmail')}
                    </Button>
                  </span>
                )}
              </>
            )}
          </Notice>
        )}

        {options}

        <Button type="submit" fullWidth size="lg" loading={submitting} disabled={locked}>
          {t('submit')}
        </Button>
      </form>
      <OtherMethods result={error.result as MfaRequiredResult} retry={retry} />

      {parts.alternatives.length > 0 && (
        <div ref={alternativeLinks} css={{ display: 'flex', flexDirection: 'column', alignItems: 'center', marginTop: theme.space(3) }}>
          {parts.alternatives.map((part, i) => (
            <AlternativeLink key={`${part.pluginId}-${i}`} part={part} disabled={submitting} onOpen={() => setAlternative(i)} />
          ))}
        </div>
      )}

      <Button variant="text" onClick={cancel} css={{ marginTop: theme.space(3), alignSelf: 'center' }}>
        {t('back')}
      </Button>

      <VisuallyHidden role="status">{announcement ? translateDataKey(t, announcement.key, announcement.values) : null}</VisuallyHidden>
    </section>
  );
}

/** The process is gone (-20681): nothing to verify any more; sign in again. */
function Expired({ cancel }: { cancel: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['mfa', 'core']);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <section aria-labelledby="mfa-expired-heading" css={{ display: 'flex', flexDirection: 'column' }}>
      <h1 id="mfa-expired-heading" css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(4)}` }}>
        {t('title')}
      </h1>
      <Notice role="alert" kind="error" focusable>{t('expired')}</Notice>
      <Button ref={back} fullWidth size="lg" onClick={cancel}>
        {t('back')}
      </Button>
    </section>
  );
}

