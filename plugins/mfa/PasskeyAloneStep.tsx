import { useTheme } from '@emotion/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, focusForReading, focusTargetCss, type InterruptProps, type MfaRequiredResult } from '@portal/plugin-api';
import { OtherMethods } from './OtherMethods';

/**
 * The -20677 of a passkey-alone step: a service demands a second factor of an account whose one
 * factor beyond the password is a passkey. No code method is offered, only the passkey (the
 * passkeys plugin's second-factor method) and the way back.
 */
export function isPasskeyAlone(result: unknown): result is MfaRequiredResult {
  const r = result as Partial<MfaRequiredResult> | null | undefined;
  return Boolean(r && typeof r.MFAProcessId === 'string' && r.MFAProcessId && Array.isArray(r.supportedMFATypes) && r.supportedMFATypes.length === 0 && r.passkey === true);
}

export function PasskeyAloneStep({ error, retry, cancel }: InterruptProps) {
  const theme = useTheme();
  const { t } = useTranslation('mfa');
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The sign-in button that led here is gone, and the passkey button loads lazily: the step's
  // heading takes the focus, so a screen reader says where the person is now.
  useEffect(() => {
    if (heading.current) focusForReading(heading.current);
  }, []);
  return (
    <section aria-labelledby={`${id}-heading`} css={{ display: 'flex', flexDirection: 'column' }}>
      <h1 ref={heading} id={`${id}-heading`} tabIndex={-1} css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(2)}`, ...focusTargetCss }}>
        {t('title')}
      </h1>
      <p css={{ margin: 0, color: theme.colors.textMuted, lineHeight: 1.5 }}>{t('passkeyAlone')}</p>
      <OtherMethods result={error.result as MfaRequiredResult} retry={retry} />
      <Button variant="text" onClick={cancel} css={{ marginTop: theme.space(3), alignSelf: 'center' }}>
        {t('back')}
      </Button>
    </section>
  );
}
