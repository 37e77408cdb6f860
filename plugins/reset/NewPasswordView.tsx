import { useTheme } from '@emotion/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { object, ref, string } from 'yup';
import {
  EmailAddress,
  longValueCss,
  type ApiError,
  Button,
  ERROR_CODES,
  errorMessage,
  forgetMailLinkToken,
  isAbortError,
  LinkChecking,
  LinkSection,
  type LoginViewProps,
  type MailLinkProblem,
  type MailLinkReason,
  type MailLinkResult,
  mailLinkToken,
  MSG,
  Notice,
  type PasswordResetRequest,
  registerPasswordRange,
  registerPasswordRule,
  type ResetLinkInfo,
  signInAfterMailLink,
  StrengthMeter,
  TextField,
  toApiError,
  translateDataKey,
  usePortal,
  useRenewMailLink,
  focusTargetCss,
  FORM_VALIDATION,
  useEditedBlur,
} from '@portal/plugin-api';
import { RESET_WAIT_SECONDS } from './ResetView';

/** The new-password form; `country` is the account's (Singapore: 10 to 32). */
interface NewPasswordForm {
  password: string;
  confirmPassword: string;
  country: string;
}

const schema = object({
  country: string().default(''),
  password: registerPasswordRule('country'),
  confirmPassword: string()
    .required(MSG.required)
    .oneOf([ref('password')], MSG.passwordMismatch),
});
const rules = yupResolver(schema) as unknown as Resolver<NewPasswordForm>;

/** Why the page cannot set a password: the server's reason, or no token at all (a reload, a cut link). */
export type LinkProblem = MailLinkReason | 'missing';

export type NewPasswordState =
  | { kind: 'checking' }
  | { kind: 'checkFailed'; error: ApiError }
  | { kind: 'form'; link: ResetLinkInfo }
  | { kind: 'done'; result: MailLinkResult }
  | { kind: 'problem'; problem: LinkProblem };

const PASSWORD_CODES: readonly number[] = [ERROR_CODES.invalidPasswordFormat, -20615];

function problemOf(error: ApiError): LinkProblem | null {
  if (error.code !== ERROR_CODES.tokenExpired) return null;
  const reason = (error.result as Partial<MailLinkProblem> | undefined)?.reason;
  return reason === 'expired' || reason === 'used' ? reason : 'invalid';
}

/**
 * Login view 'newPassword': the page the reset mail links to (`/login?module=newPassword`).
 * It checks the link, asks for the new password twice (show-password toggle, strength meter,
 * the register form's rules, inline errors), and ends with a way to sign in to the service the
 * reset started from. A dead link offers a new mail. `initialState` and `linkToken`: stories.
 */
export default function NewPasswordView(props: LoginViewProps & { initialState?: NewPasswordState; linkToken?: string }) {
  const { goTo, initialState, linkToken } = props;
  const { t } = useTranslation(['reset', 'core']);
  const { http, config } = usePortal();
  const [, navigate] = useLocation();
  const [token] = useState(() => linkToken ?? mailLinkToken());
  const [state, setState] = useState<NewPasswordState>(() => initialState ?? (token ? { kind: 'checking' } : { kind: 'problem', problem: 'missing' }));
  const [attempt, setAttempt] = useState(0);

  // Checked once per attempt; the state itself moves on from 'checking'.
  const checking = useEffectEvent(() => state.kind === 'checking');
  useEffect(() => {
    if (!checking() || !token) return;
    const controller = new AbortController();
    http.post<ResetLinkInfo>('/password-reset/check', { token }, { auth: 'none', signal: controller.signal }).then(
      (link) => setState({ kind: 'form', link }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        const apiError = toApiError(error);
        const problem = problemOf(apiError);
        setState(problem ? { kind: 'problem', problem } : { kind: 'checkFailed', error: apiError });
      },
    );
    return () => controller.abort();
  }, [attempt, token, http]);

  const signIn = (result: MailLinkResult) => signInAfterMailLink(result, { http, config, navigate });

  switch (state.kind) {
    case 'checking':
      return <LinkChecking label={t('newPassword.checking')} />;
    case 'checkFailed':
      return (
        <LinkSection title={t('newPassword.title')} muted>
          <Notice kind="error" role="alert">
            {errorMessage(state.error, t)}
          </Notice>
          <Button fullWidth size="lg" onClick={() => (setState({ kind: 'checking' }), setAttempt((n) => n + 1))}>
            {t('newPassword.retry')}
          </Button>
        </LinkSection>
      );
    case 'form':
      return (
        <PasswordForm
          token={token!}
          link={state.link}
          onDone={(result) => {
            forgetMailLinkToken();
            setState({ kind: 'done', result });
          }}
          onProblem={(problem) => setState({ kind: 'problem', problem })}
        />
      );
    case 'done':
      return (
        <LinkSection title={t('newPassword.doneTitle')} muted>
          <p role="status" css={{ margin: 0 }}>
            {t('newPassword.doneText')}
          </p>
          <p data-testid="reset-address" css={{ fontWeight: 600, ...longValueCss }}>
            <EmailAddress value={state.result.email} />
          </p>
          <Button fullWidth size="lg" onClick={() => void signIn(state.result)}>
            {t('newPassword.signIn')}
          </Button>
        </LinkSection>
      );
    case 'problem':
      return <LinkProblemView problem={state.problem} token={token} goTo={goTo} />;
  }
}

