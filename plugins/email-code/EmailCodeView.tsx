import { useTheme } from '@emotion/react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  type ApiError,
  Button,
  checkEmail,
  currentLanguage,
  ERROR_CODES,
  errorMessage,
  type FailedLoginResult,
  fetchAllowList,
  forgetMailLinkToken,
  formatLockDuration,
  handOffAfterSignIn,
  LinkChecking,
  type LockedData,
  type LoginRequest,
  type LoginResult,
  type LoginViewProps,
  mailLinkToken,
  Notice,
  renewedSessionCode,
  renewSessionCode,
  sessionCodeOf,
  SIGN_IN_FIELDS_POINT,
  signedInDestination,
  TextField,
  toast,
  translateDataKey,
  useCountdown,
  useInterruptibleCall,
  useLoginPage,
  usePortal,
  VisuallyHidden,
} from '@portal/plugin-api';
import { emailCodeDataOf, emailOf, type LinkToken, parseLinkToken, requestCode, type SendProblem, sendProblemOf } from './emailCodeApi';

/** Props of the view; `linkToken` stands in for the mailed link's fragment token (stories). */
export interface EmailCodeViewProps extends LoginViewProps {
  linkToken?: string | null;
}

/** What the view shows: the code's field, a mailed link signing in, or the address to mail a code to. */
type Mode =
  | { kind: 'code'; email: string; processId: string; expiresIn: number | null }
  | { kind: 'link'; link: LinkToken }
  | { kind: 'send'; linkExpired: boolean; otherBrowser?: boolean };

/** What went wrong, kept as data and worded at render time (a language switch re-words it). */
type Problem =
  | { kind: 'format' }
  | { kind: 'wrong'; remainAttempts: number | null }
  | { kind: 'lastAttempt'; lockedMinutes: number }
  | { kind: 'expired' }
  | { kind: 'send'; problem: SendProblem }
  | { kind: 'message'; error: ApiError };

/** Problems said on the code's field (its aria-describedby); the others are alerts above the buttons. */
const ON_FIELD: ReadonlySet<Problem['kind']> = new Set(['format', 'wrong', 'lastAttempt']);

interface CodeForm extends Record<string, string> {
  email: string;
  emailCode: string;
  emailCodeProcessId: string;
}

const SIX_DIGITS = /^\d{6}$/;

function initialMode(data: unknown, token: string | null): Mode {
  const mailed = emailCodeDataOf(data);
  if (mailed) return { kind: 'code', email: mailed.email, processId: mailed.processId, expiresIn: mailed.expiresIn };
  const link = parseLinkToken(token);
  if (link) return { kind: 'link', link };
  // A link whose token is cut or hand-made works no more than an expired one.
  return { kind: 'send', linkExpired: token !== null };
}

/**
 * Login view 'emailCode': the code mailed for this sign-in ("Email me a sign-in code" under the sign-in
 * form) or the mailed link (`/login?module=emailCode#token=…`) signs in through `POST /login` in place of
 * the password, with the steps the server asks on the way (MFA, region, captcha…). Opened without
 * either (a reload), it asks for the address to mail a code to.
 */
