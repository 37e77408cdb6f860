import { useTheme } from '@emotion/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { object } from 'yup';
import {
  ApiError,
  Button,
  type EmailLanguageRequest,
  emailRule,
  type EmailSentData,
  ERROR_CODES,
  errorMessage,
  isAbortError,
  loginSessionHeaders,
  type LoginViewProps,
  type MailSentResult,
  messageKeyFor,
  Notice,
  type RateLimitedResult,
  TextField,
  translateDataKey,
  useCountdown,
  useHttp,
  useLoginPage,
  usePluginConfig,
  VisuallyHidden, toApiError,
  FORM_VALIDATION,
  useEditedBlur,
} from '@portal/plugin-api';
import { resetConfig } from './config';

/** The dialog code (headlessui) is fetched only when the reset mail failed (-5001). */
const Modal = lazy(() => import('@portal/plugin-api/modal').then((m) => ({ default: m.Modal })));

/** Codes whose message belongs on the email field (spec sections 5 and 8). */
export const EMAIL_FIELD_CODES: readonly number[] = [ERROR_CODES.userNotExistOnReset, ERROR_CODES.auditLogUserNotExist, ERROR_CODES.accountNotExist];
/** Seconds to wait after -11021 when the server does not say (spec section 9: reset email wait 60 s). */
export const RESET_WAIT_SECONDS = 60;

const schema = object({ email: emailRule() });
interface ResetForm {
  email: string;
}

type Announcement = { key: 'waitAnnounce'; seconds: number } | { key: 'waitOver' } | null;

function prefillFrom(data: unknown): string {
  const email = (data as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : '';
}

/** Login view 'reset': ask for a password reset email (POST /auth/password-reset-request). */
export default function ResetView({ goTo, data }: LoginViewProps) {
  const theme = useTheme();
  const { t, i18n } = useTranslation(['reset', 'core']);
  const http = useHttp();
  const page = useLoginPage();
  const [, navigate] = useLocation();
  const { supportUrl } = usePluginConfig(resetConfig);
  const wait = useCountdown();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [mailFailed, setMailFailed] = useState(false);
  const [announcement, setAnnouncement] = useState<Announcement>(null);

  const {
    register: registerField,
    trigger,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({ resolver: yupResolver(schema), ...FORM_VALIDATION, defaultValues: { email: prefillFrom(data) } });
  const register = useEditedBlur(registerField, trigger);

  // Tell screen readers once when the wait is over (the visible seconds are not announced each tick).
  const wasWaiting = useRef(false);
  useEffect(() => {
    if (wasWaiting.current && !wait.running) setAnnouncement({ key: 'waitOver' });
    wasWaiting.current = wait.running;
  }, [wait.running]);

  const onSubmit = async ({ email }: ResetForm) => {
    if (wait.running) return;
    setFailure(null);
    try {
      const body: EmailLanguageRequest = { email, language: i18n.language };
      const result = await http.post<MailSentResult>('/auth/password-reset-request', body, { auth: 'none', headers: loginSessionHeaders(page.query) });
      const next: EmailSentData = { email: result.email || email, purpose: 'reset', resendAfterSeconds: result.resendAfterSeconds };
      goTo('email', next);
    } catch (error) {
      if (isAbortError(error)) return;
      const apiError = toApiError(error);
      if (EMAIL_FIELD_CODES.includes(apiError.code)) {
        setError('email', { type: 'server', message: `core:errors.${messageKeyFor(apiError.code) ?? 'unknown'}` }, { shouldFocus: true });
      } else if (apiError.code === ERROR_CODES.resetMailWait) {
        const seconds = (apiError.result as Partial<RateLimitedResult> | undefined)?.retryAfterSeconds ?? RESET_WAIT_SECONDS;
        wait.start(seconds);
        setAnnouncement({ key: 'waitAnnounce', seconds: Math.ceil(seconds) });
      } else if (apiError.code === ERROR_CODES.resetMailFailed) {
        setMailFailed(true);
      } else {
        setFailure(apiError);
      }
    }
  };

  const emailError = errors.email?.message;
  // Sign-in needs a login session; a mailed link's page has none, so the authorize entry starts one.
  const backToSignIn = () => (page.query.get('session_code') || page.query.get('source') ? goTo('signIn') : navigate('/'));

  return (
    <section aria-labelledby="reset-heading" css={{ display: 'flex', flexDirection: 'column' }}>
      <h1 id="reset-heading" css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(2)}` }}>
        {t('title')}
      </h1>
      <p css={{ margin: `0 0 ${theme.space(5)}`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{t('intro')}</p>

      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label={t('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          error={emailError ? translateDataKey(t, emailError) : undefined}
          {...register('email')}
        />

        {wait.running && (
          <Notice kind="warning">
            <span data-testid="reset-wait">{t('wait', { seconds: wait.remaining })}</span>
          </Notice>
        )}
        {failure && (
          <Notice kind="error" role="alert">
            {errorMessage(failure, t)}
          </Notice>
        )}
        <VisuallyHidden role="status">
          {announcement?.key === 'waitAnnounce' && t('waitAnnounce', { count: announcement.seconds })}
          {announcement?.key === 'waitOver' && t('waitOver')}
        </VisuallyHidden>

        <Button type="submit" fullWidth size="lg" loading={isSubmitting} disabled={wait.running}>
          {t('submit')}
        </Button>
      </form>

      {page.hasView('signIn') && (
        <Button variant="text" onClick={backToSignIn} css={{ marginTop: theme.space(3), alignSelf: 'center' }}>
          {t('backToSignIn')}
        </Button>
      )}

      {mailFailed && (
        <Suspense fallback={null}>
          <Modal
            open
            kind="warning"
            onClose={() => setMailFailed(false)}
            onOk={() => setMailFailed(false)}
            description={t('core:errors.resetEmailFailed')}
          >
            <p css={{ margin: `${theme.space(3)} 0 0`, lineHeight: 1.5 }}>{t('failedHint')}</p>
            <p css={{ margin: `${theme.space(2)} 0 0` }}>
              <a href={supportUrl} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.primary, fontWeight: 600 }}>
                {t('contactSupport')}
                <VisuallyHidden> {t('opensNewWindow')}</VisuallyHidden>
              </a>
            </p>
          </Modal>
        </Suspense>
      )}
    </section>
  );
}

