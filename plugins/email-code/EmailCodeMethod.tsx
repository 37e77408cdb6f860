import { useTheme } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, checkEmail, errorMessage, type SignInMethodProps, useCountdown, useHttp, useLoginPage } from '@portal/plugin-api';
import { type EmailCodeData, requestCode, type SendProblem, sendProblemOf } from './emailCodeApi';

/**
 * "Email me a sign-in code" under the sign-in form: mails a code for this sign-in to the address typed
 * above, then opens the 'emailCode' view to type it. Says why when there is no address to mail yet.
 */
export default function EmailCodeMethod({ busy, email }: SignInMethodProps) {
  const theme = useTheme();
  const { t } = useTranslation(['email-code', 'core']);
  const http = useHttp();
  const page = useLoginPage();
  const wait = useCountdown();
  const messageId = useId();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<SendProblem | 'emailMissing' | null>(null);

  // A changed address answers "type your address first", and a wait belongs to the address it was for.
  // Only a change of the address: the countdown's `start` is a new function whenever its clock is.
  const { start: restartWait } = wait;
  const shownFor = useRef(email);
  useEffect(() => {
    if (shownFor.current === email) return;
    shownFor.current = email;
    setProblem(null);
    restartWait(0);
  }, [email, restartWait]);

  if (!page.hasView('emailCode')) return null;

  const send = async () => {
    if (sending || wait.running) return;
    if (checkEmail(email) !== null) {
      setProblem('emailMissing');
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const result = await requestCode(http, page.query, email);
      page.goTo('emailCode', { email, ...result } satisfies EmailCodeData);
    } catch (error) {
      const found = sendProblemOf(error);
      if (!found) return;
      if (found.kind === 'rateLimited') wait.start(found.seconds);
      setProblem(found);
    } finally {
      setSending(false);
    }
  };

  let text: string | null = null;
  if (problem === 'emailMissing') text = t('method.emailMissing');
  else if (problem?.kind === 'rateLimited') text = wait.running ? t('method.rateLimited', { seconds: wait.remaining }) : null;
  else if (problem?.kind === 'message') text = errorMessage(problem.error, t);

  return (
    // Padding, not margin: the sign-in form keeps the block's whole height free while it starts.
    <div css={{ paddingTop: theme.space(3), display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <Button
        type="button"
        variant="text"
        loading={sending}
        disabled={busy || (wait.running && !sending)}
        aria-describedby={text ? messageId : undefined}
        onClick={() => void send()}
      >
        {t('method.button')}
      </Button>
      {text ? (
        <p id={messageId} role="alert" css={{ margin: `${theme.space(2)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.danger, textAlign: 'center' }}>
          {text}
        </p>
      ) : null}
    </div>
  );
}
