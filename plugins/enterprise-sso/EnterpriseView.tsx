import { useTheme } from '@emotion/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiError,
  Button,
  Checkbox,
  CountryRegionSelect,
  currentLanguage,
  ERROR_CODES,
  errorMessage,
  forgetMailLinkToken,
  handOffAfterSignIn,
  LinkChecking,
  type LoginRequest,
  type LoginResult,
  type LoginViewProps,
  mailLinkToken,
  Notice,
  sessionCodeOf,
  TextField,
  toast,
  useInterruptibleCall,
  useLoginPage,
  usePortal,
  useRegionWhiteList,
} from '@portal/plugin-api';
import type { FlowResult, NewAccountRequest } from './contract';

/** Props of the view; `proof` and `failure` stand in for the address's fragment (stories, tests). */
export interface EnterpriseViewProps extends LoginViewProps {
  proof?: string | null;
  failure?: FlowResult['error'] | null;
}

type Failure = NonNullable<FlowResult['error']> | 'invalid';

/** `#error=…` the server put in the address when the provider's answer failed: read once, then taken out. */
function takeFailure(): Failure | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const error = fragment.get('error');
  if (error === null) return null;
  fragment.delete('error');
  const rest = fragment.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`);
  return error === 'denied' || error === 'provider' || error === 'domain' || error === 'expired' ? error : 'provider';
}

const NO_COUNTRIES = { Use: [], Aps: [], Euw: [] };

/**
 * Back from the company's provider (`/login?module=enterprise#token=<proof>`): signs in with the
 * proof (a linked identity), links it with the ID's password, or makes a new ID first; each
 * through the form's own call, so the second factor, region and policy steps follow as after a
 * password. A failed answer says why, with the way back.
 */
export default function EnterpriseView({ goTo, proof: givenProof, failure: givenFailure }: EnterpriseViewProps) {
  const theme = useTheme();
  const { t } = useTranslation(['enterprise-sso', 'core']);
  const { http, config } = usePortal();
  const page = useLoginPage();
  const [proof] = useState(() => (givenProof !== undefined ? givenProof : mailLinkToken()));
  const [failure, setFailure] = useState<Failure | null>(() => (givenFailure !== undefined ? givenFailure : takeFailure()) ?? (proof ? null : 'invalid'));
  const [flow, setFlow] = useState<FlowResult | null>(null);
  const [handingOff, setHandingOff] = useState(false);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const sessionHeaders = () => {
    const code = sessionCodeOf(page.query);
    return code ? { session_code: code } : undefined;
  };

  const call = useInterruptibleCall<{ email: string; password?: string }, LoginResult>({
    call: 'signIn',
    exec: (form, extra) => {
      const body: LoginRequest & Record<string, unknown> = { ...form, externalProof: proof ?? '', language: currentLanguage(), ...extra };
      return http.post<LoginResult>('/login', body, { auth: 'none', headers: sessionHeaders() });
    },
    onSuccess: async (result) => {
      forgetMailLinkToken();
      setHandingOff(true);
      if (!(await handOffAfterSignIn(result, http, config))) {
        setHandingOff(false);
        toast(t('core:errors.invalidServiceUrl'), 'error');
      }
    },
    onError: (error) => {
      if (error.code === ERROR_CODES.invalidToken || error.code === ERROR_CODES.tokenExpired) {
        forgetMailLinkToken();
        setFailure('invalid');
        return true;
      }
      setProblem(error);
      return true;
    },
  });

  // Read what the provider's answer became; a linked identity signs in at once.
  useEffect(() => {
    if (!proof || failure) return;
    let live = true;
    http
      .post<FlowResult>('/login/enterprise/flow', { proof }, { auth: 'none', headers: sessionHeaders() })
      .then((read) => {
        if (!live) return;
        if (read.status === 'failed') return setFailure('invalid');
        setFlow(read);
        if (read.status === 'linked') void call.start({ email: read.email });
      })
      .catch(() => live && setFailure('invalid'));
    return () => {
      live = false;
    };
  }, [proof]); // eslint-disable-line react-hooks/exhaustive-deps -- read once per proof

  if (call.active?.presentation === 'inline') return call.outlet;

  const back = (
    <Button type="button" variant="secondary" fullWidth onClick={() => goTo('signIn')} css={{ marginTop: theme.space(4) }}>
      {t('back')}
    </Button>
  );

  if (failure) {
    return (
      <section aria-labelledby="enterprise-title">
        <h1 id="enterprise-title" css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(4)}` }}>
          {flow?.company ? t('title', { company: flow.company }) : t('failedTitle')}
        </h1>
        <Notice kind="error" role="alert">
          {t(`failed.${failure}`)}
        </Notice>
        {back}
      </section>
    );
  }

  if (!flow || flow.status === 'linked') {
    return (
      <>
        <LinkChecking label={t('finishing')} />
        {problem ? (
          <>
            <Notice kind="error" role="alert">
              {errorMessage(problem, t)}
            </Notice>
            {back}
          </>
        ) : null}
        {call.outlet}
      </>
    );
  }

  return (
    <section aria-labelledby="enterprise-title">
      <h1 id="enterprise-title" css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(4)}` }}>
        {flow.status === 'link' ? t('link.title') : t('create.title')}
      </h1>
      {flow.status === 'link' ? (
        <LinkForm flow={flow} busy={call.busy || handingOff} problem={problem} onSubmit={(password) => (setProblem(null), call.start({ email: flow.email, password }))} />
      ) : (
        <CreateForm
          flow={flow}
          proof={proof ?? ''}
          busy={call.busy || handingOff}
          problem={problem}
          onProblem={setProblem}
          onExpired={() => setFailure('invalid')}
          onCreated={() => {
            setProblem(null);
            return call.start({ email: flow.email });
          }}
        />
      )}
      {back}
      {call.outlet}
    </section>
  );
}

