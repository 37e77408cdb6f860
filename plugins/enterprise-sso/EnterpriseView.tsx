import { useTheme } from '@emotion/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiError,
  Button,
  errorMessage,
  ExternalCreateForm,
  ExternalLinkForm,
  LinkChecking,
  type LoginViewProps,
  mailLinkToken,
  Notice,
  sessionCodeOf,
  useExternalProofSignIn,
  useLoginPage,
  usePortal,
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

/**
 * Back from the company's provider (`/login?module=enterprise#token=<proof>`): signs in with the
 * proof (a linked identity), links it with the ID's password, or makes a new ID first; each
 * through the form's own call, so the second factor, region and policy steps follow as after a
 * password. A failed answer says why, with the way back.
 */
export default function EnterpriseView({ goTo, proof: givenProof, failure: givenFailure }: EnterpriseViewProps) {
  const theme = useTheme();
  const { t } = useTranslation(['enterprise-sso', 'core']);
  const { http } = usePortal();
  const page = useLoginPage();
  const [proof] = useState(() => (givenProof !== undefined ? givenProof : mailLinkToken()));
  const [failure, setFailure] = useState<Failure | null>(() => (givenFailure !== undefined ? givenFailure : takeFailure()) ?? (proof ? null : 'invalid'));
  const [flow, setFlow] = useState<FlowResult | null>(null);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [joined, setJoined] = useState(true);
  const sessionHeaders = () => {
    const code = sessionCodeOf(page.query);
    return code ? { session_code: code } : undefined;
  };
  const { call, handingOff } = useExternalProofSignIn({ proof, sessionCode: sessionCodeOf(page.query), onSpent: () => setFailure('invalid'), onProblem: setProblem });

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
        {/* A failed sign-in says so alone: no "finishing" beside it. */}
        {problem ? null : <LinkChecking label={t('finishing')} />}
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
        <ExternalLinkForm
          intro={t('link.intro', { email: flow.email, company: flow.company })}
          passwordLabel={t('link.password')}
          submitLabel={t('link.submit')}
          email={flow.email}
          busy={call.busy || handingOff}
          problem={problem}
          onSubmit={(password) => (setProblem(null), call.start({ email: flow.email, password }))}
        />
      ) : (
        <ExternalCreateForm
          intro={t('create.intro', { company: flow.company, email: flow.email })}
          notice={joined ? null : t('create.otherRegion', { company: flow.company })}
          texts={{ firstName: t('create.firstName'), lastName: t('create.lastName'), country: t('create.country'), privacy: t('create.privacy'), privacyLink: t('create.privacyLink'), privacyRequired: t('create.privacyRequired'), submit: t('create.submit') }}
          {...(flow.givenName ? { givenName: flow.givenName } : {})}
          {...(flow.familyName ? { familyName: flow.familyName } : {})}
          {...(flow.country ? { country: flow.country } : {})}
          {...(flow.privacy ? { privacy: flow.privacy } : {})}
          busy={call.busy || handingOff}
          problem={problem}
          onProblem={setProblem}
          onExpired={() => setFailure('invalid')}
          create={async (fields) => {
            const code = sessionCodeOf(page.query);
            const body: NewAccountRequest = { proof: proof ?? '', ...fields };
            const answer = await http.post<{ email: string; joined: boolean }>('/login/enterprise/account', body, { auth: 'none', headers: code ? { session_code: code } : undefined });
            setJoined(answer.joined);
          }}
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
