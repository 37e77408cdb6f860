import { useTheme } from '@emotion/react';
import { type FormEvent, Suspense, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  activationMailSent,
  Button,
  checkEmail,
  checkLoginPassword,
  clearInviteRefusal,
  currentLanguage,
  errorMessage,
  fetchAllowList,
  type FieldChecks,
  handOffAfterSignIn,
  inviteRefusal,
  lazyView,
  type LockedData,
  type LoginRequest,
  type LoginResult,
  type LoginViewProps,
  PluginBoundary,
  renewSessionCode,
  sessionCodeOf,
  SIGN_IN_FIELDS_POINT,
  SIGN_IN_METHOD_POINT,
  SIGN_IN_REALM_POINT,
  signedInDestination,
  type SignInRealmMatch,
  type SignInMethod,
  type SignInMethodProps,
  TextField,
  toast,
  useInterruptibleCall,
  useLightForm,
  useLoginPage,
  usePortal,
} from '@portal/plugin-api';
import { useAfterForm } from './afterForm';
import { mayFocusOnLoad } from './focusOnLoad';
import { lockText } from './lockText';
import { ReauthHeading, UseAnotherAccount } from './ReauthNotice';
import { signInOutcome, type SignInAlert } from './signInAlert';

interface SignInForm extends Record<string, string> {
  email: string;
  password: string;
}

const checks: FieldChecks<SignInForm> = { email: checkEmail, password: checkLoginPassword };
/** The pause in typing after which the form asks where an address signs in (ms). */
const REALM_PAUSE_MS = 400;

/** Kept across a restart of an expired login session, so the address need not be typed again. */
const REMEMBERED_EMAIL = 'uid.signIn.email';

function initialEmail(query: URLSearchParams, data: unknown): string {
  const fromData = (data as { email?: unknown } | undefined)?.email;
  if (typeof fromData === 'string') return fromData;
  const remembered = sessionStorage.getItem(REMEMBERED_EMAIL);
  if (remembered) {
    sessionStorage.removeItem(REMEMBERED_EMAIL);
    return remembered;
  }
  return query.get('email') ?? '';
}

