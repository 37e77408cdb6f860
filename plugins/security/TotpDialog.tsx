import { useTheme } from '@emotion/react';
import { useCallback, useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  CodeInput,
  isAbortError,
  MFA_TYPES,
  type TotpUrlResult,
  VisuallyHidden,
} from '@portal/plugin-api';
import type { SecurityApi } from './api';
import { MfaDialog } from './MfaDialog';
import { dialogProblem, type DialogProblem } from './mfaErrors';
import { Loading } from './parts';
import { useLock } from './useSecurityLock';

/** The manual key in groups of four, easier to copy by eye. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Enrol an authenticator app: POST /account/mfa/getTOTPUrl gives the QR code (PNG data URL
 * of the otpauth URL) and the manual key; a code from the app proves it
 * (/account/mfa/enable for the first method, /accounts/mfa/addMfaType for another).
 */
export function TotpDialog({ api, first, onDone, onClose }: { api: SecurityApi; first: boolean; onDone: () => void; onClose: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['security', 'core']);
  const lock = useLock();
  const [enrolment, setEnrolment] = useState<TotpUrlResult | null>(null);
  const [loading, setLoading] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<DialogProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [copied, setCopied] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // Each call makes a new pending secret on the server and retires the previous one: only the latest answer may show.
  const latest = useRef(0);
  const fetchKey = useCallback(async () => {
    const request = ++latest.current;
    setLoading(true);
    setProblem(null);
    setCode('');
    try {
      const result = await lock.guard(() => api.totpUrl());
      if (mounted.current && request === latest.current) setEnrolment(result);
    } catch (error) {
      if (!isAbortError(error) && mounted.current && request === latest.current) setProblem(dialogProblem(error));
    } finally {
      if (mounted.current && request === latest.current) setLoading(false);
    }
  }, [api, lock]);

  // Once per opening: every call makes a new pending secret on the server.
  const fetchFirstKey = useEffectEvent(() => void fetchKey());
  useEffect(() => fetchFirstKey(), []);

  const copy = async () => {
    if (!enrolment) return;
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard permission: the key stays selectable on screen
    }
  };

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting || !enrolment) return;
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('core:validation.mfaCode'));
      return;
    }
    setSubmitting(true);
    setProblem(null);
    setCodeError(null);
    try {
      const body = { mfaType: MFA_TYPES.totp, code };
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

  // A lock that returned while the dialog is open means the same as the server refusing the token.
  const shown: DialogProblem | null = !lock.unlocked ? { key: 'dialog.sessionTimeout', kind: 'warning', locks: true } : problem;
  const blocked = !lock.unlocked || (shown !== null && 'locks' in shown && shown.locks === true);
  const needsNewKey = shown !== null && 'newKey' in shown && shown.newKey === true;

  return (
    <MfaDialog
      title={t('totp.title')}
      problem={shown}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t(blocked ? 'dialog.close' : 'dialog.cancel')}
          </Button>
          {needsNewKey && !blocked ? (
            <Button onClick={() => void fetchKey()} loading={loading}>
              {t('totp.newKey')}
            </Button>
          ) : (
            <Button type="submit" form="security-totp-form" loading={submitting} disabled={blocked || !enrolment}>
              {t('dialog.verify')}
            </Button>
          )}
        </>
      }
    >
      {loading && !enrolment && <Loading label={t('totp.loading')} />}
      {enrolment && (
        <form id="security-totp-form" noValidate onSubmit={onSubmit}>
          <ol css={{ paddingInlineStart: theme.space(5), margin: `${theme.space(2)} 0`, lineHeight: 1.5 }}>
            <li>{t('totp.step1')}</li>
            <li>{t('totp.step2')}</li>
          </ol>
          <div css={{ display: 'flex', justifyContent: 'center', margin: `${theme.space(3)} 0` }}>
            <img src={enrolment.qrCode} alt={t('totp.qrAlt')} width={180} height={180} css={{ imageRendering: 'pixelated', background: '#fff' }} />
          </div>
          <p css={{ margin: `0 0 ${theme.space(1)}`, fontSize: theme.font.sizeSm, fontWeight: 600 }} id="security-totp-key-label">
            {t('totp.manualKey')}
          </p>
          <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(2), marginBottom: theme.space(4) }}>
            <code aria-labelledby="security-totp-key-label" css={{ fontSize: theme.font.sizeSm, overflowWrap: 'anywhere', padding: theme.space(2), background: theme.colors.background, borderRadius: theme.radius.sm }}>
              {groupKey(enrolment.secret)}
            </code>
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              {t('totp.copy')}
            </Button>
            <VisuallyHidden role="status">{copied ? t('totp.copied') : ''}</VisuallyHidden>
          </div>
          <p css={{ margin: `0 0 ${theme.space(2)}`, lineHeight: 1.5 }}>{t('totp.step3')}</p>
          <CodeInput
            label={t('totp.codeLabel')}
            value={code}
            onChange={(next) => {
              setCode(next);
              if (codeError) setCodeError(null);
            }}
            onSubmit={() => void onSubmit()}
            error={codeError ?? undefined}
            disabled={blocked}
          />
        </form>
      )}
    </MfaDialog>
  );
}