/** An ID of this address exists: its password, once, links the company's sign-in to it. */
function LinkForm({ flow, busy, problem, onSubmit }: { flow: FlowResult; busy: boolean; problem: ApiError | null; onSubmit(password: string): Promise<void> }) {
  const theme = useTheme();
  const { t } = useTranslation(['enterprise-sso', 'core']);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) void onSubmit(password).then(() => setPassword(''));
  };
  return (
    <form noValidate onSubmit={submit}>
      <p css={{ margin: `0 0 ${theme.space(4)}` }}>{t('link.intro', { email: flow.email, company: flow.company })}</p>
      {problem ? (
        <Notice kind="error" role="alert">
          {errorMessage(problem, t)}
        </Notice>
      ) : null}
      <input type="email" name="username" autoComplete="username" value={flow.email} readOnly hidden />
      <TextField label={t('link.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
      <Button type="submit" fullWidth disabled={!password || busy} loading={busy} css={{ marginTop: theme.space(5) }}>
        {t('link.submit')}
      </Button>
    </form>
  );
}

/** No ID yet: the names the provider gave, the country/region (the company's by default) and the policy. */
function CreateForm({ flow, proof, busy, problem, onProblem, onCreated, onExpired }: { flow: FlowResult; proof: string; busy: boolean; problem: ApiError | null; onProblem(error: ApiError | null): void; onCreated(): Promise<void>; onExpired(): void }) {
  const theme = useTheme();
  const { t } = useTranslation(['enterprise-sso', 'core']);
  const { http } = usePortal();
  const page = useLoginPage();
  const whiteList = useRegionWhiteList();
  const [firstName, setFirstName] = useState(flow.givenName ?? '');
  const [lastName, setLastName] = useState(flow.familyName ?? '');
  const [country, setCountry] = useState<string | null>(flow.country ?? null);
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);
  const [creating, setCreating] = useState(false);
  const [joined, setJoined] = useState(true);
  const [made, setMade] = useState(false);
  const missing = { firstName: !firstName.trim(), lastName: !lastName.trim(), country: !country, privacy: !accepted };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(missing).some(Boolean) || !country) return;
    setCreating(true);
    onProblem(null);
    const code = sessionCodeOf(page.query);
    const body: NewAccountRequest = { proof, firstName: firstName.trim(), lastName: lastName.trim(), country, acceptPrivacyVersion: flow.privacy?.version ?? 0, language: currentLanguage() };
    try {
      // Made already (the sign-in after it failed): only the sign-in again, never a second ID.
      if (!made) {
        const answer = await http.post<{ email: string; joined: boolean }>('/login/enterprise/account', body, { auth: 'none', headers: code ? { session_code: code } : undefined });
        setMade(true);
        setJoined(answer.joined);
      }
      await onCreated();
    } catch (error) {
      // This sign-in at the company is spent or expired: no ID can come of it any more.
      if ((error as ApiError).code === ERROR_CODES.invalidToken) return onExpired();
      // What was typed stays; the problem is said above the button.
      onProblem(error as ApiError);
    } finally {
      setCreating(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <p css={{ margin: `0 0 ${theme.space(4)}` }}>{t('create.intro', { company: flow.company, email: flow.email })}</p>
      {!joined ? (
        <Notice kind="info" role="status">
          {t('create.otherRegion', { company: flow.company })}
        </Notice>
      ) : null}
      <div css={{ display: 'grid', gap: theme.space(4) }}>
        <TextField label={t('create.firstName')} autoComplete="given-name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} error={tried && missing.firstName ? t('core:validation.required') : undefined} />
        <TextField label={t('create.lastName')} autoComplete="family-name" required value={lastName} onChange={(e) => setLastName(e.target.value)} error={tried && missing.lastName ? t('core:validation.required') : undefined} />
        <CountryRegionSelect list={whiteList.list ?? NO_COUNTRIES} value={country} onChange={setCountry} label={t('create.country')} required disabled={!whiteList.list} error={tried && missing.country ? t('core:validation.required') : undefined} />
        <Checkbox
          label={
            <>
              {t('create.privacy')}{' '}
              {flow.privacy?.url ? (
                <a href={flow.privacy.url} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.primary }}>
                  {t('create.privacyLink')}
                </a>
              ) : null}
            </>
          }
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
          error={tried && missing.privacy ? t('create.privacyRequired') : undefined}
        />
      </div>
      {problem ? (
        <div css={{ marginTop: theme.space(4) }}>
          <Notice kind="error" role="alert">
            {errorMessage(problem, t)}
          </Notice>
        </div>
      ) : null}
      <Button type="submit" fullWidth loading={creating || busy} css={{ marginTop: theme.space(5) }}>
        {t('create.submit')}
      </Button>
    </form>
  );
}