/** The sign-in form (spec sections 2, 4, 8): the default login view. */
export default function SignInView({ goTo, data }: LoginViewProps) {
  const theme = useTheme();
  const { t } = useTranslation(['sign-in', 'core']);
  const { http, config, registry } = usePortal();
  const page = useLoginPage();
  const [, navigate] = useLocation();
  const [alert, setAlert] = useState<SignInAlert | null>(() => {
    const activated = page.query.get('activated');
    if (activated === '1') return { kind: 'activated' };
    if (activated === '0') return { kind: 'activationFailed' };
    const invite = inviteRefusal();
    return invite ? { kind: 'invite', reason: invite } : null;
  });
  // Said once: a later visit to sign-in (or a reload) is plain sign-in.
  useEffect(() => clearInviteRefusal(), []);
  const [handingOff, setHandingOff] = useState(false);

  // A service asked the signed-in account for its password again (the server says which account).
  const reauth = page.pageInfo?.reauthenticate ?? null;
  const [defaults] = useState<SignInForm>(() => ({ email: reauth?.email ?? initialEmail(page.query, data), password: '' }));
  const { values, errors, field, setValue, focus, handleSubmit } = useLightForm<SignInForm>(checks, defaults);
  const { email, password } = values;

  // The cursor in the first empty field on load, where that does not pop up a keyboard (focusOnLoad.ts);
  // not when the user is already somewhere else on the page.
  const focusOnLoad = useEffectEvent(() => {
    if (reauth || !mayFocusOnLoad(window, theme.breakpoints.mobile)) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    focus(defaults.email ? 'password' : 'email');
  });
  useEffect(() => focusOnLoad(), []);

  // Home realm discovery: an address its company signs in elsewhere shows the way there, no password.
  const realms = useMemo(() => registry.getOwnedContributions(SIGN_IN_REALM_POINT).filter((owned) => page.pluginAllowed(owned.pluginId)), [registry, page]);
  const [realm, setRealm] = useState<{ email: string; match: SignInRealmMatch } | null>(null);
  const asked = useRef(0);
  const findRealm = async (address: string): Promise<SignInRealmMatch | null> => {
    for (const { value } of realms) {
      // A realm that fails (or throws at once) names nothing: the password field stays, the server still enforces.
      let asking: Promise<SignInRealmMatch | null>;
      try {
        asking = value.find(address, { http, sessionCode: sessionCodeOf(page.query) });
      } catch {
        asking = Promise.resolve(null);
      }
      const match = await asking.catch(() => null);
      if (match) return match;
    }
    return null;
  };
  useEffect(() => {
    const address = email.trim();
    // Asked once the address looks complete, after a pause in typing; a later answer replaces an earlier one.
    if (realms.length === 0 || reauth || checkEmail(address) !== null) {
      setRealm(null);
      return;
    }
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      void findRealm(address).then((match) => {
        if (ask === asked.current) setRealm(match ? { email: address, match } : null);
      });
    }, REALM_PAUSE_MS);
    return () => clearTimeout(timer);
    // findRealm reads the current realms and page; the address is what changes.
  }, [email, realms]); // eslint-disable-line react-hooks/exhaustive-deps -- asked again when the address changes
  const realmHere = realm !== null && realm.email === email.trim() ? realm.match : null;

  const extraFields = useMemo(() => {
    const fields: Record<string, string> = {};
    let standsIn = false;
    for (const owned of registry.getOwnedContributions(SIGN_IN_FIELDS_POINT)) {
      if (!page.pluginAllowed(owned.pluginId)) continue;
      const more = owned.value.fields(page.query);
      if (more) {
        Object.assign(fields, more);
        standsIn ||= owned.value.standsInForSessionCode === true;
      }
    }
    return { fields, standsIn };
  }, [registry, page]);

  const call = useInterruptibleCall<SignInForm & Record<string, unknown>, LoginResult>({
    call: 'signIn',
    exec: (form, extra) => {
      // Another method (a passkey) signs in with its own fields in place of the password.
      const { email: typed, password: given, ...method } = form;
      const body: LoginRequest & Record<string, unknown> = {
        email: typed.trim(),
        ...(given === '' && Object.keys(method).length > 0 ? {} : { password: given }),
        language: currentLanguage(),
        ...extraFields.fields,
        ...method,
        ...extra,
      };
      // Read at each call: a renewed login session's code (the page was open too long) stands in for the query's.
      const sessionCode = sessionCodeOf(page.query);
      return http.post<LoginResult>('/login', body, { auth: 'none', headers: sessionCode ? { session_code: sessionCode } : {} });
    },
    onSuccess: async (result) => {
      setHandingOff(true);
      if (!(await handOffAfterSignIn(result, http, config))) {
        setHandingOff(false);
        toast(t('core:errors.invalidServiceUrl'), 'error');
      }
    },
    onError: (error, form) => {
      const outcome = signInOutcome(error);
      if (!outcome) return false;
      if ('alert' in outcome) {
        setAlert(outcome.alert);
        if (outcome.alert.kind === 'wrongCredentials' || outcome.alert.kind === 'lastAttempt') {
          setValue('password', '');
          focus('password');
        }
      } else if ('continueSignedIn' in outcome) {
        setAlert({ kind: 'message', error, tone: 'info' });
        void continueSignedIn();
      } else if ('renewed' in outcome) {
        // Everything typed stays (the password too): only the page's login session is new.
        const old = sessionCodeOf(page.query);
        if (old) renewSessionCode(old, outcome.renewed);
        setAlert({ kind: 'pageExpired' });
      } else if ('restart' in outcome) {
        sessionStorage.setItem(REMEMBERED_EMAIL, form.email);
        toast(errorMessage(error, t), 'info');
        navigate('/');
      } else if (outcome.goTo === 'locked') {
        goTo('locked', { lockedMinutes: outcome.lockedMinutes ?? 0, email: form.email } satisfies LockedData);
      } else {
        goTo('email', activationMailSent(form.email.trim(), error));
      }
      return true;
    },
    // Back from MFA, region or a dismissed step: the form again, without the password.
    onCancel: () => {
      setValue('password', '');
      setTimeout(() => focus('password'), 0);
    },
  });

  // Signed in meanwhile (another tab): where the login page's guard would have sent the browser.
  const continueSignedIn = async () => {
    setHandingOff(true);
    const destination = await signedInDestination(http, await fetchAllowList(http, config), page.query, window.location.origin);
    if (destination.kind === 'external') window.location.assign(destination.url);
    else navigate(destination.to, { replace: true });
  };

  const submit = handleSubmit(async (form) => {
    setAlert(null);
    // The address as checked: without the spaces around it (also what is remembered or passed on).
    await call.start({ ...form, email: form.email.trim() });
  });

  // An address its company signs in elsewhere goes there; one typed and sent at once (before the
  // pause) is asked now, so no password is asked where its company signs in.
  const submitOrLeave = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (realms.length > 0 && !reauth && checkEmail(address) === null && !call.busy) {
      setHandingOff(true);
      const elsewhere = realmHere ?? (await findRealm(address));
      if (elsewhere) {
        setRealm({ email: address, match: elsewhere });
        setAlert(null);
        elsewhere.go();
        return;
      }
      setHandingOff(false);
    }
    await submit();
  };

  const methods = useMemo(
    () =>
      registry
        .getOwnedContributions(SIGN_IN_METHOD_POINT)
        .filter((owned) => page.pluginAllowed(owned.pluginId))
        .sort((a, b) => a.value.order - b.value.order),
    [registry, page],
  );
  const methodsStart = useAfterForm();
  const signInWith = async (fields: { email: string } & Record<string, string>) => {
    setAlert(null);
    await call.start({ ...fields, password: '' });
  };

  const canSubmit = email.trim() !== '' && (password !== '' || realmHere !== null) && !call.busy && !handingOff;
  const inline = call.active?.presentation === 'inline';
  const signUpUrl = externalSignUp(page.pageInfo?.signUpUrl);

  return (
    <>
      {inline ? (
        call.outlet
      ) : (
        <form onSubmit={(e) => void submitOrLeave(e)} noValidate aria-describedby={alert ? 'sign-in-alert' : undefined}>
          {reauth ? <ReauthHeading service={page.pageInfo?.clientName ?? null} /> : <h1 css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(6)}` }}>{t('title')}</h1>}
          {alert ? <AlertBox alert={alert} /> : null}
          <div css={{ display: 'grid', gap: theme.space(4) }}>
            <TextField
              label={t('email')}
              type="email"
              // "webauthn": a method (passkeys) offers its credentials in this field's autofill.
              autoComplete={methods.some((m) => m.value.autofill) ? 'username webauthn' : 'username'}
              inputMode="email"
              required
              error={errors.email ? t(errors.email) : undefined}
              {...field('email')}
              // The account being asked is fixed (another one goes through "use another account").
              readOnly={reauth !== null}
              css={reauth ? { '& input': { color: theme.colors.textMuted, background: theme.colors.background } } : undefined}
            />
            {realmHere ? (
              <p role="status" css={{ margin: 0, color: theme.colors.textMuted }}>
                {t('realmNote', { name: realmHere.name })}
              </p>
            ) : null}
            {/* "Forgot password?" belongs to the password: right under it, not after the form's fields. */}
            <div hidden={realmHere !== null}>
              <TextField
                label={t('password')}
                type="password"
                autoComplete="current-password"
                autoFocus={reauth !== null}
                required
                error={errors.password ? t(errors.password) : undefined}
                {...field('password')}
                css={page.hasView('reset') ? { marginBottom: theme.space(1) } : undefined}
              />
              {page.hasView('reset') ? (
                <div css={{ textAlign: 'end' }}>
                  <Button type="button" variant="text" size="sm" onClick={() => goTo('reset', { email: email.trim() })}>
                    {t('forgotPassword')}
                  </Button>
                </div>
              ) : null}
            </div>
          </div>
          <Button type="submit" fullWidth disabled={!canSubmit} loading={call.busy || handingOff} css={{ marginTop: theme.space(5) }}>
            {realmHere ? t('continueWith', { name: realmHere.name }) : t('submit')}
          </Button>
          {(realmHere ? [] : methods).map(({ pluginId, value }) => (
            // The room it takes is kept while it starts, so its arrival moves nothing.
            <div key={pluginId} css={{ minHeight: value.height }}>
              {methodsStart ? <SignInMethodSlot pluginId={pluginId} method={value} signIn={signInWith} busy={call.busy || handingOff} email={email.trim()} /> : null}
            </div>
          ))}
          {reauth ? <UseAnotherAccount /> : null}
          {!reauth && (signUpUrl || page.hasView('register')) ? (
            <p css={{ marginTop: theme.space(6), textAlign: 'center', color: theme.colors.textMuted }}>
              {t('noAccount')}{' '}
              {signUpUrl ? (
                <a href={signUpUrl} css={{ color: theme.colors.primary, fontWeight: 600 }}>
                  {t('createAccount')}
                </a>
              ) : (
                <Button type="button" variant="text" onClick={() => goTo('register')}>
                  {t('createAccount')}
                </Button>
              )}
            </p>
          ) : null}
        </form>
      )}
      {!inline ? call.outlet : null}
    </>
  );
}

/**
 * A client's own sign-up page, if it has one. The portal's register module (`/login?module=register`
 * on this origin) is the register view itself: that one opens in place (when the view exists).
 */
export function externalSignUp(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const ownRegister = parsed.origin === window.location.origin && parsed.pathname === '/login';
  if (ownRegister) return null; // the register view (if this page has it) is linked in place
  return parsed.toString();
}

function SignInMethodSlot({ pluginId, method, ...props }: { pluginId: string; method: SignInMethod } & SignInMethodProps) {
  const Method = lazyView(method.component);
  return (
    <PluginBoundary pluginId={pluginId}>
      {/* Nothing while it loads: the form must not jump. */}
      <Suspense fallback={null}>
        <Method {...props} />
      </Suspense>
    </PluginBoundary>
  );
}

function AlertBox({ alert }: { alert: SignInAlert }) {
  const theme = useTheme();
  const { t } = useTranslation(['sign-in', 'core']);
  let text: string;
  let tone: 'error' | 'warning' | 'info' | 'success' = 'error';
  switch (alert.kind) {
    case 'wrongCredentials':
      text = alert.remainAttempts === null ? t('core:errors.wrongCredentials') : t('attemptsLeft', { count: alert.remainAttempts, message: t('core:errors.wrongCredentials') });
      break;
    case 'lastAttempt':
      tone = 'warning';
      text = t('lastAttempt', { duration: lockText(t, alert.lockedMinutes) });
      break;
    case 'message':
      tone = alert.tone;
      text = errorMessage(alert.error, t);
      break;
    case 'secondFactorOff':
      tone = 'error';
      text = t('secondFactorOff');
      break;
    case 'activated':
      tone = 'success';
      text = t('activated');
      break;
    case 'pageExpired':
      tone = 'warning';
      text = t('pageExpired');
      break;
    case 'activationFailed':
      text = t('activationFailed');
      break;
    case 'enterpriseRequired':
      text = t('enterpriseRequired', { company: alert.company });
      break;
    case 'closed':
      tone = 'warning';
      text = t('closed');
      break;
    case 'invite':
      tone = alert.reason === 'accepted' || alert.reason === 'registered' ? 'info' : 'warning';
      text = t(`invite.${alert.reason}`);
      break;
  }
  const color = { error: theme.colors.danger, warning: theme.colors.warning, info: theme.colors.info, success: theme.colors.success }[tone];
  return (
    <div
      id="sign-in-alert"
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      css={{ border: `1px solid ${color}`, color, borderRadius: theme.radius.md, padding: theme.space(3), marginBottom: theme.space(4), background: theme.colors.surface }}
    >
      {text}
    </div>
  );
}