export default function EmailCodeView({ goTo, data, linkToken }: EmailCodeViewProps) {
  const theme = useTheme();
  const { t } = useTranslation(['email-code', 'core']);
  const { http, config, registry } = usePortal();
  const page = useLoginPage();
  const [, navigate] = useLocation();
  const ids = useId();
  const [token] = useState(() => (linkToken !== undefined ? linkToken : mailLinkToken()));
  const [mode, setMode] = useState<Mode>(() => initialMode(data, token));
  const [email, setEmail] = useState(() => (mode.kind === 'link' ? mode.link.email : emailOf(data)));
  const [emailError, setEmailError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);
  const [handingOff, setHandingOff] = useState(false);
  const wait = useCountdown(emailCodeDataOf(data)?.resendAfterSeconds);
  const codeRef = useRef<HTMLInputElement | null>(null);
  const emailRef = useRef<HTMLInputElement | null>(null);

  // The sign-in form's extra fields (a help desk's source) go along, as with a password.
  const extraFields = useMemo(() => {
    const fields: Record<string, string> = {};
    for (const owned of registry.getOwnedContributions(SIGN_IN_FIELDS_POINT)) {
      if (page.pluginAllowed(owned.pluginId)) Object.assign(fields, owned.value.fields(page.query) ?? {});
    }
    return fields;
  }, [registry, page]);

  const focusCode = (select = false) =>
    setTimeout(() => {
      codeRef.current?.focus();
      if (select) codeRef.current?.select();
    }, 0);

  const call = useInterruptibleCall<CodeForm, LoginResult>({
    call: 'signIn',
    exec: (form, extra) => {
      const body: LoginRequest & Record<string, unknown> = { ...form, language: currentLanguage(), ...extraFields, ...extra };
      // Read at each call: a renewed login session's code stands in for the query's.
      const sessionCode = sessionCodeOf(page.query);
      return http.post<LoginResult>('/login', body, { auth: 'none', headers: sessionCode ? { session_code: sessionCode } : {} });
    },
    onSuccess: async (result) => {
      forgetMailLinkToken();
      setHandingOff(true);
      if (!(await handOffAfterSignIn(result, http, config))) {
        setHandingOff(false);
        toast(t('core:errors.invalidServiceUrl'), 'error');
      }
    },
    onError: (error, form) => {
      const fromLink = !SIX_DIGITS.test(form.emailCode);
      // A link is used once, whatever came of it: what is left is its mail's code, or a new one.
      if (fromLink) forgetMailLinkToken();
      const failed = (error.result as Partial<FailedLoginResult> | undefined) ?? {};
      switch (error.code) {
        case ERROR_CODES.wrongCredentials: {
          const { remainAttempts, lockedMinutes } = failed;
          if (typeof remainAttempts === 'number' && remainAttempts <= 0) {
            goTo('locked', { lockedMinutes: lockedMinutes ?? 0, email: form.email } satisfies LockedData);
            return true;
          }
          if (fromLink) {
            setMode({ kind: 'send', linkExpired: true });
            return true;
          }
          setProblem(remainAttempts === 1 ? { kind: 'lastAttempt', lockedMinutes: lockedMinutes ?? 0 } : { kind: 'wrong', remainAttempts: typeof remainAttempts === 'number' ? remainAttempts : null });
          focusCode(true);
          return true;
        }
        case ERROR_CODES.accountLocked:
        case ERROR_CODES.tooManyRequests:
          goTo('locked', { lockedMinutes: failed.lockedMinutes ?? 0, email: form.email } satisfies LockedData);
          return true;
        case ERROR_CODES.verificationCodeInvalid:
          // A link opened in another browser than the one that asked (forwarded, another device):
          // it signs no one in here, and the person is told where it works.
          if (fromLink) setMode({ kind: 'send', linkExpired: true, otherBrowser: (error.result as { reason?: unknown } | undefined)?.reason === 'otherBrowser' });
          else setProblem({ kind: 'expired' });
          return true;
        case ERROR_CODES.tokenExpired: {
          // The login session expired: a code mailed for it finishes no other, so a new code it is.
          const fresh = renewedSessionCode(error);
          const old = sessionCodeOf(page.query);
          if (fresh && old) renewSessionCode(old, fresh);
          if (fromLink) setMode({ kind: 'send', linkExpired: true });
          else setProblem(fresh ? { kind: 'expired' } : { kind: 'message', error });
          return true;
        }
        case ERROR_CODES.loginSessionExists:
          // Signed in meanwhile (another tab): on to where the login page's guard would have sent it.
          void continueSignedIn();
          return true;
        default:
          if (fromLink) setMode({ kind: 'send', linkExpired: false });
          setProblem({ kind: 'message', error });
          return true;
      }
    },
    // Back from a step (MFA, region…): the code again; a link's sign-in goes on with its mail's code.
    onCancel: () => {
      setMode((m) => (m.kind === 'link' ? { kind: 'code', email: m.link.email, processId: m.link.processId, expiresIn: null } : m));
      focusCode();
    },
  });

  const continueSignedIn = async () => {
    setHandingOff(true);
    const destination = await signedInDestination(http, await fetchAllowList(http, config), page.query, window.location.origin);
    if (destination.kind === 'external') window.location.assign(destination.url);
    else navigate(destination.to, { replace: true });
  };

  // A mailed link signs in at once, once (a remount while it runs does not send it twice).
  const linkStarted = useRef(false);
  useEffect(() => {
    if (mode.kind !== 'link' || linkStarted.current) return;
    linkStarted.current = true;
    void call.start({ email: mode.link.email, emailCode: mode.link.linkToken, emailCodeProcessId: mode.link.processId });
  }, [mode, call]);

  // The cursor in the code's field when it appears (and for each new code).
  const processId = mode.kind === 'code' ? mode.processId : null;
  useEffect(() => {
    if (processId) codeRef.current?.focus();
  }, [processId]);

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (mode.kind !== 'code' || call.busy || handingOff) return;
    const typed = code.replace(/\s/g, '');
    if (!SIX_DIGITS.test(typed)) {
      setProblem({ kind: 'format' });
      codeRef.current?.focus();
      return;
    }
    setProblem(null);
    setResent(false);
    await call.start({ email: mode.email, emailCode: typed, emailCodeProcessId: mode.processId });
  };

  /** Mails a (new) code to `to`: the code's field for it, or why not. */
  const send = async (to: string) => {
    if (sending || wait.running) return;
    setSending(true);
    setResent(false);
    setProblem(null);
    try {
      const result = await requestCode(http, page.query, to);
      const wasCode = mode.kind === 'code';
      wait.start(result.resendAfterSeconds);
      setMode({ kind: 'code', email: to, processId: result.processId, expiresIn: result.expiresIn });
      if (wasCode) {
        // The code before no longer works: its digits go, and the field is ready for the new one.
        setCode('');
        setResent(true);
        focusCode();
      }
    } catch (error) {
      const found = sendProblemOf(error);
      if (!found) return;
      if (found.kind === 'rateLimited') wait.start(found.seconds);
      setProblem({ kind: 'send', problem: found });
    } finally {
      setSending(false);
    }
  };

  const submitEmail = async (e: FormEvent) => {
    e.preventDefault();
    const typed = email.trim();
    const invalid = checkEmail(typed);
    setEmailError(invalid);
    if (invalid) {
      emailRef.current?.focus();
      return;
    }
    await send(typed);
  };

  const backToSignIn = () => goTo('signIn', { email: mode.kind === 'code' ? mode.email : email.trim() });

  if (call.active?.presentation === 'inline') return call.outlet;

  if (mode.kind === 'link' || (handingOff && mode.kind !== 'code')) {
    return (
      <>
        <LinkChecking label={t('view.signingIn')} />
        {call.outlet}
      </>
    );
  }

  const fieldProblem = problem && ON_FIELD.has(problem.kind) ? problem : null;
  const alertProblem = problem && !ON_FIELD.has(problem.kind) ? problem : null;
  const problemText = (p: Problem): string => {
    switch (p.kind) {
      case 'format':
        return t('errors.codeFormat');
      case 'wrong':
        return p.remainAttempts === null ? t('errors.wrongCode') : `${t('errors.wrongCode')} ${t('errors.attemptsLeft', { count: p.remainAttempts })}`;
      case 'lastAttempt':
        return t('errors.lastAttempt', { duration: lockText(p.lockedMinutes) });
      case 'expired':
        return t('errors.expired');
      case 'send':
        return p.problem.kind === 'rateLimited' ? t('errors.rateLimited', { seconds: Math.max(wait.remaining, 1) }) : errorMessage(p.problem.error, t);
      case 'message':
        return errorMessage(p.error, t);
    }
  };
  const lockText = (minutes: number): string => {
    const d = formatLockDuration(minutes);
    const mins = (count: number) => t('errors.duration.minutes', { count });
    const hours = (count: number) => t('errors.duration.hours', { count });
    if (d.unit === 'minutes') return mins(d.minutes);
    if (d.unit === 'hours') return hours(d.hours);
    return t('errors.duration.hoursMinutes', { hours: hours(d.hours), minutes: mins(d.minutes) });
  };
  // A wait that is over says nothing more.
  const shownAlert = alertProblem?.kind === 'send' && alertProblem.problem.kind === 'rateLimited' && !wait.running ? null : alertProblem;
  const alertBox = shownAlert ? (
    <Notice kind={shownAlert.kind === 'send' && shownAlert.problem.kind === 'rateLimited' ? 'warning' : 'error'} role="alert">
      <span id={`${ids}-alert`}>{problemText(shownAlert)}</span>
    </Notice>
  ) : null;

  const back = page.hasView('signIn') ? (
    <Button variant="text" onClick={backToSignIn} css={{ marginTop: theme.space(3), alignSelf: 'center' }}>
      {t('view.back')}
    </Button>
  ) : null;
  const heading = { fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(2)}` };
  const intro = { margin: `0 0 ${theme.space(5)}`, color: theme.colors.textMuted, lineHeight: 1.5, overflowWrap: 'anywhere' as const };

  if (mode.kind === 'send') {
    return (
      <section aria-labelledby={`${ids}-heading`} css={{ display: 'flex', flexDirection: 'column' }}>
        <h1 id={`${ids}-heading`} css={heading}>
          {mode.otherBrowser ? t('view.linkOtherBrowser') : mode.linkExpired ? t('view.linkExpired') : t('view.sendTitle')}
        </h1>
        <p css={intro}>{mode.otherBrowser ? t('view.linkOtherBrowserText') : mode.linkExpired ? t('view.linkExpiredText') : t('view.sendIntro')}</p>
        <form noValidate onSubmit={(e) => void submitEmail(e)}>
          <TextField
            ref={emailRef}
            label={t('view.email')}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (emailError) setEmailError(checkEmail(e.target.value.trim()));
            }}
            error={emailError ? translateDataKey(t, emailError) : undefined}
          />
          {alertBox}
          <Button type="submit" fullWidth size="lg" loading={sending} disabled={wait.running && !sending}>
            {t('view.send')}
          </Button>
        </form>
        {back}
      </section>
    );
  }

  const minutes = mode.expiresIn === null ? null : Math.max(1, Math.round(mode.expiresIn / 60));
  return (
    <section aria-labelledby={`${ids}-heading`} css={{ display: 'flex', flexDirection: 'column' }}>
      <h1 id={`${ids}-heading`} css={heading}>
        {t('view.title')}
      </h1>
      <p css={intro}>{minutes === null ? t('view.typeCode', { email: mode.email }) : t('view.sent', { count: minutes, email: mode.email })}</p>
      <form noValidate onSubmit={(e) => void submitCode(e)} aria-describedby={shownAlert ? `${ids}-alert` : undefined}>
        <TextField
          ref={codeRef}
          label={t('view.code')}
          name="emailCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          spellCheck={false}
          dir="ltr"
          required
          value={code}
          onChange={(e) => {
            const next = e.target.value;
            setCode(next);
            if (problem?.kind === 'format' && SIX_DIGITS.test(next.replace(/\s/g, ''))) setProblem(null);
          }}
          error={fieldProblem ? problemText(fieldProblem) : undefined}
          css={{ '& input': { letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' } }}
        />
        {alertBox}
        <Button type="submit" fullWidth size="lg" loading={call.busy || handingOff}>
          {t('view.submit')}
        </Button>
      </form>
      <Button variant="text" onClick={() => void send(mode.email)} loading={sending} disabled={wait.running && !sending} css={{ marginTop: theme.space(3), alignSelf: 'center' }}>
        {wait.running ? t('view.resendIn', { seconds: wait.remaining }) : t('view.resend')}
      </Button>
      {back}
      <VisuallyHidden role="status">{resent ? t('view.resent') : ''}</VisuallyHidden>
      {call.outlet}
    </section>
  );
}

