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
import { isSocialProvider, type SocialFailure, type SocialFlowResult, type SocialProvider } from './contract';
import { PROVIDER_NAMES, socialApi } from './socialApi';

/** Props of the view; `proof`, `failure` and `provider` stand in for the address's fragment (stories, tests). */
export interface SocialViewProps extends LoginViewProps {
  proof?: string | null;
  failure?: Failure | null;
  provider?: SocialProvider | null;
}

type Failure = Exclude<SocialFailure, 'taken'> | 'invalid';
const FAILURES: readonly Failure[] = ['denied', 'provider', 'unverified', 'expired'];

/** `#error=…&provider=…` the server put in the address when the provider's answer failed: read once, then taken out. */
function takeFailure(): { failure: Failure; provider: SocialProvider | null } | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const error = fragment.get('error');
  if (error === null) return null;
  const provider = fragment.get('provider');
  fragment.delete('error');
  fragment.delete('provider');
  const rest = fragment.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`);
  return { failure: (FAILURES as readonly string[]).includes(error) ? (error as Failure) : 'provider', provider: isSocialProvider(provider) ? provider : null };
}

/**
 * Back from a social provider (`/login?module=social#token=<proof>`): signs in with the proof (a
 * linked identity), links it with the ID's password, or makes a new ID first; each through the
 * form's own call, so the second factor, region and policy steps follow as after a password. A
 * failed answer says why, with the way back.
 */
export default function SocialView({ goTo, proof: givenProof, failure: givenFailure, provider: givenProvider }: SocialViewProps) {
  const theme = useTheme();
  const { t } = useTranslation(['social-sign-in', 'core']);
  const { http } = usePortal();
  const page = useLoginPage();
  const [proof] = useState(() => (givenProof !== undefined ? givenProof : mailLinkToken()));
  const [returned] = useState(() => (givenFailure !== undefined ? (givenFailure ? { failure: givenFailure, provider: givenProvider ?? null } : null) : takeFailure()));
  const [failure, setFailure] = useState<Failure | null>(() => returned?.failure ?? (proof ? null : 'invalid'));
  const [flow, setFlow] = useState<SocialFlowResult | null>(null);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const sessionCode = sessionCodeOf(page.query) ?? '';
  const api = socialApi(http);
  const { call, handingOff } = useExternalProofSignIn({ proof, sessionCode, onSpent: () => setFailure('invalid'), onProblem: setProblem });

  // Read what the provider's answer became; a linked identity signs in at once.
  useEffect(() => {
    if (!proof || failure) return;
    let live = true;
    api
      .flow(sessionCode, proof)
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

  const known = flow?.provider ?? returned?.provider ?? null;
  const provider = known ? PROVIDER_NAMES[known] : null;
  const back = (
    <Button type="button" variant="secondary" fullWidth onClick={() => goTo('signIn')} css={{ marginTop: theme.space(4) }}>
      {t('view.back')}
    </Button>
  );
  const heading = (text: string) => (
    <h1 id="social-title" css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(4)}` }}>
      {text}
    </h1>
  );

  if (failure) {
    return (
      <section aria-labelledby="social-title">
        {heading(provider ? t('view.title', { provider }) : t('view.failedTitle'))}
        <Notice kind="error" role="alert">
          {provider ? t(`view.failed.${failure}`, { provider }) : t(`view.failedUnnamed.${failure}`)}
        </Notice>
        {back}
      </section>
    );
  }

  if (!flow || flow.status === 'linked') {
    return (
      <>
        {/* A failed sign-in says so alone: no "finishing" beside it. */}
        {problem ? null : <LinkChecking label={provider ? t('view.finishing', { provider }) : t('view.finishingUnnamed')} />}
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
    <section aria-labelledby="social-title">
      {heading(flow.status === 'link' ? t('link.title', { provider }) : t('create.title'))}
      {flow.status === 'link' ? (
        <ExternalLinkForm
          intro={t('link.intro', { email: flow.email, provider })}
          passwordLabel={t('link.password')}
          submitLabel={t('link.submit')}
          email={flow.email}
          busy={call.busy || handingOff}
          problem={problem}
          onSubmit={(password) => (setProblem(null), call.start({ email: flow.email, password }))}
        />
      ) : (
        <ExternalCreateForm
          intro={t('create.intro', { provider, email: flow.email })}
          texts={{ firstName: t('create.firstName'), lastName: t('create.lastName'), country: t('create.country'), privacy: t('create.privacy'), privacyLink: t('create.privacyLink'), privacyRequired: t('create.privacyRequired'), submit: t('create.submit') }}
          {...(flow.givenName ? { givenName: flow.givenName } : {})}
          {...(flow.familyName ? { familyName: flow.familyName } : {})}
          {...(flow.regions ? { regions: flow.regions } : {})}
          {...(flow.privacy ? { privacy: flow.privacy } : {})}
          busy={call.busy || handingOff}
          problem={problem}
          onProblem={setProblem}
          onExpired={() => setFailure('invalid')}
          create={async (fields) => {
            await api.create(sessionCode, { proof: proof ?? '', ...fields });
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