/** `announce`: the intro is a status message (a result the page switched to by itself). */
function PasswordForm({ token, link, onDone, onProblem }: { token: string; link: ResetLinkInfo; onDone(result: MailLinkResult): void; onProblem(problem: LinkProblem): void }) {
  const theme = useTheme();
  const { t } = useTranslation(['reset', 'core']);
  const { http } = usePortal();
  const ids = useId();
  const [failure, setFailure] = useState<ApiError | null>(null);
  /** The password the server refused as commonly used: the meter reads it weak while it stays. */
  const [refusedAsCommon, setRefusedAsCommon] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const {
    register: registerField,
    trigger,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({ resolver: rules, ...FORM_VALIDATION, defaultValues: { password: '', confirmPassword: '', country: link.country ?? '' } });
  const register = useEditedBlur(registerField, trigger);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSubmit = async (form: NewPasswordForm) => {
    setFailure(null);
    try {
      const body: PasswordResetRequest = { token, password: form.password, confirmPassword: form.confirmPassword };
      onDone(await http.post<MailLinkResult>('/password-reset', body, { auth: 'none' }));
    } catch (error) {
      if (isAbortError(error)) return;
      const apiError = toApiError(error);
      const problem = problemOf(apiError);
      if (problem) return onProblem(problem);
      if (PASSWORD_CODES.includes(apiError.code)) {
        setError('password', { type: 'server', message: 'core:errors.passwordFormat' }, { shouldFocus: true });
      } else if (apiError.code === ERROR_CODES.commonPassword) {
        setRefusedAsCommon(form.password);
        setError('password', { type: 'server', message: 'core:errors.passwordCommon' }, { shouldFocus: true });
      } else if (apiError.code === ERROR_CODES.invalidParameter && (apiError.result as { field?: unknown } | undefined)?.field === 'confirmPassword') {
        setError('confirmPassword', { type: 'server', message: MSG.passwordMismatch }, { shouldFocus: true });
      } else {
        setFailure(apiError); // nothing typed is lost: the form stays as it was
      }
    }
  };

  const password = watch('password');
  const range = registerPasswordRange(link.country ?? undefined);
  const meterId = `${ids}-strength`;
  const showMeter = password.length >= range.min;
  // A field's message is a key its rules or server-error table set (typed there).
  const message = (key: string | undefined) => (key ? translateDataKey(t, key) : undefined);

  return (
    <LinkSection title={t('reset:newPassword.title')} text={t('reset:newPassword.intro')} muted>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-describedby={`${ids}-account`}>
        <p id={`${ids}-account`} css={{ margin: `0 0 ${theme.space(4)}` }}>
          {t('reset:newPassword.forAccount')} <strong css={longValueCss}>
            <EmailAddress value={link.email} />
          </strong>
        </p>
        {/* For password managers: which account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <TextField
          {...register('password')}
          label={t('reset:newPassword.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('reset:newPassword.passwordHint', { min: range.min, count: range.max })}
          aria-describedby={showMeter ? meterId : undefined}
          error={message(errors.password?.message)}
        />
        {showMeter && <StrengthMeter id={meterId} password={password} refusedAsCommon={password === refusedAsCommon} />}
        <TextField
          {...register('confirmPassword')}
          label={t('reset:newPassword.confirm')}
          type="password"
          autoComplete="new-password"
          required
          error={message(errors.confirmPassword?.message)}
        />
        {failure && (
          <div ref={failureRef} tabIndex={-1} css={focusTargetCss}>
            <Notice kind="error" role="alert">
              {errorMessage(failure, t)}
            </Notice>
          </div>
        )}
        <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
          {t('reset:newPassword.submit')}
        </Button>
      </form>
    </LinkSection>
  );
}

/** Expired or used: a new mail for the same account in one click. Unknown or missing: the reset form. */
function LinkProblemView({ problem, token, goTo }: { problem: LinkProblem; token: string | null; goTo: LoginViewProps['goTo'] }) {
  const { t } = useTranslation(['reset', 'core']);
  const { renew, sending, failure, wait } = useRenewMailLink({
    path: '/password-reset/renew',
    purpose: 'reset',
    token,
    goTo,
    waitCode: ERROR_CODES.resetMailWait,
    waitSeconds: RESET_WAIT_SECONDS,
    onRefused: (error) => {
      if (!problemOf(error)) return false;
      goTo('reset');
      return true;
    },
  });
  const renewable = token !== null && (problem === 'expired' || problem === 'used');


  return (
    <LinkSection title={t(`reset:newPassword.problem.${problem}.title`)} text={t(`reset:newPassword.problem.${problem}.text`)} announce muted>
      {wait.running && (
        <Notice kind="warning" role="status">
          {t('reset:wait', { seconds: wait.remaining })}
        </Notice>
      )}
      {failure && (
        <Notice kind="error" role="alert">
          {failure.code === ERROR_CODES.resetMailFailed ? t('core:errors.resetEmailFailed') : errorMessage(failure, t)}
        </Notice>
      )}
      {renewable ? (
        <Button fullWidth size="lg" loading={sending} disabled={wait.running} onClick={() => void renew()}>
          {t('reset:newPassword.sendNewLink')}
        </Button>
      ) : (
        <Button fullWidth size="lg" onClick={() => goTo('reset')}>
          {t('reset:newPassword.requestNewLink')}
        </Button>
      )}
    </LinkSection>
  );
}
