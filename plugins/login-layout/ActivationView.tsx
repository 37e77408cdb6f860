import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  EmailAddress,
  longValueCss,
  type ActivationPasswordProblem,
  type ActivationRequest,
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
  type MailLinkResult,
  mailLinkToken,
  Notice,
  signInAfterMailLink,
  toApiError,
  usePortal,
  useRenewMailLink,
} from '@portal/plugin-api';
import { ActivationPasswordForm } from './ActivationPasswordForm';
import { RESEND_WAIT_SECONDS } from './EmailSentView';

export type ActivationState =
  | { kind: 'activating' }
  | { kind: 'password' }
  | { kind: 'failed'; error: ApiError }
  | { kind: 'done'; result: MailLinkResult }
  | { kind: 'already'; result: MailLinkResult }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'missing' };

/** The link of a registration made again while pending: it needs that registration's password. */
function contested(error: ApiError): boolean {
  return (error.result as Partial<ActivationPasswordProblem> | undefined)?.reason === 'contested';
}

/** -20623 carries the address and service; -20679 says whether a new mail can be had from the link. */
function stateOf(error: ApiError): ActivationState {
  if (error.code === ERROR_CODES.invalidParameter && contested(error)) return { kind: 'password' };
  if (error.code === ERROR_CODES.alreadyActivated && (error.result as Partial<MailLinkResult> | undefined)?.email) {
    return { kind: 'already', result: error.result as MailLinkResult };
  }
  if (error.code === ERROR_CODES.tokenExpired) {
    const reason = (error.result as Partial<MailLinkProblem> | undefined)?.reason;
    return reason === 'expired' || reason === 'used' ? { kind: 'expired' } : { kind: 'invalid' };
  }
  return { kind: 'failed', error };
}

/**
 * Login view 'activation': the page the activation mail links to (`/login?module=activation`),
 * branded as the service the registration started from. Opening it activates the ID (a POST:
 * a mail scanner that only fetches the link activates nothing); then a way to sign in to that
 * service. An expired link offers a new mail in one click; a contested registration's link asks for
 * its newest password. `initialState`, `linkToken` and `passwordError`: stories.
 */
export default function ActivationView({
  goTo,
  initialState,
  linkToken,
  passwordError,
}: LoginViewProps & { initialState?: ActivationState; linkToken?: string; passwordError?: string }) {
  const { t } = useTranslation(['login-layout', 'core']);
  const { http, config } = usePortal();
  const [, navigate] = useLocation();
  const [token] = useState(() => linkToken ?? mailLinkToken());
  const [state, setState] = useState<ActivationState>(() => initialState ?? (token ? { kind: 'activating' } : { kind: 'missing' }));
  const [attempt, setAttempt] = useState(0);
  const { renew, sending, failure: renewFailure, wait } = useRenewMailLink({
    path: '/activations/renew',
    purpose: 'activation',
    token,
    goTo,
    waitCode: ERROR_CODES.rateLimited,
    waitSeconds: RESEND_WAIT_SECONDS,
    onRefused: (error) => {
      const refused = error.code === ERROR_CODES.alreadyActivated || error.code === ERROR_CODES.tokenExpired;
      if (refused) setState(stateOf(error));
      return refused;
    },
  });

  // Once per attempt; the state itself moves on from 'activating'.
  const activating = useEffectEvent(() => state.kind === 'activating');
  useEffect(() => {
    if (!activating() || !token) return;
    const controller = new AbortController();
    http.post<MailLinkResult>('/activations/verify', { token } satisfies ActivationRequest, { auth: 'none', signal: controller.signal }).then(
      (result) => {
        forgetMailLinkToken();
        setState({ kind: 'done', result });
      },
      (error: unknown) => {
        if (!isAbortError(error)) setState(stateOf(toApiError(error)));
      },
    );
    return () => controller.abort();
  }, [attempt, token, http]);

  /** The password step: null when activated, else the text for the field. */
  async function activateWithPassword(password: string): Promise<string | null> {
    if (!token) return null; // the step only follows an answer about this link
    try {
      const result = await http.post<MailLinkResult>('/activations/verify', { token, password } satisfies ActivationRequest, { auth: 'none' });
      forgetMailLinkToken();
      setState({ kind: 'done', result });
      return null;
    } catch (err) {
      const error = toApiError(err);
      if (error.code === ERROR_CODES.wrongCredentials && contested(error)) return t('activation.passwordWrong');
      setState(stateOf(error));
      return null;
    }
  }

  const signIn = (result?: MailLinkResult) =>
    result ? void signInAfterMailLink(result, { http, config, navigate }) : navigate('/');


  switch (state.kind) {
    case 'activating':
      return (
        <LinkChecking label={t('activation.checking')} />
      );
    case 'password':
      return (
        <LinkSection title={t('activation.passwordTitle')} text={t('activation.passwordText')}>
          <ActivationPasswordForm submit={activateWithPassword} initialError={passwordError} />
        </LinkSection>
      );
    case 'failed':
      return (
        <LinkSection title={t('activation.failedTitle')}>
          <Notice kind="error" role="alert">
            {errorMessage(state.error, t)}
          </Notice>
          <Button fullWidth size="lg" onClick={() => (setState({ kind: 'activating' }), setAttempt((n) => n + 1))}>
            {t('activation.retry')}
          </Button>
        </LinkSection>
      );
    case 'done':
    case 'already':
      return (
        <LinkSection title={t(state.kind === 'done' ? 'activation.doneTitle' : 'activation.alreadyTitle')} text={t(state.kind === 'done' ? 'activation.doneText' : 'activation.alreadyText')} announce>
          <p data-testid="activated-address" css={{ margin: 0, fontWeight: 600, ...longValueCss }}>
            <EmailAddress value={state.result.email} />
          </p>
          <Button fullWidth size="lg" onClick={() => signIn(state.result)}>
            {t('activation.signIn')}
          </Button>
        </LinkSection>
      );
    case 'expired':
      return (
        <LinkSection title={t('activation.expiredTitle')} text={t('activation.expiredText')} announce>
          {wait.running && (
            <Notice kind="warning" role="status">
              {t('activation.wait', { seconds: wait.remaining })}
            </Notice>
          )}
          {renewFailure && (
            <Notice kind="error" role="alert">
              {errorMessage(renewFailure, t)}
            </Notice>
          )}
          <Button fullWidth size="lg" loading={sending} disabled={wait.running} onClick={() => void renew()}>
            {t('activation.sendNewLink')}
          </Button>
        </LinkSection>
      );
    case 'invalid':
    case 'missing':
      return (
        <LinkSection title={t(`activation.${state.kind}Title`)} text={t(`activation.${state.kind}Text`)} announce>
          <Button fullWidth size="lg" onClick={() => signIn()}>
            {t('activation.signIn')}
          </Button>
        </LinkSection>
      );
  }
}
