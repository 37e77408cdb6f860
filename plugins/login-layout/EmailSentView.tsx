import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  EmailAddress,
  longValueCss,
  Button,
  currentLanguage,
  type EmailSentData,
  ERROR_CODES,
  loginSessionHeaders,
  type LoginViewProps,
  type MailSentResult,
  type RateLimitedResult,
  toast,
  useCountdown,
  useErrorHandler,
  useHttp,
  useLoginPage,
} from '@portal/plugin-api';

/** Spec section 9: Resend waits 60 seconds. */
export const RESEND_WAIT_SECONDS = 60;

function isEmailSentData(value: unknown): value is EmailSentData {
  const v = value as Partial<EmailSentData> | null;
  return !!v && typeof v.email === 'string' && (v.purpose === 'activation' || v.purpose === 'reset');
}

/**
 * After register, reset, an unactivated sign-in or a local migration: where the mail went,
 * what to do with it, Resend after 60 s, and the way back (or 'registration complete' when an
 * invitation made the account active at once).
 */
export default function EmailSentView({ data, goTo }: LoginViewProps) {
  const theme = useTheme();
  const { t } = useTranslation('login-layout');
  const http = useHttp();
  const handleError = useErrorHandler();
  const page = useLoginPage();
  const [, navigate] = useLocation();
  const sent = isEmailSentData(data) ? data : null;
  const { remaining: left, start: restart } = useCountdown(sent?.resendAfterSeconds ?? RESEND_WAIT_SECONDS);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const back = () => {
    // Sign-in needs a login session; without one the authorize entry starts it.
    if (page.query.get('session_code') || page.query.get('source')) goTo('signIn');
    else navigate('/');
  };

  if (!sent) {
    return (
      <div>
        <h1 css={{ fontSize: theme.font.sizeXl, margin: 0 }}>{t('email.titleGeneric')}</h1>
        <Button css={{ marginTop: theme.space(6) }} fullWidth onClick={back}>
          {t('email.backToSignIn')}
        </Button>
      </div>
    );
  }

  const resend = async () => {
    setSending(true);
    setNotice(null);
    try {
      const path = sent.purpose === 'reset' ? '/auth/password-reset-request' : '/activations/email';
      const result = await http.post<MailSentResult>(path, { email: sent.email, language: currentLanguage() }, { auth: 'none', headers: loginSessionHeaders(page.query) });
      restart(result.resendAfterSeconds || RESEND_WAIT_SECONDS);
      toast(t('email.resent'), 'success');
    } catch (error) {
      handleError(error, {
        handlers: {
          [ERROR_CODES.resetMailWait]: (e) => {
            restart((e.result as RateLimitedResult | undefined)?.retryAfterSeconds ?? RESEND_WAIT_SECONDS);
            return true;
          },
          [ERROR_CODES.rateLimited]: (e) => {
            restart((e.result as RateLimitedResult | undefined)?.retryAfterSeconds ?? RESEND_WAIT_SECONDS);
            return true;
          },
          [ERROR_CODES.alreadyActivated]: (_e, ctx) => {
            setNotice(ctx.message);
            return true;
          },
        },
      });
    } finally {
      setSending(false);
    }
  };

  const complete = sent.viaInvite === true;
  return (
    <div>
      <h1 css={{ fontSize: theme.font.sizeXl, margin: 0 }}>{complete ? t('email.titleComplete') : t('email.title')}</h1>
      <p css={{ margin: `${theme.space(4)} 0 0` }}>
        {complete ? t('email.completeText') : sent.purpose === 'reset' ? t('email.resetText') : sent.mailSent === false ? t('email.activationAlreadySent') : t('email.activationText')}
      </p>
      <p css={{ margin: `${theme.space(2)} 0 0`, fontWeight: 600, ...longValueCss }} data-testid="sent-address">
        <EmailAddress value={sent.email} />
      </p>
      {complete ? null : <p css={{ margin: `${theme.space(3)} 0 0`, color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{t('email.hint')}</p>}
      {notice ? (
        <p role="status" css={{ color: theme.colors.info, marginTop: theme.space(3) }}>
          {notice}
        </p>
      ) : null}
      <div css={{ display: 'grid', gap: theme.space(3), marginTop: theme.space(6) }}>
        <Button fullWidth onClick={back}>
          {complete ? t('email.registrationComplete') : t('email.backToSignIn')}
        </Button>
        {complete ? null : (
          <Button variant="secondary" fullWidth disabled={left > 0 || sending} loading={sending} onClick={() => void resend()}>
            {left > 0 ? t('email.resendIn', { seconds: left }) : t('email.resend')}
          </Button>
        )}
      </div>
      <p aria-live="polite" css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {left === 0 && !complete ? t('email.resendReady') : ''}
      </p>
    </div>
  );
}
