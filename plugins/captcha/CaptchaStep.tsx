import { useTheme } from '@emotion/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CaptchaRequiredResult,
  DEFAULT_LANGUAGE,
  type InterruptProps,
  isLanguageCode,
  useDeploymentConfig,
} from '@portal/plugin-api';
import { CaptchaDialog } from './CaptchaDialog';
import { captchaFrame, captchaThemeMessage, isCaptchaFrameMessage } from './frameMessages';

/**
 * -23029 (sliding verification required): the server's slider frame in a dialog. A message
 * counts only from the frame's exact origin, from the frame's own window and in the
 * contract's shape. 'loaded' -> our colour theme goes to the frame (that origin only);
 * 'result' -> the interrupted call is retried with the token and the dialog closes;
 * 'failed' -> a short message (the frame already shows a new puzzle). Closing cancels.
 */
export default function CaptchaStep({ error, retry, cancel }: InterruptProps) {
  const config = useDeploymentConfig();
  const theme = useTheme();
  const { i18n } = useTranslation('captcha');
  const lang = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const captchaUrl = (error.result as Partial<CaptchaRequiredResult> | undefined)?.captchaUrl;
  const frame = useMemo(() => captchaFrame(config.api.global, captchaUrl, lang, window.location.href), [config.api.global, captchaUrl, lang]);

  const iframeRef = useRef<HTMLIFrameElement>(null);
  const [loading, setLoading] = useState(true);
  const [failures, setFailures] = useState(0);
  const [verified, setVerified] = useState(false);
  const verifiedRef = useRef(false);

  // The latest callbacks and theme, so the listener is bound once per frame.
  const latest = useRef({ retry, theme });
  latest.current = { retry, theme };

  useEffect(() => {
    setLoading(true);
    const onMessage = (event: MessageEvent) => {
      const frameWindow = iframeRef.current?.contentWindow;
      if (!frameWindow || event.origin !== frame.origin || event.source !== frameWindow) return;
      const data: unknown = event.data;
      if (!isCaptchaFrameMessage(data) || verifiedRef.current) return;
      switch (data.type) {
        case 'loaded':
          setLoading(false);
          frameWindow.postMessage(captchaThemeMessage(latest.current.theme), frame.origin);
          break;
        case 'result':
          verifiedRef.current = true;
          setVerified(true);
          // The host unmounts this step when the retry settles (or shows the next step).
          latest.current.retry({ captchaToken: data.token }).catch(() => undefined);
          break;
        case 'failed':
          setFailures((n) => n + 1);
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame.origin, frame.src]);

  if (verified) return null;
  return <CaptchaDialog src={frame.src} loading={loading} failures={failures} onClose={cancel} iframeRef={iframeRef} />;
}
