import { useTheme } from '@emotion/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  Button,
  CodeInput,
  ERROR_CODES,
  isAbortError,
  MFA_TYPES,
  useCountdown,
  type UserInfo,
  VisuallyHidden,
} from '@portal/plugin-api';
import type { SecurityApi } from './api';
import { MfaDialog } from './MfaDialog';
import { dialogProblem, type DialogProblem } from './mfaErrors';
import { useLock } from './useSecurityLock';

/** Seconds between two codes when the server does not say (spec section 9: resend wait 60 s). */
export const RESEND_SECONDS = 60;

/**
 * Add email codes: POST /email/code (type BIND) mails a code to the account's address, with a
 * 60 s wait before another; the code proves it (/account/mfa/enable or /accounts/mfa/addMfaType).
 */
export function EmailDialog({ api, user, first, onDone, onClose }: { api: SecurityApi; user: UserInfo; first: boolean; onDone: () => void; onClose: () => void }) {
  const theme = useTheme();
  const { t, i18n } = useTranslation(['security', 'core']);
  const lock = useLock();
  const resend = useCountdown();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<DialogProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const send = async () => {
    setSending(true);
    setProblem(null);
    try {
      const result = await lock.guard(() =>
        api.sendBindCode({ email: user.email, type: 'BIND', language: i18n.language, ...(user.identityProvider === 'partnerProgram' ? { partnerProgram: true } : {}) }),
      );
      if (!mounted.current) return;
      setSent(true);
      resend.start(result?.resendAfterSeconds ?? RESEND_SECONDS);
      setAnnouncement(t('email.sentAnnounce', { email: user.email }));
    } catch (error) {
      if (isAbortError(error) || !mounted.current) return;
      if (error instanceof ApiError && error.code === ERROR_CODES.rateLimited) {
        // A code went out less than a minute ago: that one still works.
        const seconds = (error.result as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? RESEND_SECONDS;
        setSent(true);
        resend.start(seconds);
        setProblem({ key: 'email.wait', values: { seconds: Math.ceil(seconds) }, kind: 'warning' });
      } else {
        setProblem(dialogProblem(error));
      }
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('core:validation.mfaCode'));
      return;
    }
    setSubmitting(true);
    setProblem(null);
    setCodeError(null);
    try {
      const body = { mfaType: MFA_TYPES.email, code };
      await lock.guard<unknown>(() => (first ? api.enableMfa(body) : api.addMfaType(body)));
      onDone();
    } catch (error) {
      if (isAbortError(error) || !mounted.current) return;
      setCode('');
      setProblem(dialogProblem(error));
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  const shown: DialogProblem | null = !lock.unlocked ? { key: 'dialog.sessionTimeout', kind: 'warning', locks: true } : problem;
  const blocked = !lock.unlocked || (shown !== null && 'locks' in shown && shown.locks === true);

  return (
    <MfaDialog
      title={t('email.title')}
      problem={shown}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t(blocked ? 'dialog.close' : 'dialog.cancel')}
          </Button>
          <Button type="submit" form="security-email-form" loading={submitting} disabled={blocked || !sent}>
            {t('dialog.verify')}
          </Button>
        </>
      }
    >
      <form id="security-email-form" noValidate onSubmit={onSubmit}>
        <p css={{ margin: `${theme.space(2)} 0 ${theme.space(3)}`, lineHeight: 1.5 }}>{t(sent ? 'email.sent' : 'email.intro', { email: user.email })}</p>
        <div css={{ marginBottom: theme.space(4) }}>
          <Button variant="secondary" size="sm" loading={sending} disabled={resend.running || blocked} onClick={() => void send()}>
            {resend.running ? t('email.resendIn', { seconds: resend.remaining }) : t(sent ? 'email.resend' : 'email.send')}
          </Button>
        </div>
        {sent && (
          <CodeInput
            label={t('email.codeLabel')}
            value={code}
            onChange={(next) => {
              setCode(next);
              if (codeError) setCodeError(null);
            }}
            onSubmit={() => void onSubmit()}
            error={codeError ?? undefined}
            disabled={blocked}
            autoFocus
          />
        )}
      </form>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </MfaDialog>
  );
}
